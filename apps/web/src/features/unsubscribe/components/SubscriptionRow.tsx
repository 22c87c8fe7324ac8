import type { Subscription } from '@mailroom/contract';
import { Badge, Button } from '../../../shared/ui';
import { FALLBACK_LABEL, formatDate, formatDateTime, METHOD_LABEL, METHOD_TONE, openedText, STATE_TONE, stateLabel } from '../lib/text';

export type RowAction = 'unsubscribe' | 'unsubscribe-archive' | 'block' | 'unblock' | 'fallback-mailto' | 'fallback-link';

const monthName = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** Messages per month as small bars (decoration), with the numbers in a table for everyone. */
function MonthBars({ subscription }: { subscription: Subscription }) {
  const max = Math.max(1, ...subscription.months.map((m) => m.count));
  return (
    <details className="group text-sm">
      <summary className="flex cursor-pointer list-none items-end gap-2 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
        <span aria-hidden="true" className="flex h-6 items-end gap-px">
          {subscription.months.map((m) => (
            <span key={m.month} className="w-1.5 rounded-sm bg-accent/70" style={{ height: `${Math.max(2, (m.count / max) * 24)}px`, opacity: m.count === 0 ? 0.25 : 1 }} />
          ))}
        </span>
        <span className="text-xs text-muted underline underline-offset-2">Messages per month</span>
      </summary>
      <table className="mt-2 w-full max-w-xs text-xs">
        <caption className="sr-only">Messages per month from {subscription.name}</caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="py-0.5 font-medium">
              Month
            </th>
            <th scope="col" className="py-0.5 text-right font-medium">
              Messages
            </th>
          </tr>
        </thead>
        <tbody>
          {subscription.months.map((m) => (
            <tr key={m.month} className="border-t border-line">
              <td className="py-0.5">{monthLabel(m.month)}</td>
              <td className="py-0.5 text-right tabular-nums">{m.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

interface RowProps {
  subscription: Subscription;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (action: RowAction) => void;
}

export function SubscriptionRow({ subscription: s, selected, onSelect, onAction }: RowProps) {
  const headingId = `subscription-${s.id}`;
  const method = s.methods[0] ?? 'none';
  const canUnsubscribe = method !== 'none' && s.state !== 'blocked';
  return (
    <li className="rounded-xl border border-line bg-surface p-4 shadow-sm" aria-labelledby={headingId} data-testid="subscription">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 cursor-pointer accent-accent-solid"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${s.name}`}
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 id={headingId} className="truncate text-base font-semibold text-fg">
                {s.name}
              </h2>
              <p className="truncate text-sm text-muted">{s.listId ? `${s.sender.address} · list ${s.listId}` : s.sender.address}</p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <Badge tone={METHOD_TONE[method]}>{METHOD_LABEL[method]}</Badge>
              <Badge tone={STATE_TONE[s.state]}>{stateLabel(s)}</Badge>
            </div>
          </div>
          <p className="text-sm text-fg">
            <span className="font-semibold tabular-nums" data-testid="volume">
              {s.messageCount} {s.messageCount === 1 ? 'message' : 'messages'}
            </span>
            <span className="text-muted">
              {' '}
              · {s.perMonth} a month · {openedText(s)} · last <time dateTime={s.lastMessageAt}>{formatDate(s.lastMessageAt)}</time>
            </span>
          </p>
          <MonthBars subscription={s} />
          {s.state === 'still_sending' && s.stillSending ? (
            <p className="text-sm text-danger" role="note">
              Still sending: “{s.stillSending.subject}” arrived <time dateTime={s.stillSending.date}>{formatDate(s.stillSending.date)}</time>, more than 2 days after
              the unsubscribe. Block it to keep its mail out of your inbox.
            </p>
          ) : null}
          {s.state === 'failed' ? (
            <p className="text-sm text-danger" role="note" data-testid="failure">
              {s.requestResult ?? 'The last unsubscribe attempt failed.'}
              {s.requestedAt ? (
                <>
                  {' '}
                  (<time dateTime={s.requestedAt}>{formatDateTime(s.requestedAt)}</time>)
                </>
              ) : null}
            </p>
          ) : s.requestResult && s.state !== 'subscribed' && s.state !== 'blocked' ? (
            <p className="text-sm text-muted">{s.requestResult}</p>
          ) : null}
          {s.history.length > 0 ? (
            <details className="text-sm">
              <summary className="cursor-pointer rounded text-xs text-muted underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
                Earlier attempts ({s.history.length})
              </summary>
              <ul className="mt-1 space-y-1 text-muted">
                {s.history.map((attempt) => (
                  <li key={attempt.at + attempt.method}>
                    <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>, {METHOD_LABEL[attempt.method].toLowerCase()}: {attempt.result}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <div className="flex flex-wrap gap-2 pt-1">
            {s.state === 'failed' && (s.fallback === 'mailto' || s.fallback === 'link') ? (
              <Button size="sm" icon={s.fallback === 'mailto' ? 'mail' : 'external'} onClick={() => onAction(s.fallback === 'mailto' ? 'fallback-mailto' : 'fallback-link')} aria-describedby={headingId}>
                {FALLBACK_LABEL[s.fallback]}
              </Button>
            ) : null}
            {canUnsubscribe ? (
              <>
                <Button size="sm" variant={s.state === 'failed' ? 'secondary' : 'primary'} icon="mailMinus" onClick={() => onAction('unsubscribe')} aria-describedby={headingId}>
                  {s.state === 'failed' ? 'Try again' : 'Unsubscribe'}
                </Button>
                <Button size="sm" variant="secondary" icon="archive" onClick={() => onAction('unsubscribe-archive')} aria-describedby={headingId}>
                  Unsubscribe and archive existing
                </Button>
              </>
            ) : null}
            {s.state === 'blocked' ? (
              <Button size="sm" variant="secondary" icon="undo" onClick={() => onAction('unblock')} aria-describedby={headingId}>
                Unblock
              </Button>
            ) : (
              <Button
                size="sm"
                variant={s.state === 'still_sending' || s.fallback === 'block' ? 'danger' : 'ghost'}
                icon="stop"
                onClick={() => onAction('block')}
                aria-describedby={headingId}
              >
                {s.state === 'failed' && s.fallback === 'block' ? FALLBACK_LABEL.block : 'Block'}
              </Button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
