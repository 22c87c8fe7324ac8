import { describe, expect, test } from 'vitest';
import { dueDigest } from './digest.ts';
import { localTime, zonedInstant } from './zone.ts';

const at = (iso: string) => Date.parse(iso);

describe('the digest hour in the user’s zone (fake clock)', () => {
  test('is due at the hour in the user’s zone, not the server’s', () => {
    // 07:00 in New York in January is 12:00 UTC.
    expect(dueDigest(at('2026-01-15T11:59:00Z'), 'America/New_York', 7).day).toBe('2026-01-14');
    const due = dueDigest(at('2026-01-15T12:00:00Z'), 'America/New_York', 7);
    expect(due).toEqual({ day: '2026-01-15', periodEnd: at('2026-01-15T12:00:00Z'), nextDueAt: at('2026-01-16T12:00:00Z') });
    // Across the date line: 07:00 in Auckland on the 16th is 18:00 UTC on the 15th.
    expect(dueDigest(at('2026-01-15T18:30:00Z'), 'Pacific/Auckland', 7).day).toBe('2026-01-16');
  });

  test('keeps the local hour across the spring-forward change (a 23-hour day)', () => {
    // Europe/Paris moves from +01:00 to +02:00 at 02:00 on 29 March 2026.
    const saturday = dueDigest(at('2026-03-28T12:00:00Z'), 'Europe/Paris', 7);
    const sunday = dueDigest(at('2026-03-29T12:00:00Z'), 'Europe/Paris', 7);
    expect(new Date(saturday.periodEnd).toISOString()).toBe('2026-03-28T06:00:00.000Z');
    expect(new Date(sunday.periodEnd).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(sunday.periodEnd - saturday.periodEnd).toBe(23 * 3600_000);
    expect(localTime(sunday.periodEnd, 'Europe/Paris')).toEqual({ day: '2026-03-29', hour: 7, minute: 0 });
  });

  test('keeps the local hour across the fall-back change (a 25-hour day)', () => {
    // America/New_York goes from -04:00 to -05:00 at 02:00 on 1 November 2026.
    const saturday = dueDigest(at('2026-10-31T20:00:00Z'), 'America/New_York', 7);
    const sunday = dueDigest(at('2026-11-01T20:00:00Z'), 'America/New_York', 7);
    expect(sunday.periodEnd - saturday.periodEnd).toBe(25 * 3600_000);
    expect(localTime(sunday.periodEnd, 'America/New_York').hour).toBe(7);
  });

  test('an hour that does not exist on the change day is the first instant after the gap; a repeated one its first time', () => {
    expect(new Date(zonedInstant('2026-03-08', 2, 'America/New_York')).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(new Date(zonedInstant('2026-11-01', 1, 'America/New_York')).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(new Date(zonedInstant('2026-06-01', 0, 'Asia/Kolkata')).toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });
});
