/**
 * Calendar arithmetic in a user's IANA time zone with Intl only: the local date and hour of an
 * instant, and the instant of a local date and hour, across daylight-saving changes.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalTime {
  /** YYYY-MM-DD */
  day: string;
  hour: number;
  minute: number;
}

function parts(instant: number, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const values: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') values[p.type] = Number(p.value);
  return { y: values['year']!, m: values['month']!, d: values['day']!, h: values['hour']! % 24, min: values['minute']!, s: values['second']! };
}

export function localTime(instant: number, timeZone: string): LocalTime {
  const p = parts(instant, timeZone);
  return { day: `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`, hour: p.h, minute: p.min };
}

/** The zone's offset from UTC at an instant, in ms (local = UTC + offset). */
function offsetAt(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a local date and hour begins. An hour skipped by a spring-forward change (02:00 in
 * Europe/Paris on the last Sunday of March) is the first instant after the gap; an hour that
 * happens twice in autumn is its first occurrence.
 */
export function zonedInstant(day: string, hour: number, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  // Two offset candidates: the one before and the one after any change near that wall time.
  const candidates = [wall - offsetAt(wall - 86_400_000 / 2, timeZone), wall - offsetAt(wall + 86_400_000 / 2, timeZone)].sort((a, b) => a - b);
  for (const instant of candidates) {
    const local = localTime(instant, timeZone);
    if (local.day === day && local.hour === hour && local.minute === 0) return instant;
  }
  // The hour does not exist (spring forward): the first instant after the gap.
  const after = Math.max(...candidates);
  const local = localTime(after, timeZone);
  return local.hour > hour || local.day !== day ? after - local.minute * 60_000 : after;
}

export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
