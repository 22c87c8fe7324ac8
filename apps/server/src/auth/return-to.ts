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
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Adds query parameters to a same-origin path, keeping its own query and fragment. */
export function withQuery(pathWithQuery: string, params: Record<string, string>): string {
  const url = new URL(pathWithQuery, 'http://mailroom.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
