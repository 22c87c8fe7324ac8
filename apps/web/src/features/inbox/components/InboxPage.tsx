import type { InboxSplit } from '@mailroom/contract';
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { failureReason } from '../../../shared/api';
import { ButtonLink, Icon, Page, cx } from '../../../shared/ui';
import { InboxBundleRows } from '../../bundles';
import { MailList, formatCount } from '../../mail';
import { useInboxSummary } from '../api/inbox';
import { INBOX_TABS as TABS, inboxMailSource } from '../lib/source';

const splitOf = (value: string | null): InboxSplit => (value === 'other' || value === 'all' ? value : 'important');

/**
 * /inbox, Inbox Flow: the inbox by priority with an Important / Other split. Every row has its
 * score and the reason that moved it most; the reading pane says why in full (the priority
 * mail extension); every action (e archive, # trash, s star, ! important, - not important, and
 * the list's keys) also teaches the model, and the list re-ranks when it is read again. Bundles
 * the user groups show as one row each above Other and All; bundles held for the digest do not
 * show (the server leaves their unimportant mail out).
 */
export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const split = splitOf(params.get('tab'));
  const summary = useInboxSummary();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (next: InboxSplit) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        updated.delete('message');
        return updated;
      },
      { replace: true },
    );

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : step ? (index + step + TABS.length) % TABS.length : null;
    if (target === null) return;
    event.preventDefault();
    choose(TABS[target]!.split);
    tabs.current[target]?.focus();
  };

  const source = useMemo(() => inboxMailSource(split), [split]);

  const counts = summary.data?.counts;
  const notConnected = summary.isError && failureReason(summary.error) === 'GMAIL_NOT_CONNECTED';
  return (
    <Page
      title="Inbox Flow"
      width="wide"
      description="Your inbox by priority: a score from 0 to 100 that learns from what you do with your mail."
      actions={
        <ButtonLink to="/search?q=in%3Ainbox&sort=priority" variant="secondary" icon="search">
          Search by priority
        </ButtonLink>
      }
    >
      {notConnected ? null : (
        <>
          <div role="tablist" aria-label="Inbox split" className="mb-3 flex gap-1 overflow-x-auto border-b border-line">
            {TABS.map((t, index) => {
              const count = t.split === 'all' ? (counts ? counts.important + counts.other : null) : (counts?.[t.split] ?? null);
              const selected = t.split === split;
              return (
                <button
                  key={t.split}
                  ref={(element) => {
                    tabs.current[index] = element;
                  }}
                  type="button"
                  role="tab"
                  id={`inbox-tab-${t.split}`}
                  aria-selected={selected}
                  aria-controls="inbox-panel"
                  tabIndex={selected ? 0 : -1}
                  onClick={() => choose(t.split)}
                  onKeyDown={(event) => onTabKey(event, index)}
                  className={cx(
                    '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium',
                    selected ? 'border-accent-solid text-fg' : 'border-transparent text-muted hover:text-fg',
                  )}
                >
                  {t.label}
                  {count !== null ? (
                    <span className={cx('rounded-full px-2 py-0.5 text-xs tabular-nums', selected ? 'bg-accent-soft text-accent' : 'bg-surface-2 text-muted')} data-testid={`count-${t.split}`}>
                      {formatCount(count)}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
          <LearningStatus summary={summary.data} />
        </>
      )}
      <div role="tabpanel" id="inbox-panel" aria-labelledby={`inbox-tab-${split}`}>
        {/* Bundles shown as one row each (their mail is below the line, so not in Important). */}
        {split !== 'important' ? <InboxBundleRows groups={summary.data?.groups ?? []} /> : null}
        <MailList source={source} />
      </div>
    </Page>
  );
}

/** What the model knows and what it learned last ("Mail from Alice will rank higher"), announced politely. */
function LearningStatus({ summary }: { summary: ReturnType<typeof useInboxSummary>['data'] }) {
  return (
    <p role="status" className="mb-4 flex min-h-5 items-start gap-2 text-sm text-muted" data-testid="learning-status">
      {summary ? (
        <>
          <Icon name="sparkle" size={16} className="mt-0.5 shrink-0 text-accent" />
          <span>
            {summary.lastEffect ? <span className="font-medium text-fg">{summary.lastEffect}. </span> : null}
            {summary.learnedActions > 0
              ? `Learned from ${formatCount(summary.learnedActions)} of your actions; Important starts at ${summary.threshold}.`
              : `Ranked by who wrote and how it reached you until you act on your mail; Important starts at ${summary.threshold}.`}
          </span>
        </>
      ) : null}
    </p>
  );
}
