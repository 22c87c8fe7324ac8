import { describe, expect, it } from 'vitest';
import { parse } from './parse.ts';
import { bodyTerms, isHeaderOnly, needsBodyText, toGmailQuery, toSql } from './sql.ts';

describe('toGmailQuery', () => {
  it('turns calendar dates into epoch seconds of midnight in the user zone', () => {
    // Midnight 31 January 2024 in Berlin (UTC+1) is 23:00 UTC the day before.
    expect(toGmailQuery(parse('from:amy after:2024/01/31 older:2024-02-01'), { timeZone: 'Europe/Berlin' })).toBe(
      `from:amy after:${Date.UTC(2024, 0, 30, 23) / 1000} before:${Date.UTC(2024, 0, 31, 23) / 1000}`,
    );
  });
  it('keeps relative dates without now and pins them with now', () => {
    expect(toGmailQuery(parse('newer_than:2d'), { timeZone: 'UTC' })).toBe('newer_than:2d');
    const now = new Date('2024-06-15T12:00:00Z');
    expect(toGmailQuery(parse('newer_than:2d older_than:1y'), { timeZone: 'UTC', now })).toBe(
      `after:${Date.UTC(2024, 5, 13, 12) / 1000} before:${Date.UTC(2023, 5, 15, 12) / 1000}`,
    );
  });
  it('keeps everything else in canonical form', () => {
    expect(toGmailQuery(parse('{a b} -label:"My Label" x AROUND 3 y'), { timeZone: 'UTC' })).toBe('a OR b -label:"My Label" x AROUND 3 y');
  });
});

describe('body terms', () => {
  it('free text, AROUND and Google-link has: values need bodies; metadata operators do not', () => {
    expect(needsBodyText(parse('invoice'))).toBe(true);
    expect(needsBodyText(parse('a AROUND 2 b'))).toBe(true);
    expect(needsBodyText(parse('has:youtube'))).toBe(true);
    expect(needsBodyText(parse('from:amy subject:invoice has:attachment label:x is:unread larger:1M after:2024/01/01'))).toBe(false);
    expect(isHeaderOnly(parse('category:social -from:facebookmail.com'))).toBe(true);
    expect(bodyTerms(parse('from:a (b OR has:drive)')).map((t) => [t.term, t.span])).toEqual([
      ['text', { start: 8, end: 9 }],
      ['has:drive', { start: 13, end: 22 }],
    ]);
  });
  it('toSql reports instead of compiling when a body term is present', () => {
    const result = toSql(parse('subject:x OR hello'), { now: new Date(), timeZone: 'UTC' });
    expect(result.ok).toBe(false);
    expect(toSql(parse('subject:x'), { now: new Date(), timeZone: 'UTC' }).ok).toBe(true);
  });
});
