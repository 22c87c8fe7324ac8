import type { OpsStatus } from '@mailroom/contract';
import { Card, ProgressBar } from '../../../shared/ui';
import { count, share } from '../lib/format';

type Quota = NonNullable<OpsStatus['quota']>;

/** The Gmail quota the user's mailbox spent: the last minute against Gmail's per-user limit, and by API method. */
export function QuotaCard({ quota }: { quota: Quota }) {
  const used = quota.lastMinute / quota.limitPerMinute;
  return (
    <Card aria-labelledby="quota-title">
      <h2 id="quota-title" className="mb-1 text-base font-semibold text-fg">
        Gmail quota
      </h2>
      <p className="mb-3 text-sm text-muted">
        Every request to Gmail costs quota units (messages.get 5, history.list 2, batchModify 50, send 100 …); Gmail allows {count.format(quota.limitPerMinute)} per user per minute.
        Counted by this server since it started, retries included.
      </p>
      <dl className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Quota used">
        <div>
          <dt className="text-sm text-muted">Last minute</dt>
          <dd className="text-lg font-semibold text-fg tabular-nums">
            {count.format(quota.lastMinute)} <span className="text-sm font-normal text-muted">units ({share(used)})</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Last hour</dt>
          <dd className="text-lg font-semibold text-fg tabular-nums">{count.format(quota.lastHour)} units</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Busiest minute this hour</dt>
          <dd className="text-lg font-semibold text-fg tabular-nums">{count.format(quota.busiestMinute)} units</dd>
        </div>
      </dl>
      <ProgressBar
        value={Math.min(100, used * 100)}
        label="Quota used in the last minute"
        valueText={`${count.format(quota.lastMinute)} of ${count.format(quota.limitPerMinute)} units`}
        className="mb-4"
      />
      {quota.byMethod.length === 0 ? (
        <p className="text-sm text-muted">No requests to Gmail in the last hour.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Quota by Gmail method">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Gmail requests and quota units by API method, last hour</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2 pr-3 font-medium">Method</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Requests</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Units each</th>
                <th scope="col" className="py-2 text-right font-medium">Units</th>
              </tr>
            </thead>
            <tbody>
              {quota.byMethod.map((m) => (
                <tr key={m.method} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-3 font-normal text-fg">
                    <code>{m.method}</code>
                  </th>
                  <td className="py-2 pr-3 text-right text-fg tabular-nums">{count.format(m.calls)}</td>
                  <td className="py-2 pr-3 text-right text-fg tabular-nums">{m.calls ? count.format(m.units / m.calls) : '–'}</td>
                  <td className="py-2 text-right text-fg tabular-nums">{count.format(m.units)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
