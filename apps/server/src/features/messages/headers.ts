import PostalMime, { type Address as PostalAddress, type Email } from 'postal-mime';
import type { EncodedRawMessage } from '../../providers/mail-provider.ts';

/**
 * A message's headers as the reading pane shows them, read by postal-mime. Kept apart from the
 * renderer (no jsdom here): a refused message's headers are read on the event loop, from at most
 * REFUSAL_HEADER_BYTES of it.
 */

export interface RenderedHeaders {
  from: string;
  to: string;
  cc: string;
  replyTo: string;
  subject: string;
  date: string;
}

export const EMPTY_HEADERS: RenderedHeaders = { from: '', to: '', cc: '', replyTo: '', subject: '', date: '' };

function addressList(addresses: readonly PostalAddress[] | PostalAddress | undefined): string {
  const flat: string[] = [];
  const add = (list: readonly PostalAddress[]) => {
    for (const a of list) {
      if (a.group) add(a.group);
      else if (a.address) flat.push(a.name ? `${a.name} <${a.address}>` : a.address);
    }
  };
  add(addresses === undefined ? [] : Array.isArray(addresses) ? addresses : [addresses as PostalAddress]);
  return flat.join(', ');
}

export function headersOf(email: Email): RenderedHeaders {
  // postal-mime gives the Date header as ISO 8601 when it could read it, else as written (the
  // sender's claim, shown as such).
  const date = email.date && /^\d{4}-\d{2}-\d{2}T/.test(email.date) && !Number.isNaN(Date.parse(email.date)) ? new Date(email.date).toISOString() : (email.date ?? '');
  return {
    from: addressList(email.from),
    to: addressList(email.to),
    cc: addressList(email.cc),
    replyTo: addressList(email.replyTo),
    subject: email.subject ?? '',
    date,
  };
}

/** The end of the header section (the first empty line, RFC 5322 §2.1), within `limit` bytes. */
export function headerSectionEnd(raw: Uint8Array, limit: number): number | null {
  const end = Math.min(raw.length, limit);
  for (let i = 0; i + 1 < end; i++) {
    if (raw[i] === 0x0a && (raw[i + 1] === 0x0a || (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a))) return i + 1;
  }
  return raw.length <= limit ? raw.length : null;
}

/** Largest header section read for a refused message's headers. */
export const REFUSAL_HEADER_BYTES = 64 * 1024;

/**
 * The headers of a message that will not be rendered, from its header section alone (no body
 * is parsed); empty when the section is too large or unreadable. Cheap enough for any thread.
 */
export async function headersOnly(raw: Uint8Array): Promise<RenderedHeaders> {
  const end = headerSectionEnd(raw, REFUSAL_HEADER_BYTES);
  if (end === null) return EMPTY_HEADERS;
  try {
    return headersOf(await PostalMime.parse(raw.subarray(0, end), { maxNestingDepth: 1, maxHeadersSize: REFUSAL_HEADER_BYTES }));
  } catch {
    return EMPTY_HEADERS;
  }
}

/** Base64url characters that decode to the first 64 KiB of a message: enough for its header section. */
const HEADER_PREFIX_CHARS = Math.ceil((64 * 1024) / 3) * 4;

/**
 * The headers of a message whose render was stopped, from the start of the provider's answer
 * (kept by the pool before the answer moved to the render thread): the `raw` field's first
 * characters decode to the header section. Empty when they are not there.
 */
export async function headersFromPrefix(prefix: EncodedRawMessage): Promise<RenderedHeaders> {
  if (prefix.encoding === 'rfc822') return headersOnly(new Uint8Array(prefix.body));
  const text = new TextDecoder().decode(prefix.body);
  const start = text.indexOf('"raw":"');
  if (start === -1) return EMPTY_HEADERS;
  const from = start + '"raw":"'.length;
  const end = text.indexOf('"', from);
  let base64 = text.slice(from, end === -1 ? Math.min(text.length, from + HEADER_PREFIX_CHARS) : end);
  base64 = base64.slice(0, base64.length - (base64.length % 4));
  return headersOnly(Buffer.from(base64, 'base64url'));
}
