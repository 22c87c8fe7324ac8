import type { ActionBatch } from '@mailroom/contract';
import { Link } from 'react-router';
import { describeError, isUnimplemented } from '../../../shared/api';
import { Alert, Badge, Button, ButtonLink, Card, CardHeader, EmptyState, Icon, Page, ProgressBar, Spinner, type IconName } from '../../../shared/ui';
import { greetingName, useAuth } from '../../auth';
import { CategoriesSummary } from '../../categories';
import { describeSync, formatCount, formatRelative, syncPercent, useGmailStatus, type GmailStatus } from '../../gmail';
import { TopUnread } from '../../inbox';
import { describeAction, describeRunning, iconOf, useActionBatches } from '../../recovery';

const QUICK_LINKS: Array<{ to: string; label: string; icon: IconName }> = [
  { to: '/manual', label: 'Categories', icon: 'tag' },
  { to: '/inbox', label: 'Inbox Flow', icon: 'inbox' },
  { to: '/recovery', label: 'Recovery', icon: 'undo' },
  { to: '/settings', label: 'Settings', icon: 'settings' },
  { to: '/oauth/diagnostic', label: 'Diagnostics', icon: 'wrench' },
  { to: '/privacy', label: 'Privacy', icon: 'lock' },
];

function SyncBadge({ status }: { status: GmailStatus }) {
  if (status.needsReconnect) return <Badge tone="warning">Needs reconnecting</Badge>;
  switch (status.sync.state) {
    case 'syncing':
      return <Badge tone="accent">Syncing</Badge>;
    case 'idle':
      return <Badge tone="success">Up to date</Badge>;
    case 'error':
      return <Badge tone="danger">Sync failed</Badge>;
    case 'never':
      return <Badge>Not synced yet</Badge>;
  }
}

function SyncCard() {
  const gmail = useGmailStatus({ poll: true });
  let body;
  if (gmail.isPending) {
    body = (
      <div className="flex justify-center py-6 text-accent">
        <Spinner label="Checking your Gmail connection…" />
      </div>
    );
  } else if (gmail.isError) {
    body = isUnimplemented(gmail.error) ? (
      <EmptyState icon="plug" title="Gmail connection is not available on this server yet">
        This version of Mailroom cannot connect to Gmail or report a sync.
      </EmptyState>
    ) : (
      <Alert
        tone="danger"
        role="alert"
        title="Could not check your Gmail connection"
        action={
          <Button variant="secondary" size="sm" icon="refresh" onClick={() => void gmail.refetch()}>
            Try again
          </Button>
        }
      >
        {describeError(gmail.error)}
      </Alert>
    );
  } else if (!gmail.data.connected) {
    body = (
      <EmptyState icon="plug" title="Gmail is not connected" action={<ButtonLink to="/get-started">Connect Gmail</ButtonLink>}>
        Connect read-only access so Mailroom can build your categories.
      </EmptyState>
    );
  } else {
    const status = gmail.data;
    const percent = syncPercent(status.sync);
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-fg">
            <Icon name="mail" size={18} className="shrink-0 text-muted" />
            <span className="truncate">{status.email ?? 'Gmail'}</span>
          </p>
          <SyncBadge status={status} />
        </div>
        <p className="text-sm text-muted">{describeSync(status.sync)}</p>
        {status.sync.state === 'syncing' && status.sync.progress ? <ProgressBar value={percent} label="Sync progress" /> : null}
        {status.needsReconnect ? (
          <Alert tone="warning" title="Google no longer accepts Mailroom’s access" action={<ButtonLink to="/gmail-fix">Reconnect Gmail</ButtonLink>}>
            The grant was revoked or has expired. Reconnect to keep your categories up to date.
          </Alert>
        ) : null}
        <dl className="grid grid-cols-2 gap-4 border-t border-line pt-4 text-sm">
          <div>
            <dt className="text-muted">Messages</dt>
            <dd className="mt-0.5 text-lg font-semibold text-fg tabular-nums">{formatCount(status.sync.messageCount)}</dd>
          </div>
          <div>
            <dt className="text-muted">Access</dt>
            <dd className="mt-0.5 font-semibold text-fg">{status.canWrite ? 'Read and organise' : 'Read-only'}</dd>
          </div>
        </dl>
      </div>
    );
  }
  return (
    <Card aria-labelledby="sync-heading">
      <CardHeader id="sync-heading" title="Gmail sync" />
      {body}
    </Card>
  );
}

interface ActivityItem {
  key: string;
  icon: IconName;
  tone: string;
  text: string;
  /** When it happened (ISO), shown as "5 minutes ago"; null for what is going on now. */
  at: string | null;
}

/** How many bulk actions and undos the card lists; the rest are on /recovery. */
const ACTIVITY_LIMIT = 6;

/** A bulk action and, once undone, its undo: each its own line, at its own time. */
function batchItems(batch: ActionBatch): ActivityItem[] {
  const from = batch.categoryName ? ` from ${batch.categoryName}` : '';
  const items: ActivityItem[] = [];
  if (batch.status === 'running') {
    items.push({ key: batch.batchId, icon: iconOf(batch.kind), tone: 'text-accent', text: `${describeRunning(batch.kind, batch.count)}${from}…`, at: null });
  } else {
    const partly = batch.status === 'failed' ? ` (stopped after ${formatCount(batch.done)})` : '';
    items.push({ key: batch.batchId, icon: iconOf(batch.kind), tone: batch.status === 'failed' ? 'text-danger' : 'text-fg', text: `${describeAction(batch.kind, batch.count)}${from}${partly}.`, at: batch.createdAt });
  }
  if (batch.status === 'undoing') items.push({ key: `${batch.batchId}-undo`, icon: 'undo', tone: 'text-accent', text: `Undoing: ${describeAction(batch.kind, batch.count).toLowerCase()}…`, at: null });
  if (batch.status === 'undo_failed') items.push({ key: `${batch.batchId}-undo`, icon: 'alert', tone: 'text-danger', text: `Undo failed: ${describeAction(batch.kind, batch.count).toLowerCase()}.`, at: null });
  if (batch.status === 'undone' && batch.undoneAt) {
    items.push({ key: `${batch.batchId}-undo`, icon: 'undo', tone: 'text-success', text: `Undone: ${describeAction(batch.kind, batch.count).toLowerCase()}${from}.`, at: batch.undoneAt });
  }
  return items;
}

/** What is going on now first, then the newest first. */
function byTime(a: ActivityItem, b: ActivityItem): number {
  if (a.at === null || b.at === null) return a.at === null ? (b.at === null ? 0 : -1) : 1;
  return Date.parse(b.at) - Date.parse(a.at);
}

/** Syncs, bulk actions (quarantines, deletions, archives…) and their undos, newest first. */
function ActivityCard() {
  const gmail = useGmailStatus();
  const batches = useActionBatches();
  const items: ActivityItem[] = [];
  if (gmail.isSuccess && gmail.data.connected) {
    const { sync } = gmail.data;
    if (sync.state === 'syncing') items.push({ key: 'sync-now', icon: 'refresh', text: describeSync(sync), tone: 'text-accent', at: null });
    if (sync.state === 'error') items.push({ key: 'sync-error', icon: 'alert', text: describeSync(sync), tone: 'text-danger', at: null });
    if (sync.lastSyncAt) {
      items.push({ key: 'sync-last', icon: 'checkCircle', text: `Sync finished: ${formatCount(sync.messageCount)} messages indexed.`, tone: 'text-success', at: sync.lastSyncAt });
    }
    if (gmail.data.needsReconnect) items.push({ key: 'reconnect', icon: 'plug', text: 'Gmail access needs renewing.', tone: 'text-warning', at: null });
  }
  items.push(...(batches.data ?? []).flatMap(batchItems).sort(byTime).slice(0, ACTIVITY_LIMIT));
  items.sort(byTime);
  return (
    <Card aria-labelledby="activity-heading">
      <CardHeader
        id="activity-heading"
        title="Recent activity"
        action={
          <Link to="/recovery" className="text-sm font-medium text-accent underline underline-offset-2 hover:no-underline">
            Recovery
          </Link>
        }
      />
      {items.length === 0 ? (
        <EmptyState icon="clock" title="Nothing yet">
          Syncs and bulk actions will be listed here as they happen.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.key} className="flex gap-3 text-sm text-fg">
              <Icon name={item.icon} size={18} className={`mt-0.5 shrink-0 ${item.tone}`} />
              <span className="min-w-0 break-words">
                {item.text}
                {item.at ? (
                  <>
                    {' '}
                    <time dateTime={item.at} className="text-muted">
                      {formatRelative(item.at)}
                    </time>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {batches.isError && !isUnimplemented(batches.error) ? <p className="mt-3 text-sm text-muted">Bulk actions could not be loaded; they are on the Recovery page.</p> : null}
    </Card>
  );
}

/** /dashboard: the signed-in home. Sync status, categories with counts, recent activity, quick links. */
export function DashboardPage() {
  const auth = useAuth();
  const name = auth.status === 'signed-in' ? greetingName(auth.user) : '';
  return (
    <Page title="Dashboard" description={name ? `Welcome back, ${name}.` : undefined} width="wide">
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <SyncCard />
          <Card aria-labelledby="top-unread-heading">
            <CardHeader
              id="top-unread-heading"
              title="Top unread by priority"
              action={
                <Link to="/inbox" className="text-sm font-medium text-accent underline underline-offset-2 hover:no-underline">
                  Inbox Flow
                </Link>
              }
            />
            <TopUnread limit={5} />
          </Card>
          <Card aria-labelledby="categories-heading">
            <CardHeader
              id="categories-heading"
              title="Categories"
              action={
                <Link to="/categories" className="text-sm font-medium text-accent underline underline-offset-2 hover:no-underline">
                  All categories
                </Link>
              }
            />
            <CategoriesSummary limit={6} />
          </Card>
        </div>
        <div className="space-y-6">
          <Card aria-labelledby="links-heading">
            <CardHeader id="links-heading" title="Quick links" />
            <ul className="grid grid-cols-2 gap-2">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="flex items-center gap-2 rounded-lg border border-line px-3 py-2.5 text-sm font-medium text-fg hover:border-accent hover:bg-surface-2"
                  >
                    <Icon name={link.icon} size={18} className="text-accent" />
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
          <ActivityCard />
        </div>
      </div>
    </Page>
  );
}
