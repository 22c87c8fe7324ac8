import { describe, expect, it } from 'vitest';
import { greetingName } from './useAuth';

describe('greetingName', () => {
  it('uses the display name when there is one', () => {
    expect(greetingName({ displayName: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });
  it('falls back to the part of the email before the at-sign', () => {
    expect(greetingName({ displayName: null, email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(greetingName({ displayName: '  ', email: 'x@example.com' })).toBe('x');
  });
});
