import { INSIGHTS_MAX_DAYS, INSIGHTS_PRESET_DAYS, daysInRange } from '@mailroom/contract';

export type Preset = (typeof INSIGHTS_PRESET_DAYS)[number];

export interface InsightsRange {
  from: string;
  to: string;
  /** The preset it is, or null for a custom range. */
  preset: Preset | null;
}

export const DEFAULT_PRESET: Preset = 30;

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last `days` days up to and including today. */
export function presetRange(preset: Preset, today: string): InsightsRange {
  return { from: addDays(today, -(preset - 1)), to: today, preset };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the page's address (?days=7|30|90, or ?from=&to=), or the default preset. */
export function rangeFromSearch(search: URLSearchParams, today: string): InsightsRange {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && DATE.test(from) && DATE.test(to)) {
    const days = daysInRange(from, to);
    if (days >= 1 && days <= INSIGHTS_MAX_DAYS) return { from, to, preset: null };
  }
  const days = Number(search.get('days'));
  const preset = (INSIGHTS_PRESET_DAYS as readonly number[]).includes(days) ? (days as Preset) : DEFAULT_PRESET;
  return presetRange(preset, today);
}

/** Why a custom range cannot be used, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!DATE.test(from) || !DATE.test(to)) return 'Choose both a first and a last day.';
  const days = daysInRange(from, to);
  if (days < 1) return 'The last day must not be before the first.';
  if (days > INSIGHTS_MAX_DAYS) return `A range is at most ${INSIGHTS_MAX_DAYS} days.`;
  return null;
}
