/**
 * `returnTo` values that try to send the browser off Mailroom's origin after a sign-in or a
 * consent (OWASP ASVS 5.1.5): scheme-relative and absolute URLs, backslashes, tabs and newlines
 * that URL parsers strip, and dot segments (raw and percent-encoded) that normalise to
 * `//evil.example` (issue 10 §6). Every place that takes a returnTo is tested with all of them.
 */
export const OPEN_REDIRECT_RETURN_TOS = [
  '//evil.example/x',
  'https://evil.example/',
  '/\\evil.example',
  'javascript:alert(1)',
  '/\t/evil.example',
  '/\n/evil.example',
  'dashboard',
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E//evil.example',
  '/a/b/%2e%2e/..//evil.example',
  '/.\\/evil.example',
] as const;
