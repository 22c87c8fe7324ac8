import {
  DERIVED_DATA_RETENTION_MS,
  INSIGHTS_TOP_COUNT,
  UNSUBSCRIBE_CANDIDATE_READ_RATE,
  type CorrespondentStats,
  type DurationStats,
  type Insights,
  type InsightsDay,
  type ListStats,
  type MailroomAction,
  type UserSettings,
} from '@mailroom/contract';
import { listIdentifier, startOfDay, wallClock } from '@mailroom/mail-query';
import type { Db } from '../../db/database.ts';
import { bundleName } from '../bundles/index.ts';
import {
  actionTotals,
  BUCKET_MS,
  correspondentReplies,
  countBuckets,
  countUnreadBefore,
  replyTotals,
  senderVolumes,
  unsubscribeOutcomes,
  unsubscribeTotal,
  userReplies,
  type Range,
  type ReplyPair,
  type SenderRow,
} from './repository.ts';

export interface InsightsQuery {
  accountId: string | null;
  /** Calendar days YYYY-MM-DD in `timeZone`, inclusive. */
  from: string;
  to: string;
  timeZone: string;
  settings: UserSettings;
  now: number;
}

const DAY_MS = 86_400_000;

/** The calendar days from `from` to `to` (inclusive) as YYYY-MM-DD. */
export function calendarDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), last = Date.parse(`${to}T00:00:00Z`); t <= last; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

function dayStart(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return startOfDay(timeZone, y, m, d);
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Local calendar day, weekday (0 Monday ... 6 Sunday) and hour of an instant in the zone. */
export function localTime(epochMs: number, timeZone: string): { date: string; weekday: number; hour: number } {
  const w = wallClock(epochMs, timeZone);
  const utcDay = Date.UTC(w.year, w.month - 1, w.day);
  return { date: new Date(utcDay).toISOString().slice(0, 10), weekday: (new Date(utcDay).getUTCDay() + 6) % 7, hour: w.hour % 24 };
}

/** The p-th percentile by nearest rank (the smallest value with at least p % at or below it). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function durationStats(durations: readonly number[]): DurationStats {
  const sorted = [...durations].sort((a, b) => a - b);
  return { count: sorted.length, medianMs: percentile(sorted, 50), p90Ms: percentile(sorted, 90) };
}

/** The per-day chart's series for received mail in no bundle (or not sorted into one yet). */
const NO_BUNDLE = 'none';

const empty = (): Omit<Insights, 'range'> => ({
  totals: { received: 0, sent: 0, read: 0, unread: 0, backlogBefore: 0 },
  days: [],
  bundles: [],
  heatmap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
  senders: [],
  domains: [],
  responseTimes: {
    mine: durationStats([]),
    theirs: durationStats([]),
    byWeekday: Array.from({ length: 7 }, (_, weekday) => ({ weekday, mine: durationStats([]), theirs: durationStats([]) })),
  },
  lists: [],
  mailroom: { countedSince: '', truncated: false, actions: [], restored: 0, repliesSent: 0, unsubscribes: { stopped: 0, stillSending: 0 }, savedSeconds: 0 },
});

/** Which settings field holds the per-action seconds, and which batch kind counts for the action. */
const ACTIONS: ReadonlyArray<{ action: MailroomAction; kind: string | null; setting: keyof UserSettings['insights'] }> = [
  { action: 'quarantined', kind: 'quarantine', setting: 'secondsPerQuarantined' },
  { action: 'trashed', kind: 'delete', setting: 'secondsPerTrashed' },
  { action: 'archived', kind: 'archive', setting: 'secondsPerArchived' },
  { action: 'markedRead', kind: 'mark_read', setting: 'secondsPerMarkedRead' },
  { action: 'unsubscribed', kind: 'unsubscribe', setting: 'secondsPerUnsubscribed' },
  { action: 'repliesFromSuggestions', kind: null, setting: 'secondsPerReplyFromSuggestion' },
];

/** Everything /insights shows for one range, from the store's aggregates. */
export async function computeInsights(db: Db, query: InsightsQuery): Promise<Insights> {
  const { timeZone } = query;
  const dates = calendarDays(query.from, query.to);
  const starts = dates.map((d) => dayStart(d, timeZone));
  const start = starts[0] as number;
  const end = dayStart(nextDay(query.to), timeZone);
  const range = {
    from: query.from,
    to: query.to,
    timeZone,
    weekStart: query.settings.account.weekStart,
    days: dates.length,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
  };
  const result = { range, ...empty() };
  result.days = dates.map((date) => ({ date, received: 0, sent: 0, read: 0, unread: 0, backlog: 0, byBundle: {} as Record<string, number> }));
  result.mailroom = await mailroomActivity(db, query, start, end);
  if (!query.accountId) return result;

  const where: Range = { accountId: query.accountId, start, end };
  const [buckets, backlogBefore, senders, mine, theirs] = await Promise.all([
    countBuckets(db, where),
    countUnreadBefore(db, where.accountId, start),
    senderVolumes(db, where),
    userReplies(db, where),
    correspondentReplies(db, where),
  ]);
  const calendar = new RangeCalendar(dates, starts, end, timeZone);

  // Buckets into local days (by bundle too) and the weekday × hour grid.
  const bundleTotals = new Map<string, number>();
  for (const b of buckets) {
    const at = b.bucket * BUCKET_MS;
    const local = calendar.at(at);
    const day = result.days[local.index] as InsightsDay;
    day.received += b.received;
    day.sent += b.sent;
    day.unread += b.unread;
    day.read += b.received - b.unread;
    if (b.received > 0) {
      const bundle = b.bundle && bundleName(b.bundle) ? b.bundle : NO_BUNDLE;
      day.byBundle[bundle] = (day.byBundle[bundle] ?? 0) + b.received;
      bundleTotals.set(bundle, (bundleTotals.get(bundle) ?? 0) + b.received);
    }
    const row = result.heatmap[local.weekday] as number[];
    row[local.hour] = (row[local.hour] as number) + b.received;
  }
  result.bundles = [...bundleTotals]
    .map(([id, received]) => ({ id, name: id === NO_BUNDLE ? 'No bundle' : (bundleName(id) as string), received }))
    .sort((a, b) => Number(a.id === NO_BUNDLE) - Number(b.id === NO_BUNDLE) || b.received - a.received || a.id.localeCompare(b.id));
  let backlog = backlogBefore;
  for (const day of result.days) {
    backlog += day.unread;
    day.backlog = backlog;
    result.totals.received += day.received;
    result.totals.sent += day.sent;
    result.totals.read += day.read;
    result.totals.unread += day.unread;
  }
  result.totals.backlogBefore = backlogBefore;

  result.senders = withReplies(top(senders, (row) => row.address), mine, (pair) => pair.sender);
  result.domains = withReplies(
    top(senders, (row) => domainOf(row.address)).map((row) => ({ ...row, name: null })),
    mine,
    (pair) => (pair.sender ? domainOf(pair.sender) : null),
  );
  result.responseTimes = responseTimes(mine, theirs, calendar);
  result.lists = topLists(senders);
  return result;
}

/**
 * Local day, weekday and hour of instants inside the range, from the days' starts: on a day of
 * 24 hours the hour is the time since midnight; on a day whose offset changes (23 or 25 hours)
 * the zone's own wall clock says.
 */
class RangeCalendar {
  private readonly weekdays: number[];
  private readonly dates: readonly string[];
  private readonly starts: readonly number[];
  private readonly end: number;
  private readonly timeZone: string;
  constructor(dates: readonly string[], starts: readonly number[], end: number, timeZone: string) {
    this.dates = dates;
    this.starts = starts;
    this.end = end;
    this.timeZone = timeZone;
    this.weekdays = dates.map((date) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7);
  }

  at(epochMs: number): { index: number; weekday: number; hour: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if ((this.starts[mid] as number) <= epochMs) lo = mid;
      else hi = mid - 1;
    }
    const start = this.starts[lo] as number;
    const next = this.starts[lo + 1] ?? this.end;
    const hour = next - start === 24 * HOUR_MS ? Math.floor((epochMs - start) / HOUR_MS) : localTime(epochMs, this.timeZone).hour;
    return { index: lo, weekday: this.weekdays[lo] as number, hour };
  }

  /** Whether an instant is inside the range (answers to the range's mail may come after it). */
  contains(epochMs: number): boolean {
    return epochMs >= (this.starts[0] as number) && epochMs < this.end && this.dates.length > 0;
  }
}

const HOUR_MS = 3_600_000;

function domainOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  return at < 0 || at === address.length - 1 ? null : address.slice(at + 1);
}

interface Volume {
  key: string;
  name: string | null;
  received: number;
  read: number;
}

/** The INSIGHTS_TOP_COUNT keys with the most mail (ties by key), summed over the sender rows. */
function top(rows: readonly SenderRow[], keyOf: (row: SenderRow) => string | null): Volume[] {
  const byKey = new Map<string, Volume>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!key) continue;
    const volume = byKey.get(key) ?? { key, name: null, received: 0, read: 0 };
    volume.received += row.received;
    volume.read += row.read;
    if (row.name && (!volume.name || row.name > volume.name)) volume.name = row.name;
    byKey.set(key, volume);
  }
  return [...byKey.values()].sort((a, b) => b.received - a.received || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, INSIGHTS_TOP_COUNT);
}

function withReplies(rows: readonly Volume[], pairs: readonly ReplyPair[], keyOf: (pair: ReplyPair) => string | null): CorrespondentStats[] {
  const byKey = new Map<string, number[]>();
  for (const pair of pairs) {
    const key = keyOf(pair);
    if (!key) continue;
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push(pair.answered - pair.asked);
  }
  return rows.map((row) => {
    const durations = byKey.get(row.key) ?? [];
    return { ...row, replied: durations.length, medianReplyMs: durationStats(durations).medianMs };
  });
}

function responseTimes(mine: readonly ReplyPair[], theirs: readonly ReplyPair[], calendar: RangeCalendar): Insights['responseTimes'] {
  // Both kinds of pair start inside the range (the message answered arrived or was sent in it).
  const byWeekday = (pairs: readonly ReplyPair[]) => {
    const days: number[][] = Array.from({ length: 7 }, () => []);
    for (const pair of pairs) if (calendar.contains(pair.asked)) (days[calendar.at(pair.asked).weekday] as number[]).push(pair.answered - pair.asked);
    return days;
  };
  const mineDays = byWeekday(mine);
  const theirDays = byWeekday(theirs);
  return {
    mine: durationStats(mine.map((p) => p.answered - p.asked)),
    theirs: durationStats(theirs.map((p) => p.answered - p.asked)),
    byWeekday: mineDays.map((durations, weekday) => ({ weekday, mine: durationStats(durations), theirs: durationStats(theirDays[weekday] as number[]) })),
  };
}

/**
 * Mailing lists and newsletters, most mail first: mail with a List-Id grouped by it, and mail with
 * List-Unsubscribe but no List-Id grouped by sender.
 */
function topLists(rows: readonly SenderRow[]): ListStats[] {
  const byKey = new Map<string, ListStats & { senderCount: number }>();
  for (const row of rows) {
    if (!row.listId && !row.unsubscribable) continue;
    const key = row.listId ?? row.address;
    const list = byKey.get(key) ?? { key, name: row.listId ? listName(row.listId) : row.address, sender: null, received: 0, read: 0, unsubscribable: false, candidate: false, senderCount: 0 };
    list.received += row.received;
    list.read += row.read;
    list.unsubscribable ||= row.unsubscribable;
    // The sender of most of the list's mail.
    if (row.received > list.senderCount) {
      list.sender = row.address;
      list.senderCount = row.received;
    }
    byKey.set(key, list);
  }
  return [...byKey.values()]
    .sort((a, b) => b.received - a.received || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, INSIGHTS_TOP_COUNT)
    .map(({ senderCount: _senderCount, ...list }) => ({ ...list, candidate: list.received > 0 && list.read / list.received < UNSUBSCRIBE_CANDIDATE_READ_RATE }));
}

/** A List-Id's name: its phrase ("Rust users <users.lists.rust-lang.org>"), else its identifier. */
function listName(listId: string): string {
  const phrase = listId.replace(/<[^<>]*>/, '').replace(/^["\s]+|["\s]+$/g, '');
  return phrase || listIdentifier(listId) || listId;
}

/**
 * What Mailroom did in the range, from the action log, the unsubscribes and the replies sent, and the time-saved
 * estimate: each action's count (net of what Undo put back) × the user's seconds for it. The log
 * is derived data kept 30 days, so an earlier start is counted from 30 days ago, and says so.
 */
async function mailroomActivity(db: Db, query: InsightsQuery, start: number, end: number): Promise<Insights['mailroom']> {
  const retainedFrom = query.now - DERIVED_DATA_RETENTION_MS;
  const since = Math.max(start, retainedFrom);
  const activity: Insights['mailroom'] = {
    countedSince: new Date(since).toISOString(),
    truncated: start < retainedFrom,
    actions: [],
    restored: 0,
    repliesSent: 0,
    unsubscribes: { stopped: 0, stillSending: 0 },
    savedSeconds: 0,
  };
  const [batches, replies, unsubscribed, outcomes] = query.accountId
    ? await Promise.all([
        actionTotals(db, query.accountId, since, end),
        replyTotals(db, query.accountId, since, end),
        unsubscribeTotal(db, query.accountId, since, end),
        unsubscribeOutcomes(db, query.accountId, since, end),
      ])
    : [[], { sent: 0, fromSuggestions: 0 }, 0, { stopped: 0, stillSending: 0 }];
  activity.unsubscribes = outcomes;
  activity.restored = batches.reduce((sum, b) => sum + b.restored, 0);
  activity.repliesSent = replies.sent;
  for (const { action, kind, setting } of ACTIONS) {
    const batch = batches.find((b) => b.kind === kind);
    const count =
      kind === null ? replies.fromSuggestions : kind === 'unsubscribe' ? unsubscribed : Math.max(0, (batch?.done ?? 0) - (batch?.restored ?? 0));
    const seconds = query.settings.insights[setting];
    activity.actions.push({ action, count, seconds, savedSeconds: count * seconds });
    activity.savedSeconds += count * seconds;
  }
  return activity;
}
