import { describe, expect, test } from 'vitest';
import { safeReturnTo, withQuery } from './return-to.ts';

describe('returnTo accepts same-origin paths only', () => {
  const base = 'https://mail.example.com';

  test.each([
    ['/dashboard', '/dashboard'],
    ['/categories/abc?tab=rules#top', '/categories/abc?tab=rules#top'],
    ['/a/../b', '/b'],
    ['/./dashboard', '/dashboard'],
    // Encoded slashes and backslashes stay encoded: the browser never reads them as separators.
    ['/%2f/evil.example', '/%2f/evil.example'],
    ['/%5c/evil.example', '/%5c/evil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%09/evil.example', '/%09/evil.example'],
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
    // Dot segments that normalise to a scheme-relative `//evil.example` (issue 10 §6).
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2e//evil.example',
    '/.%2e//evil.example',
    '/%2e.//evil.example',
    '/a/%2e%2e//evil.example',
    '/././/evil.example',
    '/.//evil.example/path?q=1#h',
    '/..//evil.example:8080',
    // Backslashes, raw or next to dot segments (URL parsers read `\\` as `/` in http URLs).
    '/.\\/evil.example',
    '/..\\evil.example',
    // Tabs and newlines, which URL parsers strip.
    '/.\t//evil.example',
    '/\r\n/evil.example',
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
