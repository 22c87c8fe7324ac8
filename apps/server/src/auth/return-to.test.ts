import { describe, expect, test } from 'vitest';
import { safeReturnTo, withQuery } from './return-to.ts';

describe('returnTo accepts same-origin paths only', () => {
  const base = 'https://mail.example.com';

  test.each([
    ['/dashboard', '/dashboard'],
    ['/categories/abc?tab=rules#top', '/categories/abc?tab=rules#top'],
    ['/a/../b', '/b'],
  ])('%s is kept', (value, expected) => {
    expect(safeReturnTo(value, base)).toBe(expected);
  });

  test.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'https://mail.example.com.evil.example/',
    'javascript:alert(1)',
    'data:text/html,hi',
    'dashboard',
    '/\t/evil.example',
    '/\n/evil.example',
    '',
    `/${'a'.repeat(600)}`,
  ])('%j is refused', (value) => {
    expect(safeReturnTo(value, base)).toBeNull();
  });

  test('non-strings are refused', () => {
    expect(safeReturnTo(undefined, base)).toBeNull();
    expect(safeReturnTo(['/a'], base)).toBeNull();
  });

  test('query parameters are added without losing the path’s own', () => {
    expect(withQuery('/x?a=1#h', { signin: 'success' })).toBe('/x?a=1&signin=success#h');
  });
});
