/**
 * Calendar arithmetic in the user's IANA time zone, with the platform's Intl time-zone data
 * (no date parsing: query dates are validated by the parser and arrive here as numbers).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for an unknown zone, so callers learn about a bad `--tz` at once. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const year = parts.year ?? 0;
  // en-US prints years before 1 CE with an era; dates that old never reach a mailbox.
  return {
    year,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds (east positive). */
function offsetAt(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The first instant whose wall-clock time in the zone is at or after the given local time.
 * Where a DST gap swallows that time (e.g. midnight on a spring-forward day in Sao Paulo's old
 * rules), that is the end of the gap: "the start of that day".
 */
export function zonedTimeToEpoch(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  // Two candidates cover both sides of any offset change near the target.
  const candidates = new Set<number>();
  for (const probe of [local - offsetAt(local, timeZone), local - offsetAt(local - 86_400_000, timeZone), local - offsetAt(local + 86_400_000, timeZone)]) {
    candidates.add(local - offsetAt(probe, timeZone));
  }
  const exact = [...candidates].filter((t) => localMs(t, timeZone) === local).sort((a, b) => a - b);
  if (exact[0] !== undefined) return exact[0];
  // The local time does not exist (a gap): binary-search the first instant at or after it.
  let lo = local - 15 * 3_600_000;
  let hi = local + 15 * 3_600_000;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (localMs(mid, timeZone) >= local) hi = mid;
    else lo = mid;
  }
  return hi;
}

function localMs(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** The value kept for `key`, else `compute()` kept (the whole map is dropped past `limit` entries). */
function memoised(map: Map<string, number>, key: string, limit: number, compute: () => number): number {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    if (map.size > limit) map.clear();
    map.set(key, value);
  }
  return value;
}

const dayStarts = new Map<string, number>();

/** Midnight at the start of a calendar day in the zone, in epoch milliseconds (memoised). */
export function startOfDay(timeZone: string, year: number, month: number, day: number): number {
  return memoised(dayStarts, `${timeZone}|${year}|${month}|${day}`, 10_000, () => zonedTimeToEpoch(timeZone, year, month, day));
}

export function isValidDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const periodStarts = new Map<string, number>();

/**
 * `now` minus an amount: days are 24-hour periods; months and years are calendar months and
 * years on the zone's wall clock, the day clamped to the target month's length (31 March minus
 * one month is 28 or 29 February).
 */
export function subtractPeriod(now: Date, amount: number, unit: 'd' | 'm' | 'y', timeZone: string): number {
  const t = now.getTime();
  if (unit === 'd') return t - amount * 86_400_000;
  // A month or year back costs a few Intl calls; one query asks for the same cut-off several
  // times (its condition, the word index's cost check, a count's bounds).
  return memoised(periodStarts, `${timeZone}|${t}|${amount}|${unit}`, 1_000, () => calendarPeriodBack(t, amount, unit, timeZone));
}

function calendarPeriodBack(t: number, amount: number, unit: 'm' | 'y', timeZone: string): number {
  const w = wallClock(t, timeZone);
  const months = unit === 'm' ? amount : amount * 12;
  const total = w.year * 12 + (w.month - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = Math.min(w.day, daysInMonth(year, month));
  const ms = t - Math.floor(t / 1000) * 1000;
  return zonedTimeToEpoch(timeZone, year, month, day, w.hour, w.minute, w.second) + ms;
}
