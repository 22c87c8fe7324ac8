import type { MailroomAction } from '@mailroom/contract';

const number = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return number.format(value);
}

/** "42 %" of a part of a whole; "–" when there is no whole. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)} %` : '–';
}

/** A duration for people: "45 s", "12 min", "3 h 20 min", "2 d 4 h"; "–" for none. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A calendar date (YYYY-MM-DD) as "Mon 3 Nov" (the date is a label, no zone conversion). */
export function formatDay(date: string, withYear = false): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Weekday names, 0 Monday ... 6 Sunday, as the server numbers them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The weekdays in the user's order (their week start). */
export function weekdayOrder(weekStart: 'monday' | 'sunday' | 'saturday'): number[] {
  const first = weekStart === 'monday' ? 0 : weekStart === 'sunday' ? 6 : 5;
  return Array.from({ length: 7 }, (_, i) => (first + i) % 7);
}

export const ACTION_LABELS: Record<MailroomAction, string> = {
  quarantined: 'Messages quarantined',
  trashed: 'Messages moved to trash',
  archived: 'Messages archived',
  markedRead: 'Messages marked read',
  unsubscribed: 'Lists unsubscribed from',
  repliesFromSuggestions: 'Replies sent from a suggestion',
};

/** The settings field holding each action's seconds. */
export const ACTION_SETTINGS = {
  quarantined: 'secondsPerQuarantined',
  trashed: 'secondsPerTrashed',
  archived: 'secondsPerArchived',
  markedRead: 'secondsPerMarkedRead',
  unsubscribed: 'secondsPerUnsubscribed',
  repliesFromSuggestions: 'secondsPerReplyFromSuggestion',
} as const satisfies Record<MailroomAction, string>;
