import { INSIGHTS_PRESET_DAYS, UNSUBSCRIBE_CANDIDATE_READ_RATE, type CorrespondentStats, type Insights } from '@mailroom/contract';
import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../../../shared/api';
import { Alert, Badge, Button, Card, Icon, Page, Spinner, cx } from '../../../shared/ui';
import { useSettings } from '../../settings';
import { useInsights } from '../hooks/useInsights';
import { insightsCsv } from '../lib/csv';
import { formatCount, formatDay, formatDuration, formatShare, WEEKDAYS, weekdayOrder } from '../lib/format';
import { customRangeProblem, presetRange, rangeFromSearch, todayIn, type InsightsRange } from '../lib/range';
import { TimeSaved } from './TimeSaved';

const DailyChart = lazy(() => import('./Charts').then((m) => ({ default: m.DailyChart })));
const BundleDailyChart = lazy(() => import('./Charts').then((m) => ({ default: m.BundleDailyChart })));
const BacklogChart = lazy(() => import('./Charts').then((m) => ({ default: m.BacklogChart })));
const WeekdayChart = lazy(() => import('./Charts').then((m) => ({ default: m.WeekdayChart })));

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** /insights: what a person would rather look at than read, from message metadata only. */
export function InsightsPage() {
  const { settings } = useSettings();
  const timeZone = settings.data?.settings.account.timeZone ?? browserZone();
  const today = todayIn(timeZone);
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search, today);
  const insights = useInsights(range, settings.isSuccess || settings.isError);
  const data = insights.data;

  const choose = (next: InsightsRange) => {
    setSearch(next.preset ? { days: String(next.preset) } : { from: next.from, to: next.to }, { replace: true });
  };

  return (
    <Page
      title="Insights"
      width="wide"
      description={
        <>
          How your mail arrives and how you answer it, worked out from message metadata only (dates, senders, labels), in your time zone (
          <Link to="/settings" className="text-accent underline underline-offset-2 hover:no-underline">
            {timeZone}
          </Link>
          ).
        </>
      }
      actions={data ? <ExportButton insights={data} /> : null}
    >
      <RangePicker range={range} today={today} onChange={choose} />
      {insights.isPending ? (
        <div className="flex justify-center py-16 text-accent">
          <Spinner size={32} label="Working out your insights…" />
        </div>
      ) : insights.isError ? (
        <Alert
          tone="danger"
          role="alert"
          title="Could not work out your insights"
          action={
            <Button variant="secondary" size="sm" icon="refresh" onClick={() => void insights.refetch()}>
              Try again
            </Button>
          }
        >
          {describeError(insights.error)}
        </Alert>
      ) : data ? (
        <div className={cx('min-w-0 space-y-6 transition-opacity', insights.isPlaceholderData && 'opacity-60')} aria-busy={insights.isPlaceholderData}>
          <Summary insights={data} />
          <MailPerDay insights={data} />
          <MailPerDayByBundle insights={data} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Backlog insights={data} />
            <Heatmap insights={data} />
          </div>
          <ResponseTimes insights={data} />
          <Correspondents title="Top senders" what="Sender" rows={data.senders} id="senders" />
          <Correspondents title="Top domains" what="Domain" rows={data.domains} id="domains" />
          <Lists insights={data} />
          <TimeSaved insights={data} />
        </div>
      ) : null}
    </Page>
  );
}

function RangePicker({ range, today, onChange }: { range: InsightsRange; today: string; onChange: (range: InsightsRange) => void }) {
  const [custom, setCustom] = useState(range.preset === null);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = customRangeProblem(from, to);
    setProblem(why);
    if (!why) onChange({ from, to, preset: null });
  };
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-fg">Range</legend>
        <div className="inline-flex flex-wrap rounded-lg border border-line-strong bg-surface p-0.5">
          {INSIGHTS_PRESET_DAYS.map((days) => (
            <RangeOption key={days} checked={!custom && range.preset === days} onChange={() => {
              setCustom(false);
              onChange(presetRange(days, today));
            }}>
              {days} days
            </RangeOption>
          ))}
          <RangeOption checked={custom || range.preset === null} onChange={() => setCustom(true)}>
            Custom
          </RangeOption>
        </div>
      </fieldset>
      {custom || range.preset === null ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Custom range" noValidate>
          <label className="text-sm text-fg">
            <span className="mb-1 block font-medium">First day</span>
            <input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} aria-describedby={problem ? errorId : undefined} className="h-10 rounded-lg border border-line-strong bg-surface px-2 text-fg" />
          </label>
          <label className="text-sm text-fg">
            <span className="mb-1 block font-medium">Last day</span>
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-describedby={problem ? errorId : undefined} className="h-10 rounded-lg border border-line-strong bg-surface px-2 text-fg" />
          </label>
          <Button type="submit" variant="secondary">
            Show
          </Button>
          {problem ? (
            <p id={errorId} role="alert" className="w-full text-sm text-danger">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
      <p className="text-sm text-muted sm:ml-auto" aria-live="polite">
        {formatDay(range.from, true)} – {formatDay(range.to, true)}
      </p>
    </div>
  );
}

function RangeOption({ checked, onChange, children }: { checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label
      className={cx(
        'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-[var(--mr-focus)]',
        checked ? 'bg-accent-solid text-white' : 'text-fg hover:bg-surface-2',
      )}
    >
      <input type="radio" name="insights-range" className="sr-only" checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}

function ExportButton({ insights }: { insights: Insights }) {
  const download = () => {
    const blob = new Blob([insightsCsv(insights)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `mailroom-insights-${insights.range.from}-to-${insights.range.to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Button variant="secondary" icon="download" onClick={download}>
      Export CSV
    </Button>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4 shadow-sm">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-fg tabular-nums">{value}</dd>
      {detail ? <dd className="mt-0.5 text-xs text-muted">{detail}</dd> : null}
    </div>
  );
}

function Summary({ insights }: { insights: Insights }) {
  const { totals, responseTimes, days } = insights;
  const backlog = days.at(-1)?.backlog ?? totals.backlogBefore;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Summary">
      <Stat label="Received" value={formatCount(totals.received)} detail={`${formatCount(Math.round(totals.received / Math.max(1, insights.range.days)))} a day`} />
      <Stat label="Sent" value={formatCount(totals.sent)} />
      <Stat label="Read" value={formatShare(totals.read, totals.received)} detail={`${formatCount(totals.read)} of ${formatCount(totals.received)}`} />
      <Stat label="Unread backlog" value={formatCount(backlog)} detail="at the end of the range" />
      <Stat label="Your median reply" value={formatDuration(responseTimes.mine.medianMs)} detail={`${formatCount(responseTimes.mine.count)} replies`} />
    </dl>
  );
}

/**
 * A chart with its table: the chart for the eye (hidden from screen readers), the table for screen
 * readers always, and for everyone at the press of "Show table".
 */
function ChartSection({ id, title, description, chart, table }: { id: string; title: string; description: ReactNode; chart: ReactNode; table: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <Card aria-labelledby={`${id}-title`} className="min-w-0">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-fg">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{description}</p>
        </div>
        <Button variant="ghost" size="sm" icon={asTable ? 'chart' : 'grid'} aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </div>
      {asTable ? null : (
        <div aria-hidden="true" data-testid={`${id}-chart`}>
          <Suspense fallback={<div className="flex h-60 items-center justify-center text-accent"><Spinner label="Loading the chart…" /></div>}>{chart}</Suspense>
        </div>
      )}
      {/* A long table scrolls in its box, which then takes keyboard focus so it can be scrolled without a mouse. */}
      <div className={asTable ? 'max-h-96 overflow-auto' : 'sr-only'} {...(asTable ? { tabIndex: 0, role: 'group', 'aria-label': `${title} (table)` } : {})}>
        {table}
      </div>
    </Card>
  );
}

function Table({ caption, head, rows, numeric = [] }: { caption: string; head: string[]; rows: ReactNode[][]; numeric?: number[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-muted">
          {head.map((h, i) => (
            <th key={h} scope="col" className={cx('py-2 pr-3 font-medium', numeric.includes(i) && 'text-right whitespace-nowrap')}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-b border-line last:border-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-2 pr-3 font-normal text-fg">
                  {cell}
                </th>
              ) : (
                <td key={i} className={cx('py-2 pr-3 text-fg tabular-nums', numeric.includes(i) && 'text-right whitespace-nowrap')}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MailPerDay({ insights }: { insights: Insights }) {
  return (
    <ChartSection
      id="per-day"
      title="Mail per day"
      description="Received mail, split into what is read now and what is still unread, and what you sent."
      chart={<DailyChart days={insights.days} />}
      table={
        <Table
          caption="Mail per day"
          head={['Day', 'Received', 'Read', 'Unread', 'Sent']}
          numeric={[1, 2, 3, 4]}
          rows={insights.days.map((d) => [formatDay(d.date, true), formatCount(d.received), formatCount(d.read), formatCount(d.unread), formatCount(d.sent)])}
        />
      }
    />
  );
}

function MailPerDayByBundle({ insights }: { insights: Insights }) {
  return (
    <ChartSection
      id="per-day-bundles"
      title="Mail per day by bundle"
      description={
        <>
          Received mail stacked by the{' '}
          <Link to="/bundles" className="text-accent underline underline-offset-2 hover:no-underline">
            bundle
          </Link>{' '}
          it is in (“No bundle”: kept in the inbox, or not sorted yet), beside what you sent.
        </>
      }
      chart={<BundleDailyChart days={insights.days} bundles={insights.bundles} />}
      table={
        <Table
          caption="Mail per day by bundle"
          head={['Day', ...insights.bundles.map((b) => b.name), 'Sent']}
          numeric={insights.bundles.map((_, i) => i + 1).concat(insights.bundles.length + 1)}
          rows={insights.days.map((d) => [formatDay(d.date, true), ...insights.bundles.map((b) => formatCount(d.byBundle[b.id] ?? 0)), formatCount(d.sent)])}
        />
      }
    />
  );
}

function Backlog({ insights }: { insights: Insights }) {
  return (
    <ChartSection
      id="backlog"
      title="Unread backlog"
      description={`Messages still unread today that had arrived by the end of each day (${formatCount(insights.totals.backlogBefore)} from before the range). Gmail keeps no record of when mail was read, so mail read since is not counted.`}
      chart={<BacklogChart days={insights.days} />}
      table={<Table caption="Unread backlog at the end of each day" head={['Day', 'Unread backlog']} numeric={[1]} rows={insights.days.map((d) => [formatDay(d.date, true), formatCount(d.backlog)])} />}
    />
  );
}

function Heatmap({ insights }: { insights: Insights }) {
  const order = weekdayOrder(insights.range.weekStart);
  const max = Math.max(1, ...insights.heatmap.flat());
  const busiest = useMemo(() => {
    let best = { weekday: 0, hour: 0, count: -1 };
    insights.heatmap.forEach((row, weekday) => row.forEach((count, hour) => {
      if (count > best.count) best = { weekday, hour, count };
    }));
    return best;
  }, [insights.heatmap]);
  return (
    <ChartSection
      id="heatmap"
      title="When mail arrives"
      description={busiest.count > 0 ? `Received mail by weekday and hour. Busiest: ${WEEKDAYS[busiest.weekday]}s at ${busiest.hour}:00 (${formatCount(busiest.count)}).` : 'Received mail by weekday and hour.'}
      chart={
        <div className="relative overflow-x-auto">
          <div className="grid min-w-[18rem] gap-[2px]" style={{ gridTemplateColumns: '2.25rem repeat(24, minmax(0, 1fr))' }}>
            {order.map((weekday) => (
              <div key={weekday} className="contents">
                <div className="pr-1 text-xs leading-4 text-muted">{(WEEKDAYS[weekday] as string).slice(0, 3)}</div>
                {(insights.heatmap[weekday] ?? []).map((count, hour) => (
                  <div
                    key={hour}
                    title={`${WEEKDAYS[weekday]} ${hour}:00 – ${formatCount(count)}`}
                    className="h-4 rounded-[2px] bg-accent-solid"
                    style={{ opacity: count === 0 ? 0.06 : 0.2 + (0.8 * count) / max }}
                  />
                ))}
              </div>
            ))}
            <div />
            {Array.from({ length: 24 }, (_, hour) => (
              <div key={hour} className="text-center text-[10px] leading-4 text-muted">
                {hour % 6 === 0 ? hour : ''}
              </div>
            ))}
          </div>
        </div>
      }
      table={
        <Table
          caption="Received mail by weekday and hour"
          head={['Weekday', ...Array.from({ length: 24 }, (_, h) => `${h}:00`)]}
          numeric={Array.from({ length: 24 }, (_, h) => h + 1)}
          rows={order.map((weekday) => [WEEKDAYS[weekday] as string, ...(insights.heatmap[weekday] ?? []).map(formatCount)])}
        />
      }
    />
  );
}

function ResponseTimes({ insights }: { insights: Insights }) {
  const { mine, theirs, byWeekday } = insights.responseTimes;
  const order = weekdayOrder(insights.range.weekStart);
  return (
    <ChartSection
      id="response"
      title="Response times"
      description={`You answered ${formatCount(mine.count)} messages: median ${formatDuration(mine.medianMs)}, 90 % within ${formatDuration(mine.p90Ms)}. Your correspondents answered ${formatCount(theirs.count)} of yours: median ${formatDuration(theirs.medianMs)}, 90 % within ${formatDuration(theirs.p90Ms)}. By the weekday of the message answered.`}
      chart={<WeekdayChart byWeekday={byWeekday} order={order} />}
      table={
        <Table
          caption="Response times by weekday"
          head={['Weekday', 'You: answered', 'You: median', 'You: 90 %', 'Them: answered', 'Them: median', 'Them: 90 %']}
          numeric={[1, 2, 3, 4, 5, 6]}
          rows={order.map((weekday) => {
            const d = byWeekday[weekday];
            return [
              WEEKDAYS[weekday] as string,
              formatCount(d?.mine.count ?? 0),
              formatDuration(d?.mine.medianMs ?? null),
              formatDuration(d?.mine.p90Ms ?? null),
              formatCount(d?.theirs.count ?? 0),
              formatDuration(d?.theirs.medianMs ?? null),
              formatDuration(d?.theirs.p90Ms ?? null),
            ];
          })}
        />
      }
    />
  );
}

function ShareBar({ part, whole, label }: { part: number; whole: number; label: string }) {
  const percent = whole > 0 ? Math.round((part / whole) * 100) : 0;
  return (
    <span className="flex items-center justify-end gap-2">
      <span className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-surface-2 sm:inline-block" aria-hidden="true">
        <span className="block h-full bg-accent-solid" style={{ width: `${percent}%` }} />
      </span>
      <span aria-label={`${label} ${formatShare(part, whole)}`}>{formatShare(part, whole)}</span>
    </span>
  );
}

function Correspondents({ title, what, rows, id }: { title: string; what: string; rows: CorrespondentStats[]; id: string }) {
  return (
    <Card aria-labelledby={`${id}-title`} className="min-w-0">
      <h2 id={`${id}-title`} className="text-base font-semibold text-fg">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">Who sends you the most, how much of it you read, and how often and how fast you reply.</p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No mail in this range.</p>
      ) : (
        <Scroller label={title}>
          <Table
            caption={title}
            head={[what, 'Received', 'Read', 'Replied', 'Median reply']}
            numeric={[1, 2, 3, 4]}
            rows={rows.map((r) => [
              <span key="k" className="block max-w-[11rem] truncate sm:max-w-md" title={r.name ? `${r.name} <${r.key}>` : r.key}>
                {r.name ? <span className="block truncate font-medium">{r.name}</span> : null}
                <span className={cx('block truncate', r.name && 'text-xs text-muted')}>{r.key}</span>
              </span>,
              formatCount(r.received),
              <ShareBar key="r" part={r.read} whole={r.received} label="read" />,
              formatShare(r.replied, r.received),
              formatDuration(r.medianReplyMs),
            ])}
          />
        </Scroller>
      )}
    </Card>
  );
}

function Lists({ insights }: { insights: Insights }) {
  const candidates = insights.lists.filter((l) => l.candidate).length;
  return (
    <Card aria-labelledby="lists-title" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="lists-title" className="text-base font-semibold text-fg">
            Newsletters and lists
          </h2>
          <p className="mt-1 text-sm text-muted">
            Volume against how much of it you read. Read less than {Math.round(UNSUBSCRIBE_CANDIDATE_READ_RATE * 100)} % of the time: a candidate to unsubscribe from
            {candidates ? ` (${candidates} here)` : ''}.
          </p>
        </div>
        <Link to="/unsubscribe" className="inline-flex items-center gap-1 text-sm font-medium text-accent underline underline-offset-2 hover:no-underline">
          Unsubscribe <Icon name="arrowRight" size={16} />
        </Link>
      </div>
      {insights.lists.length === 0 ? (
        <p className="text-sm text-muted">No list or newsletter mail in this range.</p>
      ) : (
        <Scroller label="Newsletters and lists">
          <Table
            caption="Newsletters and lists"
            head={['List', 'Received', 'Read', 'Suggestion']}
            numeric={[1, 2]}
            rows={insights.lists.map((l) => [
              <span key="k" className="block max-w-[12rem] truncate sm:max-w-xs" title={l.sender ?? l.name}>
                <span className="block truncate font-medium">{l.name}</span>
                {l.sender && l.sender !== l.name ? <span className="block truncate text-xs text-muted">{l.sender}</span> : null}
              </span>,
              formatCount(l.received),
              <ShareBar key="r" part={l.read} whole={l.received} label="read" />,
              l.candidate ? (
                <Link key="c" to="/unsubscribe" className="whitespace-nowrap text-sm font-medium text-accent underline underline-offset-2 hover:no-underline">
                  <Badge tone="warning">Rarely read</Badge>
                  <span className="sr-only">: unsubscribe from {l.name}</span>
                </Link>
              ) : null,
            ])}
          />
        </Scroller>
      )}
    </Card>
  );
}

/** A table that may scroll sideways on a narrow screen; focusable so the keyboard can scroll it. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-[var(--mr-focus)]" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}
