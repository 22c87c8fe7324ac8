import type { ActionBatch, EmailSummary } from '@mailroom/contract';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api';
import { Alert, Button, Icon, Spinner, cx } from '../../../shared/ui';
import { useGmailStatus } from '../../gmail';
import { ReadingPane, senderName } from '../../mail';
import { useBatchMessages } from '../hooks/useActionBatches';

const numberFormat = new Intl.NumberFormat();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function when(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateFormat.format(new Date(time));
}

const STATE_WORDS = { pending: 'not changed yet', applied: '', restored: 'put back' } as const;

/**
 * "Show the 6 messages": which messages an action covered, sender and subject, each opening in
 * the safe reading pane (the same sandboxed view as every list), so what an undo will put back
 * can be read first.
 */
export function CoveredMessages({ batch }: { batch: ActionBatch }) {
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<{ id: string; email: EmailSummary | undefined } | null>(null);
  const pages = useBatchMessages(batch.batchId, open);
  const gmail = useGmailStatus();
  const listId = useId();
  const messages = pages.data?.pages.flatMap((p) => p.messages) ?? [];
  const close = () => {
    const id = reading?.id;
    setReading(null);
    // Back where the reader was: the message's line in the list.
    if (id) requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-message-id="${CSS.escape(id)}"]`)?.focus());
  };
  const noun = batch.count === 1 ? 'message' : `${numberFormat.format(batch.count)} messages`;

  return (
    <div>
      <Button
        variant="ghost"
        size="sm"
        icon="chevronDown"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen((v) => !v);
          setReading(null);
        }}
        className={cx('-ml-2', open && '[&_svg]:rotate-180')}
      >
        {open ? 'Hide the messages' : `Show the ${noun}`}
      </Button>
      <div id={listId} hidden={!open}>
        {open && pages.isPending ? <Spinner size={18} label="Loading the messages…" className="mt-2 text-accent" /> : null}
        {open && pages.isError ? (
          <Alert tone="danger" role="alert" title="Could not load the messages" className="mt-2">
            {describeError(pages.error)}
          </Alert>
        ) : null}
        {messages.length > 0 ? (
          <ul className="mt-2 divide-y divide-line rounded-lg border border-line" aria-label="Messages in this action">
            {messages.map((m) => (
              <li key={m.messageId}>
                {m.email ? (
                  <button
                    type="button"
                    className="flex w-full min-w-0 flex-col gap-0.5 px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent sm:flex-row sm:items-baseline sm:gap-3"
                    aria-current={reading?.id === m.messageId ? 'true' : undefined}
                    onClick={() => setReading({ id: m.messageId, email: m.email ?? undefined })}
                    data-testid="covered-message"
                    data-message-id={m.messageId}
                  >
                    <span className="min-w-0 truncate font-medium text-fg sm:w-48 sm:shrink-0">{senderName(m.email.from)}</span>
                    <span className="min-w-0 flex-1 truncate text-fg">{m.email.subject.trim() || '(no subject)'}</span>
                    <span className="shrink-0 text-xs text-muted tabular-nums">
                      {STATE_WORDS[m.state] ? `${STATE_WORDS[m.state]} · ` : ''}
                      {when(m.email.date)}
                    </span>
                  </button>
                ) : (
                  <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
                    <Icon name="info" size={16} className="shrink-0" />
                    No longer in your mailbox (deleted in Gmail).
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {pages.hasNextPage ? (
          <Button variant="secondary" size="sm" className="mt-2" busy={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            Show more
          </Button>
        ) : null}
        {reading ? (
          <div
            className="mt-3"
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
            }}
          >
            <ReadingPane
              key={reading.id}
              messageId={reading.id}
              email={reading.email}
              actions={[]}
              onAction={() => {}}
              acting={false}
              onClose={close}
              focusOnOpen
              accountEmail={gmail.data?.email ?? null}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
