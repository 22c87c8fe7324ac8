/** Only same-origin paths are accepted as places to come back to (no open redirect). */
export function safeReturnTo(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
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
