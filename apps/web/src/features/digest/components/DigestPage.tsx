import type { Digest } from '@mailroom/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError, failureReason, needsWriteScope } from '../../../shared/api';
import { Alert, Button, ButtonLink, Card, EmptyState, Icon, Page, PageSpinner } from '../../../shared/ui';
import { GrantWriteAccessButton } from '../../gmail';
import { formatCount, senderName } from '../../mail';
import { UndoBar, describeAction, useUndoBatch, type RecentAction } from '../../recovery';
import { useArchiveGroup, useDigests } from '../api/digests';

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayName = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

function DigestView({ digest, onArchived }: { digest: Digest; onArchived: (action: RecentAction) => void }) {
  const archive = useArchiveGroup();
  const done = digest.actions.batches;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Mail in bundles that arrived from {timeFormat.format(new Date(digest.periodStart))} to {timeFormat.format(new Date(digest.periodEnd))} ({digest.timeZone}).
        {digest.emailedAt ? ' Also sent to you by email.' : ''}
      </p>
      {archive.isError ? (
        <Alert tone="danger" role="alert" title="Could not archive the group" action={needsWriteScope(archive.error) ? <GrantWriteAccessButton /> : undefined}>
          {failureReason(archive.error) === 'NO_MESSAGES' ? 'None of the group’s messages is in the inbox any more.' : describeError(archive.error)}
        </Alert>
      ) : null}
      {digest.groups.length === 0 ? (
        <Card>
          <EmptyState icon="checkCircle" level={2} title="Nothing new in bundles">
            No newsletter, promotion, notification or other bundled mail arrived in this period.
          </EmptyState>
        </Card>
      ) : (
        <ul className="space-y-4" aria-label="Groups">
          {digest.groups.map((group) => (
            <li key={group.bundleId}>
              <Card as="article" aria-labelledby={`group-${group.bundleId}`} data-testid={`digest-group-${group.bundleId}`}>
                <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
                  <h2 id={`group-${group.bundleId}`} className="text-base font-semibold text-fg">
                    {group.name} <span className="font-normal text-muted">({formatCount(group.count)})</span>
                  </h2>
                  <div className="flex flex-wrap gap-2">
                    <ButtonLink to={`/bundles/${group.bundleId}`} variant="secondary" size="sm" icon="arrowRight">
                      Open {group.name}
                    </ButtonLink>
                    <Button
                      variant="secondary"
                      size="sm"
                      icon="archive"
                      busy={archive.isPending && archive.variables?.bundleId === group.bundleId}
                      onClick={() =>
                        archive.mutate(
                          { digestId: digest.digestId, bundleId: group.bundleId },
                          { onSuccess: (result) => onArchived({ batchId: result.batchId, kind: 'archive', count: result.count }) },
                        )
                      }
                    >
                      Archive the group
                    </Button>
                  </div>
                </div>
                <ul className="divide-y divide-line">
                  {group.top.map((item) => (
                    <li key={item.id} className="py-2">
                      <Link to={`/bundles/${group.bundleId}?message=${encodeURIComponent(item.id)}`} className="block rounded focus-visible:outline-2 focus-visible:outline-accent">
                        <span className="block text-sm">
                          <span className={item.unread ? 'font-semibold text-fg' : 'text-fg'}>{senderName(item.from)}</span>
                          <span className="text-muted"> · </span>
                          <span className="text-fg [overflow-wrap:anywhere]">{item.subject || '(no subject)'}</span>
                        </span>
                        <span className="block truncate text-sm text-muted">{item.snippet}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
                {group.count > group.top.length ? <p className="mt-2 text-sm text-muted">and {formatCount(group.count - group.top.length)} more</p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Card as="section" aria-labelledby="digest-mailroom">
        <h2 id="digest-mailroom" className="mb-2 text-base font-semibold text-fg">
          What Mailroom did
        </h2>
        {done.length === 0 && digest.actions.undone === 0 && digest.actions.unsubscribed === 0 ? (
          <p className="text-sm text-muted">No bulk actions in this period.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-fg">
            {done.map((b) => (
              <li key={b.kind}>
                {describeAction(b.kind as RecentAction['kind'], b.messages)} ({b.batches} {b.batches === 1 ? 'action' : 'actions'})
              </li>
            ))}
            {digest.actions.undone ? <li>{digest.actions.undone} undone</li> : null}
            {digest.actions.unsubscribed ? (
              <li>
                Unsubscribed from {digest.actions.unsubscribed} {digest.actions.unsubscribed === 1 ? 'list' : 'lists'}
              </li>
            ) : null}
          </ul>
        )}
        <p className="mt-2 text-sm text-muted">
          Waiting in <Link to="/recovery" className="font-medium text-accent underline underline-offset-2 hover:no-underline">Recovery</Link>:{' '}
          {digest.recoverable.batches} {digest.recoverable.batches === 1 ? 'action' : 'actions'} ({formatCount(digest.recoverable.messages)} messages) you can still undo.
        </p>
      </Card>
    </div>
  );
}

/** /digest: today's digest (built by the job at the user's hour, in their zone) and the last 30 days'. */
export function DigestPage() {
  const digests = useDigests();
  const [params, setParams] = useSearchParams();
  const undo = useUndoBatch();
  const [last, setLast] = useState<RecentAction | null>(null);

  if (digests.isPending) return <PageSpinner label="Loading the digest…" />;
  if (digests.isError) {
    return (
      <Page title="Daily digest">
        <Alert
          tone="danger"
          role="alert"
          title="Could not load the digest"
          action={
            <Button variant="secondary" size="sm" icon="refresh" onClick={() => void digests.refetch()}>
              Try again
            </Button>
          }
        >
          {describeError(digests.error)}
        </Alert>
      </Page>
    );
  }
  const { digests: list, nextDueAt, digestHour, timeZone } = digests.data;
  const chosen = list.find((d) => d.digestId === params.get('d')) ?? list[0];
  const hour = `${String(digestHour).padStart(2, '0')}:00`;
  return (
    <Page
      title="Daily digest"
      width="wide"
      description={
        <>
          Every day at {hour} ({timeZone}) Mailroom gathers what arrived in your bundles; important mail (starred, marked important or above your priority line) stays in your inbox instead. The next one comes {timeFormat.format(new Date(nextDueAt))}.{' '}
          <Link to="/settings" className="font-medium text-accent underline underline-offset-2 hover:no-underline">
            Change the hour or get it by email
          </Link>
          .
        </>
      }
      actions={
        <ButtonLink to="/bundles" variant="secondary" icon="layers">
          Bundles
        </ButtonLink>
      }
    >
      {!chosen ? (
        <Card>
          <EmptyState icon="clock" level={2} title="Your first digest is being made">
            <span className="inline-flex items-center gap-2">
              <Icon name="refresh" size={16} /> This page updates by itself when it is ready.
            </span>
          </EmptyState>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
          {/* minmax(0, 1fr): a long snippet (one line, truncated) must not widen the column past the window. */}
          <section aria-label={`Digest of ${dayName(chosen.day)}`} className="min-w-0">
            <h2 className="mb-3 text-lg font-semibold text-fg" data-testid="digest-day">
              {chosen === list[0] ? 'Latest: ' : ''}
              {dayName(chosen.day)} · {formatCount(chosen.total)} in bundles
            </h2>
            <DigestView digest={chosen} onArchived={setLast} />
          </section>
          <nav aria-label="Earlier digests">
            <h2 className="mb-2 text-sm font-semibold text-muted">Last 30 days</h2>
            <ul className="space-y-1">
              {list.map((d) => (
                <li key={d.digestId}>
                  <button
                    type="button"
                    aria-current={d === chosen ? 'true' : undefined}
                    onClick={() => setParams({ d: d.digestId })}
                    className={`w-full rounded-lg px-3 py-2 text-left text-sm ${d === chosen ? 'bg-surface-2 font-semibold text-fg' : 'text-fg hover:bg-surface-2'}`}
                  >
                    {dayName(d.day)} <span className="text-muted">({formatCount(d.total)})</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
      {last ? (
        <UndoBar
          action={last}
          undoing={undo.isPending}
          error={undo.error}
          onUndo={() => undo.mutate(last.batchId)}
          onDismiss={() => {
            setLast(null);
            undo.reset();
          }}
        />
      ) : null}
    </Page>
  );
}
