import type { OpsStatus } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { callFn, describeError } from '../../../shared/api';
import { Alert, Badge, Button, Card, EmptyState, Page, Spinner, type Tone } from '../../../shared/ui';
import { useAuth } from '../../auth';

const opsKey = ['ops'] as const;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'never');
const count = new Intl.NumberFormat('en');

function useOpsStatus(instance: boolean) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...opsKey, userId, instance],
    queryFn: (): Promise<OpsStatus> => callFn('getOpsStatus', instance ? { instance: true } : {}),
    enabled: userId !== null,
    // A sync in progress moves: re-read every few seconds while it runs.
    refetchInterval: (query) => (query.state.data?.account?.state === 'syncing' ? 3000 : false),
  });
}

const STATE_TONES: Record<string, Tone> = { idle: 'success', syncing: 'accent', error: 'danger', never: 'neutral', failed: 'danger', undo_failed: 'danger', queued: 'neutral', sending: 'accent', running: 'accent', undoing: 'accent' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-line py-2 last:border-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/** /ops: the user's own mailbox sync and work; operators (OPS_ADMINS) also the whole instance. */
export function OpsPage() {
  const own = useOpsStatus(false);
  const instance = useOpsStatus(own.data?.operator === true);
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
                <Row label="Mailbox">{data.account.email}</Row>
                <Row label="State">
                  <Badge tone={STATE_TONES[data.account.state] ?? 'neutral'}>{data.account.state}</Badge> <span className="text-muted">next: {data.account.phase} sync</span>
                </Row>
                <Row label="Last sync">{when(data.account.lastSyncAt)}</Row>
                <Row label="Last full sync">{when(data.account.lastFullSyncAt)}</Row>
                <Row label="History id">{data.account.cursor ?? 'none yet'}</Row>
                <Row label="Messages stored">{count.format(data.account.messagesStored)}</Row>
                <Row label="Messages skipped (retried by later syncs)">{count.format(data.account.messagesSkipped)}</Row>
                <Row label="Push watch expires">{data.account.watchExpiresAt ? when(data.account.watchExpiresAt) : 'no push; polling keeps the mailbox fresh'}</Row>
                <Row label="Access">
                  {data.account.needsReconnect ? (
                    <Link to="/gmail-fix" className="font-medium text-danger underline underline-offset-2">
                      Reconnect needed
                    </Link>
                  ) : (
                    'granted'
                  )}
                </Row>
                {data.account.lastError ? <Row label="Last error">{data.account.lastError}</Row> : null}
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

          {data.operator ? <InstanceView status={instance.data?.instance ?? null} pending={instance.isPending} error={instance.error} /> : null}
        </div>
      ) : null}
    </Page>
  );
}

function InstanceView({ status, pending, error }: { status: OpsStatus['instance']; pending: boolean; error: unknown }) {
  return (
    <Card aria-labelledby="instance-title">
      <h2 id="instance-title" className="mb-2 text-base font-semibold text-fg">
        This Mailroom (operators)
      </h2>
      {error ? (
        <Alert tone="danger" role="alert" title="Could not load the instance">
          {describeError(error)}
        </Alert>
      ) : pending || !status ? (
        <Spinner label="Loading the instance…" />
      ) : (
        <>
          <dl className="mb-4">
            <Row label="Version">{status.version}</Row>
            <Row label="Up for">{Math.floor(status.uptimeSeconds / 3600)} h {Math.floor((status.uptimeSeconds % 3600) / 60)} min</Row>
            <Row label="Database">
              {status.database.engine}
              {status.database.sizeBytes !== null ? `, ${(status.database.sizeBytes / 1_048_576).toFixed(1)} MB` : ''}
            </Row>
            <Row label="Job queue">{status.queue}</Row>
            <Row label="Work by state">{status.work.length ? status.work.map((w) => `${w.kind} ${w.state}: ${w.count}`).join(', ') : 'none'}</Row>
          </dl>
          <div className="relative overflow-x-auto" tabIndex={0} role="group" aria-label="Sync of every account">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Sync of every account, most behind first</caption>
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className="py-2 pr-3 font-medium">Account</th>
                  <th scope="col" className="py-2 pr-3 font-medium">State</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium whitespace-nowrap">Behind</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Last error</th>
                </tr>
              </thead>
              <tbody>
                {status.accounts.map((a) => (
                  <tr key={a.email} className="border-b border-line last:border-0">
                    <th scope="row" className="py-2 pr-3 font-normal text-fg">{a.email}</th>
                    <td className="py-2 pr-3 text-fg">{a.state}</td>
                    <td className="py-2 pr-3 text-right text-fg tabular-nums whitespace-nowrap">{a.lagSeconds === null ? 'never synced' : `${Math.round(a.lagSeconds / 60)} min`}</td>
                    <td className="py-2 pr-3 text-fg">{a.lastError ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
