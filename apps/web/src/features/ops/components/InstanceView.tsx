import type { OpsStatus } from '@mailroom/contract';
import type { ReactNode } from 'react';
import { describeError } from '../../../shared/api';
import { Alert, Badge, Button, Card, Spinner } from '../../../shared/ui';
import { useSandboxFaults } from '../hooks/useOps';
import { clock, count, jobTitle, ms, share } from '../lib/format';
import { FactRow } from './FactRow';
import { JobList } from './JobList';

type Instance = NonNullable<OpsStatus['instance']>;

/** A table that scrolls sideways on a phone, reachable by keyboard. */
function Table({ label, caption, head, children }: { label: string; caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={label}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`py-2 pr-3 font-medium whitespace-nowrap ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const cell = 'py-2 pr-3 text-right text-fg tabular-nums whitespace-nowrap';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="mb-2 text-sm font-semibold text-fg">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** /ops for operators (OPS_ADMINS): the whole instance, never any message content. */
export function InstanceView({ status, pending, error }: { status: OpsStatus['instance']; pending: boolean; error: unknown }) {
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
        <InstanceDetails status={status} />
      )}
    </Card>
  );
}

function InstanceDetails({ status }: { status: Instance }) {
  return (
    <>
      <dl>
        <FactRow label="Version">{status.version}</FactRow>
        <FactRow label="Up for">
          {Math.floor(status.uptimeSeconds / 3600)} h {Math.floor((status.uptimeSeconds % 3600) / 60)} min
        </FactRow>
        <FactRow label="Database">
          {status.database.engine}
          {status.database.sizeBytes !== null ? `, ${(status.database.sizeBytes / 1_048_576).toFixed(1)} MB` : ''}
        </FactRow>
        <FactRow label="Job queue">{status.queue}</FactRow>
        <FactRow label="Sends and bulk actions by state">{status.work.length ? status.work.map((w) => `${w.kind} ${w.state}: ${w.count}`).join(', ') : 'none'}</FactRow>
      </dl>

      <Section id="queues-title" title="Jobs by queue (completed: last hour)">
        <Table label="Jobs by queue" caption="Jobs by queue and state" head={['Queue', 'Queued', 'Running', 'Retrying', 'Failed', 'Completed']}>
          {status.queues.map((q) => (
            <tr key={q.name} className="border-b border-line last:border-0">
              <th scope="row" className="py-2 pr-3 font-normal text-fg">
                {jobTitle(q.name)} <code className="block text-xs text-muted">{q.name}</code>
              </th>
              <td className={cell}>{count.format(q.queued)}</td>
              <td className={cell}>{count.format(q.active)}</td>
              <td className={cell}>{count.format(q.retry)}</td>
              <td className={`${cell} ${q.failed ? 'font-semibold text-danger' : ''}`}>{count.format(q.failed)}</td>
              <td className={cell}>{count.format(q.completed)}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="failed-title" title="Failed jobs, every account">
        <JobList jobs={status.failedJobs} label="Failed jobs, every account" empty="None: no job is failed or waiting to retry." />
      </Section>

      {status.sandbox ? <FaultDrill /> : null}

      <Section id="lag-title" title="Sync of every account">
        <Table label="Sync of every account" caption="Sync of every account, most behind first" head={['Account', 'State', 'Behind', 'Quota last min', 'Quota last hour']}>
          {status.accounts.map((a) => {
            const quota = status.quota.find((q) => q.email === a.email);
            return (
              <tr key={a.email} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pr-3 font-normal break-all text-fg">
                  {a.email}
                  {a.lastError ? <span className="block text-xs text-danger">{a.lastError}</span> : null}
                </th>
                <td className={cell}>{a.state}</td>
                <td className={cell}>{a.lagSeconds === null ? 'never synced' : `${Math.round(a.lagSeconds / 60)} min`}</td>
                <td className={cell}>{quota ? `${count.format(quota.lastMinute)} / ${count.format(quota.limitPerMinute)}` : '–'}</td>
                <td className={cell}>{quota ? count.format(quota.lastHour) : '–'}</td>
              </tr>
            );
          })}
        </Table>
      </Section>

      <Section id="routes-title" title="Requests by route (since start; latency over the last 512)">
        {status.routes.length === 0 ? (
          <p className="text-sm text-muted">No requests yet.</p>
        ) : (
          <Table label="Requests by route" caption="Requests, rate, latency and errors by route" head={['Route', 'Requests', 'Per minute', 'p50', 'p95', '4xx', '5xx', 'Error rate']}>
            {status.routes.map((r) => (
              <tr key={`${r.method} ${r.route}`} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pr-3 font-normal text-fg">
                  <code className="break-all">
                    {r.method} {r.route}
                  </code>
                </th>
                <td className={cell}>{count.format(r.requests)}</td>
                <td className={cell}>{r.perMinute}</td>
                <td className={cell}>{ms(r.p50Ms)}</td>
                <td className={cell}>{ms(r.p95Ms)}</td>
                <td className={cell}>{count.format(r.clientErrors)}</td>
                <td className={`${cell} ${r.serverErrors ? 'font-semibold text-danger' : ''}`}>{count.format(r.serverErrors)}</td>
                <td className={cell}>{share(r.errorRate)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section id="logs-title" title="Last warnings and errors (newest first, secrets scrubbed)">
        {status.logs.length === 0 ? (
          <p className="text-sm text-muted">None since the server started.</p>
        ) : (
          <ol className="divide-y divide-line" aria-labelledby="logs-title">
            {status.logs.map((entry, i) => (
              <li key={`${entry.time}-${i}`} className="py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={entry.level === 'warn' ? 'warning' : 'danger'}>{entry.level}</Badge>
                  <time dateTime={entry.time} className="text-xs text-muted tabular-nums">
                    {clock(entry.time)}
                  </time>
                  <span className="min-w-0 break-words text-fg">{entry.message}</span>
                </div>
                {entry.error ? <p className="mt-1 break-words text-danger">{entry.error}</p> : null}
                {Object.keys(entry.context).length ? (
                  <p className="mt-1 text-xs break-all text-muted">
                    {Object.entries(entry.context)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join(' · ')}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}

/** Makes the embedded Gmail sandbox refuse every request, to watch jobs fail and retry them. */
function FaultDrill() {
  const faults = useSandboxFaults();
  const on = faults.isSuccess && faults.data.errorRate > 0;
  return (
    <Section id="drill-title" title="Fault drill (embedded Gmail sandbox only)">
      <p className="mb-2 text-sm text-muted">
        While the drill runs, the sandbox answers every Gmail request with 400 “Mail service not enabled”, which no retry fixes: syncs fail and show here with their reason. End it,
        then retry them.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" busy={faults.isPending && faults.variables === 1} onClick={() => faults.mutate(1)} aria-pressed={on}>
          Make Gmail requests fail
        </Button>
        <Button variant="secondary" size="sm" busy={faults.isPending && faults.variables === 0} onClick={() => faults.mutate(0)}>
          End the drill
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-muted">
        {faults.isSuccess ? (faults.data.errorRate > 0 ? 'The drill is on: Gmail requests fail.' : 'The drill is off.') : ''}
      </p>
      {faults.isError ? (
        <Alert tone="danger" role="alert" title="Could not change the drill" className="mt-2">
          {describeError(faults.error)}
        </Alert>
      ) : null}
    </Section>
  );
}
