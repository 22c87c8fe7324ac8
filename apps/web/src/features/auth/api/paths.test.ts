import { describe, expect, it } from 'vitest';
import { safeReturnTo, withoutSignInParams } from './paths';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnTo('/manual/abc?x=1#top', '/f')).toBe('/manual/abc?x=1#top');
  });
  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    null,
    // Dot segments that normalise to `//evil.example` (issue 10 §6).
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/.\\/evil.example',
    '/\t/evil.example',
  ])('refuses %s', (value) => {
    expect(safeReturnTo(value, '/features')).toBe('/features');
  });
});

describe('withoutSignInParams', () => {
  it('drops only the redirect-result parameters', () => {
    expect(withoutSignInParams('?signin=success&tab=2')).toBe('?tab=2');
    expect(withoutSignInParams('?signin=error&code=x&message=y')).toBe('');
  });
});
