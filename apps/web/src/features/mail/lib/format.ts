import type { MailAddress } from '@mailroom/contract';

const numberFormat = new Intl.NumberFormat();

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "1 message", "3 messages". */
export function messages(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'message' : 'messages'}`;
}

/** How a list names a sender: the display name, else the address (both parsed by the server). */
export function senderName(from: MailAddress): string {
  return from.name?.trim() || from.address.trim() || '(unknown sender)';
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** As mail clients list dates: the time today, the day this year, the date before that. */
export function listDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() === now.toDateString()) return timeFormat.format(date);
  if (date.getFullYear() === now.getFullYear()) return dayFormat.format(date);
  return dateFormat.format(date);
}

export function fullDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : fullFormat.format(date);
}

/** Attachment sizes as people read them (1 kB = 1,000 bytes, like Gmail). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${formatCount(bytes)} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1_000;
  let unit = 0;
  while (value >= 1_000 && unit < units.length - 1) {
    value /= 1_000;
    unit++;
  }
  return `${value.toLocaleString(undefined, { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}
