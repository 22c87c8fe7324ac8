import type { UnsubscribeMethod } from '@mailroom/contract';

/**
 * Reading a message's unsubscribe headers, pure.
 *
 * RFC 2369 §2/§3.2: List-Unsubscribe holds one or more URIs, each in angle brackets, separated
 * by commas; whitespace (folding included) may appear anywhere and is ignored inside the
 * brackets; text in parentheses is a comment. Clients use the leftmost URI of a scheme they
 * support. RFC 8058 §3.1: one-click needs `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * and an HTTPS URI in List-Unsubscribe. RFC 6068: `mailto:` with `to`, `subject` and `body`
 * header fields, percent-encoded ('+' is a plus, not a space).
 *
 * Malformed input gives a clear state (no usable URI, `problems` says why), never an exception.
 */

export interface MailtoTarget {
  /** The addresses to send to (the path and any `to=` fields). */
  to: string[];
  subject: string | null;
  body: string | null;
  /** The URI as written. */
  uri: string;
}

export interface ParsedListUnsubscribe {
  /** https: URIs in header order (the only ones Mailroom's server ever requests). */
  https: string[];
  /** http: URIs (offered as links for the user to open, never requested by the server). */
  http: string[];
  mailto: MailtoTarget[];
  /** Why parts of the header could not be used. */
  problems: string[];
}

const MAX_HEADER_LENGTH = 8_192;
const MAX_URIS = 10;
const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+$/;

/** Comments (RFC 5322 §3.2.2) outside the brackets, nested ones included. */
function withoutComments(value: string): string {
  let out = '';
  let depth = 0;
  let inBrackets = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    if (c === '\\' && depth > 0) {
      i++;
      continue;
    }
    if (!inBrackets && c === '(') depth++;
    else if (!inBrackets && c === ')' && depth > 0) depth--;
    else if (depth === 0) {
      if (c === '<') inBrackets = true;
      if (c === '>') inBrackets = false;
      out += c;
    }
  }
  return out;
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** A mailto: URI (RFC 6068) as recipients, subject and body; null when it names no valid address. */
export function parseMailto(uri: string): MailtoTarget | null {
  const match = /^mailto:([^?#]*)(?:\?([^#]*))?/i.exec(uri);
  if (!match) return null;
  const to: string[] = [];
  const add = (list: string) => {
    for (const part of list.split(',')) {
      const address = decode(part.trim());
      if (address && ADDRESS.test(address.trim())) to.push(address.trim());
    }
  };
  add(match[1] ?? '');
  let subject: string | null = null;
  let body: string | null = null;
  for (const field of (match[2] ?? '').split('&')) {
    if (!field) continue;
    const eq = field.indexOf('=');
    const name = (eq < 0 ? field : field.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? '' : decode(field.slice(eq + 1));
    if (value === null) continue;
    if (name === 'to') add(field.slice(eq + 1));
    else if (name === 'subject') subject = value.replace(/[\r\n]+/g, ' ');
    else if (name === 'body') body = value;
  }
  if (to.length === 0) return null;
  return { to: [...new Set(to)], subject, body, uri };
}

export function parseListUnsubscribe(header: string | null): ParsedListUnsubscribe {
  const result: ParsedListUnsubscribe = { https: [], http: [], mailto: [], problems: [] };
  if (header === null || header.trim() === '') return result;
  if (header.length > MAX_HEADER_LENGTH) {
    result.problems.push('the header is too long to be read');
    return result;
  }
  const text = withoutComments(header);
  const uris = [...text.matchAll(/<([^<>]*)>/g)].map((m) => (m[1] ?? '').replace(/\s+/g, ''));
  if (uris.length === 0) {
    result.problems.push('no URI in angle brackets');
    return result;
  }
  for (const uri of uris.slice(0, MAX_URIS)) {
    if (/^https:\/\//i.test(uri)) {
      if (URL.canParse(uri)) result.https.push(uri);
      else result.problems.push(`not a valid URL: ${uri.slice(0, 100)}`);
    } else if (/^http:\/\//i.test(uri)) {
      if (URL.canParse(uri)) result.http.push(uri);
      else result.problems.push(`not a valid URL: ${uri.slice(0, 100)}`);
    } else if (/^mailto:/i.test(uri)) {
      const mailto = parseMailto(uri);
      if (mailto) result.mailto.push(mailto);
      else result.problems.push(`a mailto: URI without a valid address: ${uri.slice(0, 100)}`);
    } else {
      result.problems.push(`unsupported scheme: ${uri.slice(0, 40)}`);
    }
  }
  if (uris.length > MAX_URIS) result.problems.push(`only the first ${MAX_URIS} URIs are read`);
  return result;
}

/** RFC 8058 §3.1: the exact key/value pair, whitespace around it ignored. */
export function isOneClickPost(header: string | null): boolean {
  return header !== null && /^\s*List-Unsubscribe\s*=\s*One-Click\s*$/i.test(header);
}

/** What DKIM said about the message offering one-click (checked on demand, never stored). */
export type DkimVerdict =
  /** A valid signature whose h= covers List-Unsubscribe and List-Unsubscribe-Post. */
  | 'pass'
  /** Signed, but the signature does not verify or does not cover both headers. */
  | 'fail'
  /** No DNS to look the key up (the embedded default), or the raw message could not be read. */
  | 'unavailable'
  /** Not checked yet. */
  | 'unchecked';

export interface MethodChoice {
  method: UnsubscribeMethod;
  /** The URI (or mailto target) the method uses. */
  target: string | MailtoTarget | null;
  /** Why a better method was not used, for the UI. */
  reason: string | null;
}

/** The methods a subscription offers by its headers alone (before DKIM). */
export function offeredMethods(parsed: ParsedListUnsubscribe, postHeader: string | null): UnsubscribeMethod[] {
  const methods: UnsubscribeMethod[] = [];
  if (isOneClickPost(postHeader) && parsed.https.length > 0) methods.push('one-click');
  if (parsed.mailto.length > 0) methods.push('mailto');
  if (parsed.https.length + parsed.http.length > 0) methods.push('link');
  return methods;
}

/**
 * The order: one-click POST when the headers offer it AND DKIM passed over both headers;
 * else mailto (sent through the user's mailbox); else a link the user opens themselves; else none.
 */
export function chooseMethod(parsed: ParsedListUnsubscribe, postHeader: string | null, dkim: DkimVerdict): MethodChoice {
  const oneClickOffered = isOneClickPost(postHeader) && parsed.https.length > 0;
  let reason: string | null = null;
  if (oneClickOffered) {
    if (dkim === 'pass') return { method: 'one-click', target: parsed.https[0] as string, reason: null };
    reason =
      dkim === 'fail'
        ? 'One-click was not used: the message’s DKIM signature did not verify over its unsubscribe headers.'
        : dkim === 'unavailable'
          ? 'One-click was not used: the message’s DKIM signature could not be checked (no DNS here).'
          : 'One-click needs a DKIM check first.';
  } else if (postHeader !== null && !isOneClickPost(postHeader)) {
    reason = 'The List-Unsubscribe-Post header is not the one-click form of RFC 8058.';
  }
  if (parsed.mailto.length > 0) return { method: 'mailto', target: parsed.mailto[0] as MailtoTarget, reason };
  const link = parsed.https[0] ?? parsed.http[0];
  if (link) return { method: 'link', target: link, reason };
  return { method: 'none', target: null, reason: reason ?? (parsed.problems[0] ? `No usable unsubscribe method: ${parsed.problems[0]}.` : 'The sender offers no unsubscribe method.') };
}
