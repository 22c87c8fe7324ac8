import * as chrono from 'chrono-node';
import type { Token } from './lexer.ts';
import { MONTHS, NUMBER_WORDS, table, WEEKDAYS } from './vocabulary.ts';

/**
 * Dates in a request, as calendar days in the user's time zone.
 *
 * Explicit dates ("Aug 1", "9/15", "2002-09-15", "3rd of September", "Aug 1 - 15") are read by
 * chrono-node. The words around them and the periods people name without a date ("yesterday",
 * "last week", "this month", "in September", "since Monday", "over the weekend", "older than a
 * month", "3 days ago") are this module's vocabulary, because they name a period, not one
 * instant, and chrono-node answers with an instant.
 *
 * Rules (README.md, "Dates"):
 * - everything is computed on the calendar of the user's zone: "today" is the date on the
 *   user's wall clock at `now`, and a day is printed as yyyy/mm/dd, which mail-query evaluates
 *   from midnight to midnight in that zone (so DST days are 23 or 25 hours long, as they are);
 * - a month or day without a year is the most recent one not after today;
 * - periods are calendar periods: "last week" is the previous Monday-to-Sunday week (or
 *   Sunday-to-Saturday with `weekStartsOn: 0`, Saturday-to-Friday with 6), "last month" the previous calendar month;
 *   "past week", "last 7 days", "in the last month" are rolling (`newer_than:`);
 * - ranges include their last day: "between Aug 1 and Aug 15" is after:Aug 1 before:Aug 16;
 * - "since X" starts with X, "after X" after X ends, "before X" before X starts, "until X"
 *   includes X.
 */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export type DateMeaning =
  /** A span of days, `end` exclusive; `open` says which bound the request leaves open. */
  | { kind: 'period'; start: CivilDate; end: CivilDate; open: 'none' | 'start' | 'end' }
  | { kind: 'rolling'; operator: 'newer_than' | 'older_than'; amount: number; unit: 'd' | 'm' | 'y' };

export interface DateContext {
  tokens: readonly Token[];
  today: CivilDate;
  weekStartsOn: 0 | 1 | 6;
  /** chrono-node's explicit dates, by the index of their first token. */
  explicit: Map<number, ExplicitDate>;
  /** Whether a word is a correspondent's name (then "from jan" is a person, not January). */
  isName: (word: string) => boolean;
}

export interface DateMatch {
  meaning: DateMeaning;
  /** Token index just past the phrase. */
  end: number;
}

/** A date found by `core`, and whether it was a weekday (ranges of weekdays wrap by weeks). */
interface CoreMatch extends DateMatch {
  weekday?: boolean;
}

interface ExplicitDate {
  end: number;
  start: PartialDate;
  last?: PartialDate;
}

interface PartialDate {
  year: number | null;
  month: number;
  day: number | null;
}

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on civil dates (no time zone involved: the zone only decides "today").

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date on the wall clock in `timeZone` at `now`. Throws RangeError for an unknown zone. */
export function civilToday(now: Date, timeZone: string): CivilDate {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(now)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1 };
}

function toUtc(d: CivilDate): number {
  return Date.UTC(d.year, d.month - 1, d.day);
}

function fromUtc(ms: number): CivilDate {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(d: CivilDate, days: number): CivilDate {
  return fromUtc(toUtc(d) + days * 86_400_000);
}

function addMonths(d: CivilDate, months: number): CivilDate {
  const total = d.year * 12 + (d.month - 1) + months;
  return { year: Math.floor(total / 12), month: (total % 12) + 1, day: 1 };
}

function weekday(d: CivilDate): number {
  return new Date(toUtc(d)).getUTCDay();
}

export function compareDates(a: CivilDate, b: CivilDate): number {
  return toUtc(a) - toUtc(b);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function startOfWeek(d: CivilDate, weekStartsOn: 0 | 1 | 6): CivilDate {
  return addDays(d, -((weekday(d) - weekStartsOn + 7) % 7));
}

function day(d: CivilDate): DateMeaning {
  return { kind: 'period', start: d, end: addDays(d, 1), open: 'none' };
}

function month(year: number, m: number): DateMeaning {
  const start = { year, month: m, day: 1 };
  return { kind: 'period', start, end: addMonths(start, 1), open: 'none' };
}

function year(y: number): DateMeaning {
  return { kind: 'period', start: { year: y, month: 1, day: 1 }, end: { year: y + 1, month: 1, day: 1 }, open: 'none' };
}

function span(start: CivilDate, end: CivilDate): DateMeaning {
  return { kind: 'period', start, end, open: 'none' };
}

/** The most recent `month` not after today (this year's when it is the current month). */
function recentMonthYear(today: CivilDate, m: number): number {
  return m > today.month ? today.year - 1 : today.year;
}

/** The most recent date with this month and day not after today. */
function recentDayYear(today: CivilDate, m: number, d: number): number {
  return compareDates({ year: today.year, month: m, day: d }, today) > 0 ? today.year - 1 : today.year;
}

// ---------------------------------------------------------------------------------------------
// chrono-node for explicit dates.

const middleEndian = chrono.casual;
const RANGE_JOINERS = new Set(['to', 'until', 'till', 'til', 'through', 'thru', 'and']);
const littleEndian = chrono.en.GB;

/**
 * Runs chrono-node over the request's words (misspellings corrected) and keeps the explicit
 * dates it finds: a day and a month ("Aug 1", "9/15"), or a month and a year ("10/2002"),
 * optionally as a range ("Aug 1 - 15"). Relative and casual results ("today", "last week",
 * "Monday") are left to the vocabulary above, which knows they are periods.
 */
export function explicitDates(tokens: readonly Token[], request: string, today: CivilDate, dateOrder: 'mdy' | 'dmy'): Map<number, ExplicitDate> {
  const found = new Map<number, ExplicitDate>();
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let worth = false;
  tokens.forEach((token, k) => {
    const previous = tokens[k - 1];
    if (previous && /\s/u.test(request.slice(previous.end, token.start) || '')) text += ' ';
    else if (previous && token.kind !== 'punct' && previous.kind !== 'punct') text += ' ';
    starts.push(text.length);
    // "from 1 sept" would read as a time ("from 1 o'clock"); ranges are read by matchDate.
    const piece = token.kind === 'word' ? (token.norm === 'from' ? '|' : token.norm) : token.kind === 'punct' ? token.value : '|';
    if (token.kind === 'word' && /\d/u.test(token.norm)) worth = true;
    text += piece;
    ends.push(text.length);
  });
  if (!worth) return found;
  // chrono reads calendar components relative to a reference in the process's zone; noon on
  // the user's date keeps every implied component on that date whatever the process's zone.
  const reference = new Date(today.year, today.month - 1, today.day, 12, 0, 0);
  const parser = dateOrder === 'dmy' ? littleEndian : middleEndian;
  for (const result of parser.parse(text, reference)) {
    // Periods named in words ("this month", "3 days ago") are the vocabulary's (see above).
    const tags = [...result.start.tags()];
    if (tags.some((t) => t.startsWith('result/relative') || t.startsWith('casualReference'))) continue;
    if (!/\d/u.test(result.text) && !result.text.split(/[^a-z]+/u).some((w) => MONTHS[w] !== undefined)) continue;
    if (/^\d+([.:]\d+)?$/u.test(result.text.trim())) continue;
    const start = partial(result.start);
    if (!start) continue;
    const last = result.end ? (partial(result.end) ?? undefined) : undefined;
    const first = starts.findIndex((s, k) => s <= result.index && result.index < (ends[k] as number));
    const stop = result.index + result.text.length;
    let after = -1;
    for (let k = 0; k < tokens.length; k++) if ((starts[k] as number) < stop) after = k + 1;
    if (first < 0 || after <= first) continue;
    if (result.end && !last) {
      // "sept 1st until now": keep the explicit start; the words after it are read on their own.
      const joiner = tokens.findIndex((t, k) => k > first && k < after && ((t.kind === 'word' && RANGE_JOINERS.has(t.norm)) || (t.kind === 'punct' && t.value === '-')));
      if (joiner < 0) continue;
      after = joiner;
    }
    found.set(first, { end: after, start, ...(last ? { last } : {}) });
  }
  return found;
}

function partial(c: chrono.ParsedComponents): PartialDate | null {
  if (!c.isCertain('month')) return null;
  const m = c.get('month') as number;
  const hasDay = c.isCertain('day');
  const hasYear = c.isCertain('year');
  if (!hasDay && !hasYear) return null;
  return { year: hasYear ? (c.get('year') as number) : null, month: m, day: hasDay ? (c.get('day') as number) : null };
}

function explicitPeriod(today: CivilDate, date: PartialDate, yearHint: number | null): DateMeaning {
  if (date.day === null) return month(date.year ?? yearHint ?? recentMonthYear(today, date.month), date.month);
  const y = date.year ?? yearHint ?? recentDayYear(today, date.month, date.day);
  const d = Math.min(date.day, daysInMonth(y, date.month));
  return day({ year: y, month: date.month, day: d });
}

// ---------------------------------------------------------------------------------------------
// The grammar of date phrases, on tokens.

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year' | 'hour' | 'fortnight';

const UNITS: Readonly<Record<string, Unit>> = table({
  day: 'day', days: 'day', week: 'week', weeks: 'week', month: 'month', months: 'month', year: 'year', years: 'year',
  hour: 'hour', hours: 'hour', hrs: 'hour', hr: 'hour', fortnight: 'fortnight', fortnights: 'fortnight', quarter: 'quarter', quarters: 'quarter',
});

const ORDINALS: Readonly<Record<string, number>> = table({ first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 });

/** Words before a date that say how it bounds the search. */
type Bound = 'since' | 'after' | 'before' | 'until' | 'in';

const BOUNDS: Readonly<Record<string, Bound>> = table({
  since: 'since', starting: 'since', after: 'after', later: 'after', before: 'before', earlier: 'before', until: 'until', till: 'until',
  til: 'until', through: 'until', thru: 'until', by: 'until', in: 'in', on: 'in', during: 'in', from: 'in', of: 'in', for: 'in',
  around: 'in', at: 'in',
});

class Reader {
  private readonly ctx: DateContext;
  constructor(ctx: DateContext) {
    this.ctx = ctx;
  }

  word(k: number): string | null {
    const t = this.ctx.tokens[k];
    return t && t.kind === 'word' ? t.norm : null;
  }

  is(k: number, ...options: string[]): boolean {
    const w = this.word(k);
    return w !== null && options.includes(w);
  }

  /** A count: digits, number words, "a couple of", "a few". Returns [value, next index]. */
  count(k: number): [number, number] | null {
    const w = this.word(k);
    if (w === null) return null;
    if (/^\d{1,4}$/u.test(w)) return [Number(w), k + 1];
    if ((w === 'a' || w === 'an') && this.is(k + 1, 'couple', 'few')) return [NUMBER_WORDS[this.word(k + 1) as string] as number, this.is(k + 2, 'of') ? k + 3 : k + 2];
    const n = NUMBER_WORDS[w];
    if (n !== undefined && n >= 1 && Number.isInteger(n)) return [n, this.is(k + 1, 'of') && (w === 'couple' || w === 'few') ? k + 2 : k + 1];
    return null;
  }

  /** A unit word, e.g. "days", or a glued count+unit such as "3d", "2w", "6mo". */
  unit(k: number): Unit | null {
    const w = this.word(k);
    return w === null ? null : (UNITS[w] ?? null);
  }
}

function rolling(operator: 'newer_than' | 'older_than', amount: number, unit: Unit): DateMeaning {
  switch (unit) {
    case 'hour':
      return { kind: 'rolling', operator, amount: Math.max(1, Math.ceil(amount / 24)), unit: 'd' };
    case 'day':
      return { kind: 'rolling', operator, amount, unit: 'd' };
    case 'week':
      return { kind: 'rolling', operator, amount: amount * 7, unit: 'd' };
    case 'fortnight':
      return { kind: 'rolling', operator, amount: amount * 14, unit: 'd' };
    case 'month':
      return { kind: 'rolling', operator, amount, unit: 'm' };
    case 'quarter':
      return { kind: 'rolling', operator, amount: amount * 3, unit: 'm' };
    case 'year':
      return { kind: 'rolling', operator, amount, unit: 'y' };
  }
}

/**
 * A date phrase starting at token `i`, with the words before it that bound it ("since",
 * "before", "between ... and ...", "from ... to ..."). Null when there is none.
 */
export function matchDate(ctx: DateContext, i: number): DateMatch | null {
  const r = new Reader(ctx);
  let k = i;
  // "between X and Y", "from X to Y": a range that includes Y.
  if (r.is(k, 'between', 'from')) {
    const first = core(ctx, r, k + 1 + (r.is(k + 1, 'the') ? 1 : 0));
    if (first && first.meaning.kind === 'period') {
      const range = rangeFrom(ctx, r, first);
      if (range) return range;
      if (r.is(k, 'from')) return { meaning: first.meaning, end: first.end };
    }
    if (r.is(k, 'between')) return null;
  }
  // "Tuesday through Thursday", "Aug 1 to Aug 15".
  const plain = core(ctx, r, k);
  if (plain && plain.meaning.kind === 'period') {
    const range = rangeFrom(ctx, r, plain, false);
    if (range) return range;
  }
  // Two-word bounds.
  let bound = null as Bound | null;
  if (r.is(k, 'prior', 'up') && r.is(k + 1, 'to')) {
    bound = r.is(k, 'prior') ? 'before' : 'until';
    k += 2;
  } else if (r.is(k, 'earlier', 'later', 'older', 'newer') && r.is(k + 1, 'than')) {
    // "older than a month" is an age, "older than Aug 1" a date.
    const age = ageAt(ctx, r, k);
    if (age) return age;
    bound = r.is(k, 'earlier', 'older') ? 'before' : 'after';
    k += 2;
  } else if (r.is(k, 'no') && r.is(k + 1, 'later') && r.is(k + 2, 'than')) {
    bound = 'until';
    k += 3;
  } else if (r.word(k) !== null && BOUNDS[r.word(k) as string] && !(r.is(k, 'earlier') && r.is(k + 1, 'this', 'today'))) {
    bound = BOUNDS[r.word(k) as string] as Bound;
    k += 1;
    // `after:yesterday` is not Gmail syntax, but it is clear what it means.
    if (isColon(ctx, k)) k++;
  } else if (r.is(k, 'over') && (r.is(k + 1, 'the') || r.is(k + 1, 'this', 'last', 'past'))) {
    bound = 'in';
    k += 1;
  }
  const age = ageAt(ctx, r, i);
  if (age) return age;
  const withinRolling = bound === 'in' || r.is(i, 'within', 'over');
  if (r.is(i, 'within')) k = i + 1;
  const found = core(ctx, r, k + (r.is(k, 'the') && bound !== null ? 1 : 0), null, withinRolling);
  if (!found) return null;
  if (bound === null || bound === 'in' || found.meaning.kind === 'rolling') return found;
  const m = found.meaning;
  switch (bound) {
    case 'since':
      return { meaning: { ...m, open: 'end' }, end: found.end };
    case 'after':
      return { meaning: { kind: 'period', start: m.end, end: m.end, open: 'end' }, end: found.end };
    case 'before':
      return { meaning: { kind: 'period', start: m.start, end: m.start, open: 'start' }, end: found.end };
    case 'until':
      return { meaning: { kind: 'period', start: m.end, end: m.end, open: 'start' }, end: found.end };
  }
}

/**
 * The second half of a range whose first date ends at `first.end` ("... to Thursday", "... and
 * Aug 15", "... - 15th"). The range includes the second date's whole day, week or month.
 */
function rangeFrom(ctx: DateContext, r: Reader, first: CoreMatch, allowAnd = true): DateMatch | null {
  if (first.meaning.kind !== 'period') return null;
  const joiner = first.end;
  if (!(r.is(joiner, 'to', 'till', 'until', 'through', 'thru') || (allowAnd && r.is(joiner, 'and')) || isDash(ctx, joiner))) return null;
  const at = joiner + 1 + (r.is(joiner + 1, 'the') ? 1 : 0);
  const start = first.meaning.start;
  let second: CoreMatch | null = core(ctx, r, at, start.year);
  if (!second) {
    // "the 1st of September to the 15th": a day of the same month (or the next one).
    const ordinal = /^(\d{1,2})(st|nd|rd|th)?$/u.exec(r.word(at) ?? '');
    const n = ordinal ? Number(ordinal[1]) : 0;
    if (n < 1 || n > 31) return null;
    let month = { year: start.year, month: start.month };
    if (n < start.day) month = start.month === 12 ? { year: start.year + 1, month: 1 } : { year: start.year, month: start.month + 1 };
    const d = Math.min(n, daysInMonth(month.year, month.month));
    second = { meaning: day({ ...month, day: d }), end: at + 1 };
  }
  if (second.meaning.kind !== 'period') return null;
  let end = second.meaning.end;
  if (compareDates(end, start) <= 0) {
    // "Friday to Monday" runs into the next week; "Dec 20 to Jan 5" into the next year.
    end = second.weekday ? addDays(end, 7 * Math.ceil((compareDates(start, end) / 86_400_000 + 1) / 7)) : { ...end, year: end.year + 1 };
  }
  return { meaning: span(start, end), end: second.end };
}

function isColon(ctx: DateContext, k: number): boolean {
  const t = ctx.tokens[k];
  return t !== undefined && t.kind === 'punct' && t.value === ':';
}

function isDash(ctx: DateContext, k: number): boolean {
  const t = ctx.tokens[k];
  return t !== undefined && t.kind === 'punct' && (t.value === '-' || t.value === '\u2013' || t.value === '\u2014');
}

/** "older than a month", "more than 2 weeks old", "less than 3 days ago", "newer than 1 year". */
function ageAt(ctx: DateContext, r: Reader, i: number): DateMatch | null {
  let k = i;
  let operator: 'newer_than' | 'older_than' | null = null;
  let needsOld = false;
  if (r.is(k, 'older', 'newer', 'younger') && r.is(k + 1, 'than')) {
    operator = r.is(k, 'older') ? 'older_than' : 'newer_than';
    k += 2;
  } else if ((r.is(k, 'more', 'over', 'greater') && r.is(k + 1, 'than')) || (r.is(k, 'at') && r.is(k + 1, 'least'))) {
    operator = 'older_than';
    needsOld = true;
    k += 2;
  } else if (r.is(k, 'over', 'above')) {
    operator = 'older_than';
    needsOld = true;
    k += 1;
  } else if ((r.is(k, 'less', 'fewer') && r.is(k + 1, 'than')) || (r.is(k, 'at') && r.is(k + 1, 'most'))) {
    operator = 'newer_than';
    needsOld = true;
    k += 2;
  } else if (r.is(k, 'under')) {
    operator = 'newer_than';
    needsOld = true;
    k += 1;
  } else if (r.is(k, 'within') && !r.is(k + 1, 'the', 'last', 'past')) {
    operator = 'newer_than';
    k += 1;
  }
  if (operator === null) return null;
  const counted = r.count(k) ?? (r.unit(k) ? ([1, k] as [number, number]) : null);
  if (!counted) return null;
  const [amount, at] = counted;
  const unit = r.unit(at);
  if (!unit) return null;
  let end = at + 1;
  if (needsOld) {
    if (!r.is(end, 'old', 'ago')) return null;
    end++;
  } else if (r.is(end, 'old', 'ago')) end++;
  return { meaning: rolling(operator, amount, unit), end };
}

/** The date itself (after any bound word). `yearHint`: the year of a range's first date. */
function core(ctx: DateContext, r: Reader, i: number, yearHint: number | null = null, rollingContext = false): CoreMatch | null {
  const today = ctx.today;
  const w = r.word(i);
  const explicit = ctx.explicit.get(i);
  if (explicit) {
    const first = explicitPeriod(today, explicit.start, explicit.start.year ?? yearHint);
    if (!explicit.last || first.kind !== 'period') return { meaning: first, end: explicit.end };
    const last = explicitPeriod(today, explicit.last, explicit.last.year ?? first.start.year);
    if (last.kind !== 'period') return { meaning: first, end: explicit.end };
    let end = last.end;
    if (compareDates(end, first.start) <= 0) end = { ...end, year: end.year + 1 };
    return { meaning: span(first.start, end), end: explicit.end };
  }
  if (w === null) return null;

  if (w === 'today' || w === 'tonight' || w === 'now') return { meaning: day(today), end: i + 1 };
  // "earlier this year", "earlier today": the period so far.
  if (w === 'earlier' && r.is(i + 1, 'this', 'today')) return core(ctx, r, i + 1, yearHint, rollingContext);
  const partOfYear = quarterOrHalf(ctx, r, i);
  if (partOfYear) return partOfYear;
  // "the first week of September": days 1-7, 8-14, 15-21, 22-28, or the last seven.
  const nth = ['first', 'second', 'third', 'fourth', 'last'].indexOf(r.word(r.is(i, 'the') ? i + 1 : i) ?? '');
  if (nth >= 0) {
    const at = r.is(i, 'the') ? i + 1 : i;
    const mw = r.word(at + 3);
    const mo = mw === null ? undefined : MONTHS[mw];
    if (r.is(at + 1, 'week') && r.is(at + 2, 'of') && mo !== undefined) {
      const yw = r.word(at + 4);
      const y = yw !== null && /^(19|20)\d\d$/u.test(yw) ? Number(yw) : (yearHint ?? recentMonthYear(today, mo));
      const last = daysInMonth(y, mo);
      const from = nth === 4 ? last - 6 : nth * 7 + 1;
      return { meaning: span({ year: y, month: mo, day: from }, addDays({ year: y, month: mo, day: nth === 4 ? last : from + 6 }, 1)), end: y === Number(yw) ? at + 5 : at + 4 };
    }
  }
  if (w === 'yesterday') {
    const next = r.is(i + 1, 'morning', 'afternoon', 'evening', 'night') ? i + 2 : i + 1;
    return { meaning: day(addDays(today, -1)), end: next };
  }
  if (w === 'tomorrow') return { meaning: day(addDays(today, 1)), end: i + 1 };
  if (w === 'this' && r.is(i + 1, 'morning', 'afternoon', 'evening')) return { meaning: day(today), end: i + 2 };
  if (w === 'last' && r.is(i + 1, 'night')) return { meaning: day(addDays(today, -1)), end: i + 2 };
  if (r.is(i, 'the') && r.is(i + 1, 'day') && r.is(i + 2, 'before') && r.is(i + 3, 'yesterday')) return { meaning: day(addDays(today, -2)), end: i + 4 };
  if (w === 'day' && r.is(i + 1, 'before') && r.is(i + 2, 'yesterday')) return { meaning: day(addDays(today, -2)), end: i + 3 };

  // N units ago: the day, week, month or year that was N units back.
  const counted = r.count(i);
  if (counted) {
    const [amount, at] = counted;
    const unit = r.unit(at);
    if (unit && r.is(at + 1, 'ago')) return { meaning: ago(ctx, amount, unit), end: at + 2 };
  }
  if (r.unit(i) && r.is(i + 1, 'ago')) return { meaning: ago(ctx, 1, r.unit(i) as 'day'), end: i + 2 };

  // this / last / past / previous / next + unit, weekday, weekend or month.
  const relative = w === 'this' || w === 'current' || w === 'last' || w === 'past' || w === 'previous' || w === 'prior' || w === 'next';
  if (relative || (w === 'the' && r.is(i + 1, 'last', 'past', 'previous'))) {
    const at = w === 'the' ? i + 1 : i;
    const which = r.word(at) as string;
    // "this past week" reads as "past week".
    const step = which === 'this' && r.is(at + 1, 'past') ? at + 1 : at;
    const kind = r.word(step) as string;
    const n = r.count(step + 1);
    if (n && (kind === 'last' || kind === 'past' || kind === 'previous')) {
      const unit = r.unit(n[1]);
      if (unit) return { meaning: rolling('newer_than', n[0], unit), end: n[1] + 1 };
    }
    const unit = r.unit(step + 1);
    if (unit && unit !== 'hour') {
      const rollingWords = kind === 'past' || w === 'the' || rollingContext;
      if (rollingWords && kind !== 'this' && kind !== 'next' && kind !== 'current') return { meaning: rolling('newer_than', 1, unit), end: step + 2 };
      return { meaning: calendarPeriod(ctx, unit, kind === 'this' || kind === 'current' ? 0 : kind === 'next' ? 1 : -1), end: step + 2 };
    }
    if (r.is(step + 1, 'weekend', 'weekends')) return { meaning: weekend(ctx, kind === 'last' || kind === 'previous' || kind === 'prior' ? 'previous' : 'recent'), end: step + 2 };
    const wd = WEEKDAYS[r.word(step + 1) ?? ''];
    if (wd !== undefined) return { meaning: day(weekdayDate(ctx, wd, kind === 'last' || kind === 'past' || kind === 'previous' ? 'before-today' : kind === 'next' ? 'next' : 'recent')), end: step + 2, weekday: true };
    const mo = MONTHS[r.word(step + 1) ?? ''];
    if (mo !== undefined && r.word(step + 1) !== 'may' && r.word(step + 1) !== 'mar') {
      const y = kind === 'this' || kind === 'current' ? today.year : kind === 'next' ? (mo > today.month ? today.year : today.year + 1) : mo >= today.month ? today.year - 1 : today.year;
      return { meaning: month(y, mo), end: step + 2 };
    }
  }
  if (w === 'the' && r.is(i + 1, 'weekend')) return { meaning: weekend(ctx, 'recent'), end: i + 2 };
  if (w === 'weekend') return { meaning: weekend(ctx, 'recent'), end: i + 1 };
  if (w === 'the' && r.is(i + 1, 'week') && r.is(i + 2, 'before') && r.is(i + 3, 'last')) return { meaning: calendarPeriod(ctx, 'week', -2), end: i + 4 };

  // A weekday: the most recent one, today included ("on Monday", "since Monday").
  const wd = WEEKDAYS[w];
  if (wd !== undefined && (w.length > 3 || bounded(r, i)) && !personCue(ctx, r, i, w)) {
    // "Monday the 7th": the date repeats the weekday.
    const end = r.is(i + 1, 'the') && /^\d{1,2}(st|nd|rd|th)$/u.test(r.word(i + 2) ?? '') ? i + 3 : i + 1;
    return { meaning: day(weekdayDate(ctx, wd, 'recent')), end, weekday: true };
  }

  // (early | mid | late) month [year].
  let at = i;
  let part: 'early' | 'mid' | 'late' | null = null;
  if (r.is(at, 'early', 'mid', 'late') || (r.is(at, 'middle') && r.is(at + 1, 'of'))) {
    part = r.is(at, 'middle') ? 'mid' : (r.word(at) as 'early' | 'mid' | 'late');
    at += r.is(at, 'middle') ? 2 : 1;
    if (r.is(at, 'of')) at++;
  } else if (r.is(at, 'the') && r.is(at + 1, 'end', 'beginning', 'start', 'middle') && r.is(at + 2, 'of')) {
    part = r.is(at + 1, 'end') ? 'late' : r.is(at + 1, 'middle') ? 'mid' : 'early';
    at += 3;
  } else if (r.is(at, 'end', 'beginning', 'start') && r.is(at + 1, 'of')) {
    part = r.is(at, 'end') ? 'late' : 'early';
    at += 2;
  }
  const mw = r.word(at);
  const mo = mw === null ? undefined : MONTHS[mw];
  if (mw !== null && mo !== undefined) {
    const yw = r.word(at + 1);
    const y = yw !== null && /^(19|20)\d\d$/u.test(yw) ? Number(yw) : null;
    const cued = part !== null || y !== null || bounded(r, i);
    // "may" and "march" are also a verb: only with a date word around them.
    const needsCue = mw === 'may' || mw === 'march' || mw === 'mar';
    if ((cued || !needsCue) && !(part === null && y === null && personCue(ctx, r, i, mw))) {
      const full = month(y ?? yearHint ?? recentMonthYear(today, mo), mo);
      const end = y !== null ? at + 2 : at + 1;
      if (part === null || full.kind !== 'period') return { meaning: full, end };
      const s = full.start;
      const last = daysInMonth(s.year, s.month);
      const [from, to] = part === 'early' ? [1, 10] : part === 'mid' ? [11, 20] : [21, last];
      return { meaning: span({ ...s, day: from }, addDays({ ...s, day: to }, 1)), end };
    }
  }
  // A year: "in 2001", "since 1999".
  if (/^(19[7-9]\d|20\d\d)$/u.test(w) && bounded(r, i)) return { meaning: year(Number(w)), end: i + 1 };
  return null;
}

/** Whether the word before `i` is a date preposition ("in", "since", "last", ...). */
function bounded(r: Reader, i: number): boolean {
  return r.is(i - 1, 'in', 'on', 'since', 'before', 'after', 'during', 'from', 'until', 'till', 'through', 'of', 'between', 'and', 'to', 'by', 'last', 'this', 'early', 'mid', 'late', 'past');
}

/** "from May", "to Jan": a person when the directory knows the name. */
function personCue(ctx: DateContext, r: Reader, i: number, word: string): boolean {
  return r.is(i - 1, 'from', 'to', 'by', 'cc') && ctx.isName(word);
}

function calendarPeriod(ctx: DateContext, unit: Exclude<Unit, 'hour'>, offset: number): DateMeaning {
  const today = ctx.today;
  switch (unit) {
    case 'day':
      return day(addDays(today, offset));
    case 'week':
    case 'fortnight': {
      const start = addDays(startOfWeek(today, ctx.weekStartsOn), offset * 7);
      return span(start, addDays(start, unit === 'fortnight' ? 14 : 7));
    }
    case 'month': {
      const start = addMonths({ ...today, day: 1 }, offset);
      return span(start, addMonths(start, 1));
    }
    case 'quarter': {
      const start = addMonths({ year: today.year, month: today.month - ((today.month - 1) % 3), day: 1 }, offset * 3);
      return span(start, addMonths(start, 3));
    }
    case 'year':
      return year(today.year + offset);
  }
}

/** Quarter `q` (1-4) of `year`, or of the most recent year in which it has begun by today. */
function quarter(today: CivilDate, q: number, y: number | null): DateMeaning {
  const startMonth = (q - 1) * 3 + 1;
  const at = y ?? (startMonth > today.month ? today.year - 1 : today.year);
  const start = { year: at, month: startMonth, day: 1 };
  return span(start, addMonths(start, 3));
}

/**
 * After "quarter" or "half": "of 2002", "of the year", "of this year", "of last year" (or "2002"
 * right after "q3"). Returns the year named (null: none) and where the phrase ends.
 */
function yearAfter(r: Reader, k: number, today: CivilDate): [number | null, number] {
  const at = r.is(k, 'of', 'in') ? k + 1 : k;
  const w = r.word(at);
  if (w !== null && /^(19|20)\d\d$/u.test(w)) return [Number(w), at + 1];
  if (r.is(at, 'this', 'the', 'current') && r.is(at + 1, 'year')) return [today.year, at + 2];
  if (r.is(at, 'last', 'previous') && r.is(at + 1, 'year')) return [today.year - 1, at + 2];
  return [null, k];
}

/** "q3", "Q3 2002", "the third quarter (of 2002)", "first half of the year", "the second half of August". */
function quarterOrHalf(ctx: DateContext, r: Reader, i: number): CoreMatch | null {
  const today = ctx.today;
  const w = r.word(i);
  if (w === null) return null;
  const q = /^q([1-4])$/u.exec(w);
  if (q) {
    const [y, end] = yearAfter(r, i + 1, today);
    return { meaning: quarter(today, Number(q[1]), y), end };
  }
  const at = w === 'the' ? i + 1 : i;
  const n = ORDINALS[r.word(at) ?? ''];
  if (n === undefined) return null;
  if (r.is(at + 1, 'quarter')) {
    const [y, end] = yearAfter(r, at + 2, today);
    return n <= 4 ? { meaning: quarter(today, n, y), end: Math.max(end, at + 2) } : null;
  }
  if (r.is(at + 1, 'half') && n <= 2) {
    // Of a month: days 1-15 or 16 to the end.
    const mw = r.is(at + 2, 'of') ? r.word(at + 3) : null;
    const mo = mw === null ? undefined : MONTHS[mw];
    if (mo !== undefined) {
      const yw = r.word(at + 4);
      const y = yw !== null && /^(19|20)\d\d$/u.test(yw) ? Number(yw) : recentMonthYear(today, mo);
      const start = { year: y, month: mo, day: n === 1 ? 1 : 16 };
      const end = n === 1 ? { year: y, month: mo, day: 16 } : addMonths({ year: y, month: mo, day: 1 }, 1);
      return { meaning: span(start, end), end: y === Number(yw) ? at + 5 : at + 4 };
    }
    const [y, end] = yearAfter(r, at + 2, today);
    const startMonth = n === 1 ? 1 : 7;
    const year = y ?? (startMonth > today.month ? today.year - 1 : today.year);
    const start = { year, month: startMonth, day: 1 };
    return { meaning: span(start, addMonths(start, 6)), end: Math.max(end, at + 2) };
  }
  return null;
}

/** "3 days ago" is that day; "2 weeks ago" that week; "a month ago" that month; "a year ago" that month a year back. */
function ago(ctx: DateContext, amount: number, unit: Unit): DateMeaning {
  const today = ctx.today;
  switch (unit) {
    case 'hour':
      return day(today);
    case 'day':
      return day(addDays(today, -amount));
    case 'week':
    case 'fortnight':
      return calendarPeriod(ctx, 'week', -amount * (unit === 'fortnight' ? 2 : 1));
    case 'month':
      return calendarPeriod(ctx, 'month', -amount);
    case 'quarter':
      return calendarPeriod(ctx, 'quarter', -amount);
    case 'year': {
      const start = addMonths({ ...today, day: 1 }, -12 * amount);
      return span(start, addMonths(start, 1));
    }
  }
}

/**
 * A weekday's date: `recent` is the most recent one not after today (today when it is that
 * day); `before-today` the most recent one before today ("last Monday" said on a Monday is a
 * week ago); `next` the next one after today.
 */
function weekdayDate(ctx: DateContext, wd: number, which: 'recent' | 'before-today' | 'next'): CivilDate {
  const today = ctx.today;
  const back = (weekday(today) - wd + 7) % 7;
  if (which === 'next') return addDays(today, back === 0 ? 7 : 7 - back);
  if (which === 'before-today') return addDays(today, -(back === 0 ? 7 : back));
  return addDays(today, -back);
}

/**
 * Saturday and Sunday. `recent`: the weekend that has most recently begun (this one, on a
 * Saturday or Sunday); `previous`: the one before the current weekend when said at a weekend.
 */
function weekend(ctx: DateContext, which: 'recent' | 'previous'): DateMeaning {
  const today = ctx.today;
  const wd = weekday(today);
  let saturday = addDays(today, -((wd - 6 + 7) % 7));
  if (which === 'previous' && (wd === 6 || wd === 0)) saturday = addDays(saturday, -7);
  return span(saturday, addDays(saturday, 2));
}
