import PostalMime from 'postal-mime';
import type { Email } from 'postal-mime';
import type { MessageMeta } from '@mailroom/mail-query';
import { parseRawMessage, TAKEOUT_HEADER_FIELDS } from '@mailroom/mail-parse';
import type { ParsedMessage } from '@mailroom/mail-parse';
import { SNIPPET_LENGTH } from './limits.ts';

export interface Header {
  name: string;
  value: string;
}

/** The meta fields that come from the raw message itself (labels, ids and dates live on the message). */
export type RawMessageMeta = Omit<MessageMeta, 'id' | 'threadId' | 'labelIds' | 'internalDate'>;

/**
 * What the sandbox derives once from a raw message, so that list, search, metadata and history
 * never re-parse it. Persisted beside the raw bytes so a restart does not parse 6,000 messages.
 */
export interface MessageIndex {
  headers: Header[];
  /** Top-level Content-Type media type, lower-case (text/plain when absent, RFC 2045 §5.2). */
  mimeType: string;
  snippet: string;
  /** Message-ID, In-Reply-To and References ids without angle brackets, for threading (RFC 5322 §3.6.4). */
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  /** The Date header as epoch ms, or null when missing or unparsable. */
  date: number | null;
  meta: RawMessageMeta;
}

/** Drops an mbox "From " envelope line, which is not part of the RFC 5322 message (RFC 4155). */
export function stripMboxEnvelope(raw: Buffer): Buffer {
  if (raw.subarray(0, 5).toString('latin1') !== 'From ') return raw;
  const end = raw.indexOf(0x0a);
  return end === -1 ? Buffer.alloc(0) : raw.subarray(end + 1);
}

const MESSAGE_ID = /<([^<>\s]+)>/g;

function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(MESSAGE_ID)].map((m) => m[1] as string);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Gmail's snippet: the start of the body text, whitespace collapsed, HTML-escaped (the API
 * returns `&#39;` for an apostrophe), about 200 characters.
 */
export function makeSnippet(bodyText: string | null | undefined): string {
  const text = (bodyText ?? '').replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

export async function parseMime(raw: Uint8Array): Promise<Email> {
  return PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
}

/** Parses raw mail with mail-parse (postal-mime underneath) and derives the index. */
export async function indexRawMessage(raw: Buffer): Promise<MessageIndex> {
  return indexParsed(await parseRawMessage(raw));
}

export function indexParsed(parsed: ParsedMessage): MessageIndex {
  const { email } = parsed;
  const header = (key: string) => email.headers.find((h) => h.key === key)?.value;
  const contentType = header('content-type');
  const mimeType = (contentType?.split(';')[0] ?? 'text/plain').trim().toLowerCase() || 'text/plain';
  const { id: _id, threadId: _threadId, labelIds: _labelIds, internalDate: _internalDate, ...meta } = parsed.meta;
  return {
    // Gmail does not store the fields Takeout adds on export (mail-parse size.ts): an imported
    // message is served, and measured, as Gmail holds it.
    headers: email.headers.filter((h) => !TAKEOUT_HEADER_FIELDS.includes(h.key)).map((h) => ({ name: h.originalKey, value: h.value })),
    mimeType,
    snippet: makeSnippet(parsed.meta.bodyText),
    messageId: messageIds(header('message-id'))[0] ?? null,
    inReplyTo: messageIds(header('in-reply-to')),
    references: messageIds(header('references')),
    date: parsed.headerDate,
    meta,
  };
}
