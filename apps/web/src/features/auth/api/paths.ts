/** Tabs and newlines are stripped by URL parsers and could hide a `//`. */
const hasControlCharacter = (value: string): boolean => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const isSameOriginPath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/**
 * Only same-origin paths are accepted as places to come back to (no open redirect). The
 * normalised path is checked, not only the value given: dot segments (`/.//evil.example`,
 * `/%2e%2e//evil.example`) normalise to `//evil.example`, which leaves the origin. The server's
 * safeReturnTo (apps/server/src/auth/return-to.ts) keeps the same rule.
 */
export function safeReturnTo(value: string | null | undefined, fallback: string): string {
  if (!value || !isSameOriginPath(value) || hasControlCharacter(value)) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isSameOriginPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

export function signInUrl(mode: 'popup' | 'redirect', returnTo?: string): string {
  const params = new URLSearchParams({ mode });
  if (returnTo) params.set('returnTo', returnTo);
  return `/api/auth/signin?${params.toString()}`;
}

/** The SPA page a Gmail-consent popup opens on; it signs in first if needed (see PopupStartPage). */
export function popupStartUrl(write: boolean): string {
  const params = new URLSearchParams({ flow: 'gmail' });
  if (write) params.set('write', '1');
  return `/auth/popup-start?${params.toString()}`;
}

/** Removes the redirect-result parameters the server appends, keeping the rest of the URL. */
export function withoutSignInParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['signin', 'gmail', 'code', 'message']) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
