/**
 * Where to send the browser after a sign-in or a consent. Only paths on Mailroom's own origin
 * are accepted, so `returnTo` cannot turn the callback into an open redirector (OWASP ASVS
 * 5.1.5; RFC 6749 §10.15). Returns the path (with query and fragment) or null.
 */
export function safeReturnTo(value: unknown, publicUrl: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return null;
  // A path, not a scheme-relative URL (`//evil.example`) or a backslash trick (`/\evil.example`).
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Control characters (tab, newline) are stripped by URL parsers and could hide `//`.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  const base = new URL(publicUrl);
  let target: URL;
  try {
    target = new URL(value, base);
  } catch {
    return null;
  }
  if (target.origin !== base.origin) return null;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // The normalised path is what the browser is sent to, so it is what must be checked: removing
  // dot segments (RFC 3986 §5.2.4, also `%2e`, WHATWG URL §4.4) turns `/.//evil.example`,
  // `/..//evil.example` or `/a/%2e%2e//evil.example` into `//evil.example`, a scheme-relative
  // URL that leaves the origin (issue 10 §6).
  if (!isSameOriginPath(path, base)) return null;
  return path;
}

/** A path that a browser resolves on `base`'s own origin: one slash, then not a second or a backslash. */
function isSameOriginPath(path: string, base: URL): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  try {
    return new URL(path, base).origin === base.origin;
  } catch {
    return false;
  }
}

/** Adds query parameters to a same-origin path, keeping its own query and fragment. */
export function withQuery(pathWithQuery: string, params: Record<string, string>): string {
  const url = new URL(pathWithQuery, 'http://mailroom.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
