import type { Insights } from '@mailroom/contract';
import { ACTION_LABELS, WEEKDAYS } from './format';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function field(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would be read as a formula by spreadsheets (CSV injection).
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function table(title: string, header: string[], rows: Array<Array<string | number | boolean | null>>): string {
  return [field(title), header.map(field).join(','), ...rows.map((row) => row.map(field).join(','))].join('\r\n');
}

const ms = (value: number | null) => (value === null ? null : Math.round(value / 1000));

/** Everything the page shows, as CSV: one titled table after another, durations in seconds. */
export function insightsCsv(insights: Insights): string {
  const { range } = insights;
  return [
    table('Range', ['from', 'to', 'time zone'], [[range.from, range.to, range.timeZone]]),
    table(
      'Mail per day',
      ['date', 'received', 'read', 'unread', 'sent', 'unread backlog'],
      insights.days.map((d) => [d.date, d.received, d.read, d.unread, d.sent, d.backlog]),
    ),
    table(
      'Received per day by bundle',
      ['date', ...insights.bundles.map((b) => b.name), 'sent'],
      insights.days.map((d) => [d.date, ...insights.bundles.map((b) => d.byBundle[b.id] ?? 0), d.sent]),
    ),
    table('Arrivals by weekday and hour', ['weekday', ...Array.from({ length: 24 }, (_, h) => `${h}:00`)], insights.heatmap.map((row, i) => [WEEKDAYS[i] as string, ...row])),
    table(
      'Top senders',
      ['sender', 'name', 'received', 'read', 'replied', 'median time to reply (s)'],
      insights.senders.map((s) => [s.key, s.name, s.received, s.read, s.replied, ms(s.medianReplyMs)]),
    ),
    table('Top domains', ['domain', 'received', 'read', 'replied', 'median time to reply (s)'], insights.domains.map((s) => [s.key, s.received, s.read, s.replied, ms(s.medianReplyMs)])),
    table(
      'Response times',
      ['who', 'weekday', 'answered', 'median (s)', '90th percentile (s)'],
      [
        ['you', 'all', insights.responseTimes.mine.count, ms(insights.responseTimes.mine.medianMs), ms(insights.responseTimes.mine.p90Ms)],
        ['correspondents', 'all', insights.responseTimes.theirs.count, ms(insights.responseTimes.theirs.medianMs), ms(insights.responseTimes.theirs.p90Ms)],
        ...insights.responseTimes.byWeekday.flatMap((d) => [
          ['you', WEEKDAYS[d.weekday] as string, d.mine.count, ms(d.mine.medianMs), ms(d.mine.p90Ms)],
          ['correspondents', WEEKDAYS[d.weekday] as string, d.theirs.count, ms(d.theirs.medianMs), ms(d.theirs.p90Ms)],
        ]),
      ],
    ),
    table('Lists and newsletters', ['list', 'sender', 'received', 'read', 'candidate to unsubscribe'], insights.lists.map((l) => [l.name, l.sender, l.received, l.read, l.candidate])),
    table(
      'What Mailroom did (time saved is an estimate)',
      ['action', 'count', 'seconds each', 'seconds saved'],
      [...insights.mailroom.actions.map((a) => [ACTION_LABELS[a.action], a.count, a.seconds, a.savedSeconds]), ['Total', null, null, insights.mailroom.savedSeconds]],
    ),
  ].join('\r\n\r\n');
}
