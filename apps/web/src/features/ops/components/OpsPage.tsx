import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callFn, describeError } from '../../../shared/api';
import { Alert, Badge, Button, Card, EmptyState, Page, Spinner, type Tone } from '../../../shared/ui';
import { opsKey, useOpsStatus } from '../hooks/useOps';
import { count, when } from '../lib/format';
import { InstanceView } from './InstanceView';
import { FactRow } from './FactRow';
import { JobList } from './JobList';
import { QuotaCard } from './QuotaCard';

const STATE_TONES: Record<string, Tone> = { idle: 'success', syncing: 'accent', error: 'danger', never: 'neutral', failed: 'danger', undo_failed: 'danger', queued: 'neutral', sending: 'accent', running: 'accent', undoing: 'accent' };

/** /ops: the user's own mailbox sync and work; operators (OPS_ADMINS) also the whole instance. */
export function OpsPage() {
  const own = useOpsStatus(false);
  const instance = useOpsStatus(true, own.data?.operator === true);
  const client = useQueryClient();
  const sync = useMutation({
    mutationFn: () => callFn('syncNow'),
    onSettled: () => client.invalidateQueries({ queryKey: opsKey }),
  });
  const data = own.data;

  return (
    <Page title="Operations" description="How your mailbox is kept in step with Gmail, and the work Mailroom has waiting, running or failed for you.">
      {own.isPending ? (
        <div className="flex justify-center py-12 text-accent">
          <Spinner size={32} label="Loading the status…" />
        </div>
      ) : own.isError ? (
        <Alert tone="danger" role="alert" title="Could not load the status">
          {describeError(own.error)}
        </Alert>
      ) : data ? (
        <div className="space-y-6">
          <Card aria-labelledby="sync-title">
            <div className="mb-2 flex flex-wrap items-start justify-between gap-3">
              <h2 id="sync-title" className="text-base font-semibold text-fg">
                Mailbox sync
              </h2>
              {data.account ? (
                <Button variant="secondary" size="sm" icon="refresh" busy={sync.isPending} onClick={() => sync.mutate()}>
                  Sync now
                </Button>
              ) : null}
            </div>
            {data.account ? (
              <dl>
                <FactRow label="Mailbox">{data.account.email}</FactRow>
                <FactRow label="State">
                  <Badge tone={STATE_TONES[data.account.state] ?? 'neutral'}>{data.account.state}</Badge> <span className="text-muted">next: {data.account.phase} sync</span>
                </FactRow>
                <FactRow label="Last sync">{when(data.account.lastSyncAt)}</FactRow>
                <FactRow label="Last full sync">{when(data.account.lastFullSyncAt)}</FactRow>
                <FactRow label="History id">{data.account.cursor ?? 'none yet'}</FactRow>
                <FactRow label="Messages stored">{count.format(data.account.messagesStored)}</FactRow>
                <FactRow label="Messages skipped (retried by later syncs)">{count.format(data.account.messagesSkipped)}</FactRow>
                <FactRow label="Push watch expires">{data.account.watchExpiresAt ? when(data.account.watchExpiresAt) : 'no push; polling keeps the mailbox fresh'}</FactRow>
                <FactRow label="Access">
                  {data.account.needsReconnect ? (
                    <Link to="/gmail-fix" className="font-medium text-danger underline underline-offset-2">
                      Reconnect needed
                    </Link>
                  ) : (
                    'granted'
                  )}
                </FactRow>
                {data.account.lastError ? <FactRow label="Last error">{data.account.lastError}</FactRow> : null}
              </dl>
            ) : (
              <EmptyState icon="mail" title="No mailbox connected">
                Connect Gmail from <Link to="/settings" className="text-accent underline underline-offset-2">Settings</Link> to see its sync here.
              </EmptyState>
            )}
            {sync.isError ? (
              <Alert tone="danger" role="alert" title="Could not ask for a sync" className="mt-3">
                {describeError(sync.error)}
              </Alert>
            ) : sync.isSuccess ? (
              <p role="status" className="mt-3 text-sm text-muted">
                A sync was asked for; the state above follows it.
              </p>
            ) : null}
          </Card>

          <Card aria-labelledby="work-title">
            <h2 id="work-title" className="mb-2 text-base font-semibold text-fg">
              Waiting, running or failed
            </h2>
            {data.work.length === 0 ? (
              <p className="text-sm text-muted">Nothing: every send and bulk action of the last 7 days is done.</p>
            ) : (
              <ul className="divide-y divide-line">
                {data.work.map((item) => (
                  <li key={`${item.kind}-${item.id}`} className="py-3">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium text-fg">{item.title}</span>
                      <Badge tone={STATE_TONES[item.state] ?? 'neutral'}>{item.state.replace('_', ' ')}</Badge>
                    </div>
                    {item.error ? <p className="mt-1 text-sm text-danger">{item.error}</p> : null}
                    <p className="mt-1 text-xs text-muted">
                      {when(item.updatedAt)} ·{' '}
                      {item.kind === 'send' ? (
                        <>a reply; a failed one is kept as a draft to retry or discard from its message</>
                      ) : (
                        <Link to="/recovery" className="text-accent underline underline-offset-2">
                          see it in Recovery
                        </Link>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card aria-labelledby="jobs-title">
            <h2 id="jobs-title" className="mb-2 text-base font-semibold text-fg">
              Background jobs for your mailbox
            </h2>
            <JobList jobs={data.jobs} label="Background jobs for your mailbox" empty="None waiting, running or failed; none finished in the last hour." />
          </Card>

          {data.quota ? <QuotaCard quota={data.quota} /> : null}

          {data.operator ? <InstanceView status={instance.data?.instance ?? null} pending={instance.isPending} error={instance.error} /> : null}
        </div>
      ) : null}
    </Page>
  );
}
