import type { Subscription, SubscriptionFilter, UnsubscribeResult } from '@mailroom/contract';
import { useMemo, useState } from 'react';
import { describeError, isUnimplemented, needsWriteScope } from '../../../shared/api';
import { Alert, Button, Card, Dialog, EmptyState, Page, Spinner } from '../../../shared/ui';
import { GrantWriteAccessButton } from '../../gmail';
import { UndoBar, useUndoBatch, type RecentAction } from '../../recovery';
import { useBlock, useSubscriptions, useUnblock, useUnsubscribe } from '../hooks/useSubscriptions';
import { FALLBACK_LABEL, fallbackPromise, methodPromise, SORT_LABEL, sortSubscriptions, type SortKey } from '../lib/text';
import { SubscriptionRow, type RowAction } from './SubscriptionRow';

const FILTERS: Array<{ value: SubscriptionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'never-opened', label: 'Never opened' },
  { value: 'most-frequent', label: 'Most frequent' },
  { value: 'requested', label: 'Unsubscribed' },
  { value: 'blocked', label: 'Blocked' },
];

/**
 * An action waiting for its confirmation. `method` is the fallback after a failed attempt (the
 * mailto: message, or the page for the user to open), taken only when the user asks for it.
 */
type Pending = { action: 'unsubscribe' | 'unsubscribe-archive' | 'block'; subscriptions: Subscription[]; method?: 'mailto' | 'link' };

const pendingKey = (p: Pending) => `${p.action}:${p.method ?? ''}:${p.subscriptions.map((s) => s.id).join(',')}`;

/** The confirmation, then the result, of an unsubscribe or a block; after a failure, the next method. */
function ActionDialog({
  pending,
  onClose,
  onArchived,
  onBlocked,
  onNext,
}: {
  pending: Pending;
  onClose: () => void;
  onArchived: (action: RecentAction) => void;
  onBlocked: (blocked: BlockedAction) => void;
  onNext: (next: Pending) => void;
}) {
  const unsubscribe = useUnsubscribe();
  const block = useBlock();
  const [results, setResults] = useState<UnsubscribeResult[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { action, subscriptions, method } = pending;
  const archive = action === 'unsubscribe-archive';
  const inbox = subscriptions.reduce((sum, s) => sum + s.messageCount, 0);
  const one = subscriptions.length === 1 ? subscriptions[0]! : null;
  const title =
    action === 'block'
      ? `Block ${one ? one.name : `${subscriptions.length} senders`}?`
      : method === 'link'
        ? `Unsubscribe from ${one?.name ?? 'this list'} on its own page?`
        : method === 'mailto'
          ? `Send an unsubscribe email to ${one?.name ?? 'this list'}?`
          : `Unsubscribe from ${one ? one.name : `${subscriptions.length} subscriptions`}?`;
  const next = (r: UnsubscribeResult) => {
    const subscription = subscriptions.find((s) => s.id === r.subscriptionId);
    if (!subscription || !r.fallback) return;
    onNext(r.fallback === 'block' ? { action: 'block', subscriptions: [subscription] } : { action: 'unsubscribe', subscriptions: [subscription], method: r.fallback });
  };
  const busy = unsubscribe.isPending || block.isPending;

  const run = () => {
    setError(null);
    if (action === 'block') {
      block.mutate(
        subscriptions.map((s) => s.id),
        {
          onSuccess: (done) => {
            onBlocked({
              name: one ? one.name : `${subscriptions.length} senders`,
              items: done.map((d) => ({ subscriptionId: d.subscriptionId, batchId: d.batchId })),
              count: done.reduce((sum, d) => sum + d.count, 0),
            });
            onClose();
          },
          onError: setError,
        },
      );
      return;
    }
    unsubscribe.mutate(
      { subscriptionIds: subscriptions.map((s) => s.id), archiveExisting: archive, ...(method ? { method } : {}) },
      {
        onSuccess: (result) => {
          setResults(result.results);
          if (result.archive) onArchived({ batchId: result.archive.batchId, kind: 'archive', count: result.archive.count });
        },
        onError: setError,
      },
    );
  };

  if (results) {
    return (
      <Dialog open onClose={onClose} title="Unsubscribe results" footer={<Button onClick={onClose}>Done</Button>}>
        <ul className="space-y-3" aria-label="Results">
          {results.map((r) => (
            <li key={r.subscriptionId} className="rounded-lg border border-line p-3 text-sm" data-testid="unsubscribe-result">
              <p className="font-semibold text-fg">{r.name}</p>
              <p className={r.outcome === 'failed' || r.outcome === 'unavailable' ? 'text-danger' : 'text-fg'}>{r.message}</p>
              {r.note ? <p className="text-muted">{r.note}</p> : null}
              {r.outcome === 'open-link' && r.link ? (
                <a href={r.link} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex items-center gap-1 font-medium text-accent underline underline-offset-2 hover:no-underline">
                  Open the unsubscribe page (new tab)
                </a>
              ) : null}
              {(r.outcome === 'failed' || r.outcome === 'unavailable') && r.fallback && subscriptions.some((s) => s.id === r.subscriptionId) ? (
                <Button size="sm" variant={r.fallback === 'block' ? 'danger' : 'secondary'} className="mt-2" onClick={() => next(r)}>
                  {FALLBACK_LABEL[r.fallback]}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={action === 'block' ? 'danger' : 'primary'} busy={busy} onClick={run}>
            {action === 'block' ? 'Block' : method === 'mailto' ? 'Send the email' : method === 'link' ? 'Get the page' : archive ? 'Unsubscribe and archive' : 'Unsubscribe'}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        {action === 'block' ? (
          <p>
            Mailroom archives the mail from {one?.name ?? `these ${subscriptions.length} senders`} in your inbox now, and {one ? 'its' : 'their'} new mail as it arrives, until you unblock {one ? 'it' : 'them'}. You can undo this.
          </p>
        ) : (
          <>
            {method && one ? <p>{fallbackPromise(one, method)}</p> : one ? <p>{methodPromise(one)}</p> : <p>Each list is left by the best method it offers: one-click where its signature checks out, else an email from your Gmail, else a link for you to open.</p>}
            <p className="font-medium">An unsubscribe request cannot be recalled once it is sent.</p>
            {archive ? <p>Their mail in your inbox is archived as well (up to {inbox} messages); the archiving can be undone for 7 days.</p> : null}
          </>
        )}
        {error ? (
          needsWriteScope(error) ? (
            <Alert tone="warning" role="alert" title="Mailroom can only read your mail">
              <p className="mb-3">This sends mail or changes your mailbox, so it needs write access to Gmail. Nothing was sent.</p>
              <GrantWriteAccessButton onGranted={() => setError(null)} />
            </Alert>
          ) : (
            <Alert tone="danger" role="alert" title="That did not work">
              {describeError(error)}
            </Alert>
          )
        ) : null}
      </div>
    </Dialog>
  );
}

interface BlockedAction {
  /** The sender's name, or "3 senders". */
  name: string;
  items: Array<{ subscriptionId: string; batchId: string | null }>;
  /** Messages archived in all. */
  count: number;
}

/** After a block: what happened, and Undo (unblock and put the archived mail back). */
function BlockedBar({ blocked, onDone }: { blocked: BlockedAction; onDone: () => void }) {
  const unblock = useUnblock();
  const [undone, setUndone] = useState(false);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <section aria-label="Last action" className="pointer-events-auto w-full max-w-md rounded-xl border border-line bg-surface p-4 shadow-lg" data-testid="block-bar">
        <div className="flex items-start gap-3">
          <p className="min-w-0 flex-1 text-sm font-semibold text-fg" aria-live="polite">
            {undone
              ? `${blocked.name} ${blocked.items.length === 1 ? 'is' : 'are'} unblocked; the mail is back.`
              : `Blocked ${blocked.name}${blocked.count ? `: ${blocked.count} ${blocked.count === 1 ? 'message' : 'messages'} archived` : ''}. New mail from ${blocked.items.length === 1 ? 'it' : 'them'} will be archived.`}
          </p>
          {!undone ? (
            <Button
              variant="secondary"
              size="sm"
              icon="undo"
              busy={unblock.isPending}
              onClick={() => unblock.mutate(blocked.items, { onSuccess: () => setUndone(true) })}
            >
              Undo
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onDone}>
            Close
          </Button>
        </div>
        {unblock.error ? <p className="mt-2 text-sm text-danger">{describeError(unblock.error)}</p> : null}
      </section>
    </div>
  );
}

/** /unsubscribe: the lists and bulk senders that mail the user, and leaving them by the standards. */
export function UnsubscribePage() {
  const [filter, setFilter] = useState<SubscriptionFilter>('all');
  const [sort, setSort] = useState<SortKey>('volume');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [recent, setRecent] = useState<RecentAction | null>(null);
  const [blocked, setBlocked] = useState<BlockedAction | null>(null);
  const query = useSubscriptions(filter);
  const unblock = useUnblock();
  const undo = useUndoBatch();
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.subscriptions) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  const list = useMemo(() => sortSubscriptions(all, sort), [all, sort]);
  const chosen = list.filter((s) => selected.has(s.id));

  const onAction = (subscription: Subscription, action: RowAction) => {
    if (action === 'unblock') unblock.mutate([{ subscriptionId: subscription.id }]);
    else if (action === 'fallback-mailto') setPending({ action: 'unsubscribe', subscriptions: [subscription], method: 'mailto' });
    else if (action === 'fallback-link') setPending({ action: 'unsubscribe', subscriptions: [subscription], method: 'link' });
    else setPending({ action, subscriptions: [subscription] });
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Page
      title="Unsubscribe"
      description="Mailing lists and bulk senders in your mail, most messages first. Mailroom unsubscribes the way each list asks (one-click, an email, or a page you open yourself) and then checks that the mail stops within 2 days."
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-wrap gap-1" aria-label="Show">
          <legend className="sr-only">Show</legend>
          {FILTERS.map((f) => (
            <label key={f.value} className="cursor-pointer">
              <input type="radio" name="subscription-filter" value={f.value} checked={filter === f.value} onChange={() => {
                  setFilter(f.value);
                  setSelected(new Set());
                }} className="peer sr-only" />
              <span className="inline-flex rounded-full border border-line px-3 py-1 text-sm text-fg peer-checked:border-accent peer-checked:bg-accent-soft peer-checked:font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent">
                {f.label}
              </span>
            </label>
          ))}
        </fieldset>
        <label className="ml-auto flex items-center gap-2 text-sm text-muted">
          Sort by
          <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)} className="rounded-lg border border-line bg-surface px-2 py-1 text-fg">
            {(Object.keys(SORT_LABEL) as SortKey[]).map((key) => (
              <option key={key} value={key}>
                {SORT_LABEL[key]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {chosen.length > 0 ? (
        <div className="sticky top-0 z-10 mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface-2 p-3" role="toolbar" aria-label="Selected subscriptions">
          <span className="text-sm font-medium text-fg">{chosen.length} selected</span>
          <Button size="sm" icon="mailMinus" onClick={() => setPending({ action: 'unsubscribe', subscriptions: chosen })}>
            Unsubscribe
          </Button>
          <Button size="sm" variant="secondary" icon="archive" onClick={() => setPending({ action: 'unsubscribe-archive', subscriptions: chosen })}>
            Unsubscribe and archive existing
          </Button>
          <Button size="sm" variant="ghost" icon="stop" onClick={() => setPending({ action: 'block', subscriptions: chosen.filter((s) => s.state !== 'blocked') })} disabled={chosen.every((s) => s.state === 'blocked')}>
            Block
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      ) : null}

      {query.isPending ? (
        <div className="flex justify-center py-12 text-accent">
          <Spinner size={32} label="Finding your subscriptions…" />
        </div>
      ) : query.isError ? (
        isUnimplemented(query.error) ? (
          <Card>
            <EmptyState icon="mailMinus" title="Unsubscribe is not available on this server yet" />
          </Card>
        ) : (
          <Alert
            tone="danger"
            role="alert"
            title="Could not load your subscriptions"
            action={
              <Button variant="secondary" size="sm" icon="refresh" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            {describeError(query.error)}
          </Alert>
        )
      ) : list.length === 0 ? (
        <Card>
          <EmptyState icon="mailMinus" title={filter === 'all' ? 'No mailing lists in your mail' : 'Nothing here with this filter'}>
            {filter === 'all' ? 'Mail with List-Id or List-Unsubscribe headers shows up here once it has synced.' : 'Choose All to see every subscription.'}
          </EmptyState>
        </Card>
      ) : (
        <>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
            <p>
              {total} {total === 1 ? 'subscription' : 'subscriptions'}
            </p>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5 cursor-pointer accent-accent-solid"
                checked={list.length > 0 && list.every((s) => selected.has(s.id))}
                onChange={(e) => setSelected(e.target.checked ? new Set(list.map((s) => s.id)) : new Set())}
              />
              Select all shown
            </label>
          </div>
          <ul className="space-y-3" aria-label="Subscriptions">
            {list.map((s) => (
              <SubscriptionRow key={s.id} subscription={s} selected={selected.has(s.id)} onSelect={(on) => toggle(s.id, on)} onAction={(action) => onAction(s, action)} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}

      {unblock.error ? (
        <Alert tone="danger" role="alert" title="Could not unblock" className="mt-4">
          {describeError(unblock.error)}
        </Alert>
      ) : null}

      {pending ? (
        <ActionDialog
          key={pendingKey(pending)}
          pending={pending}
          onNext={setPending}
          onClose={() => {
            setPending(null);
            setSelected(new Set());
          }}
          onArchived={(action) => {
            setBlocked(null);
            setRecent(action);
          }}
          onBlocked={(action) => {
            setRecent(null);
            setBlocked(action);
          }}
        />
      ) : null}
      {recent && !pending ? <UndoBar action={recent} undoing={undo.isPending} error={undo.error} onUndo={() => undo.mutate(recent.batchId)} onDismiss={() => setRecent(null)} /> : null}
      {blocked && !pending ? <BlockedBar blocked={blocked} onDone={() => setBlocked(null)} /> : null}
    </Page>
  );
}
