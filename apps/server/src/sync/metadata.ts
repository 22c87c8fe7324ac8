import type { Address, MessageMeta } from '@mailroom/mail-query';
import { addressParser, decodeWords } from 'postal-mime';
import type { Header, ProviderMessage } from '../providers/mail-provider.ts';

/**
 * Headers that say a machine sent a message (RFC 2076 §3.9 Precedence, RFC 3834 §5
 * Auto-Submitted, bulk mailers' own), kept for the priority model (features/priority) as
 * `headers` by lower-case name: short metadata values, never a body.
 */
export const MACHINE_HEADERS = [
  'Precedence', 'Auto-Submitted', 'X-Mailer', 'Feedback-ID', 'Return-Path', 'Mailing-List', 'X-Mailing-List', 'X-Campaign', 'X-Campaign-Id',
  'Errors-To',
] as const;

/** The longest value kept of a machine header (an honest one is a short token or an address). */
const MACHINE_HEADER_MAX = 200;

/**
 * The headers Mailroom keeps (DESIGN §1: metadata only). Everything else in a message, above
 * all its body, is dropped in memory and never written anywhere.
 */
export const KEPT_HEADERS = [
  'From', 'To', 'Cc', 'Bcc', 'Reply-To', 'Delivered-To', 'Subject', 'Date', 'Message-ID',
  'In-Reply-To', 'References', 'List-Id', 'List-Post', 'List-Unsubscribe', 'List-Unsubscribe-Post',
  ...MACHINE_HEADERS,
] as const;

/** A message as the store keeps it: what queries evaluate plus what features show. */
export interface StoredMessageMeta extends MessageMeta {
  historyId: string;
  snippet: string;
  replyTo: Address[];
  inReplyTo: string | null;
  references: string | null;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  /** MACHINE_HEADERS present on the message, by lower-case name (first value, cut to 200 characters). */
  headers: Record<string, string>;
}

type Headers = Map<string, string[]>;

function headerMap(headers: readonly Header[]): Headers {
  const map: Headers = new Map();
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    map.set(key, [...(map.get(key) ?? []), value]);
  }
  return map;
}

const first = (headers: Headers, name: string): string | null => headers.get(name.toLowerCase())?.[0] ?? null;

/** RFC 5322 address lists with RFC 2047 encoded words, parsed by postal-mime; groups flattened. */
function addresses(headers: Headers, name: string): Address[] {
  const result: Address[] = [];
  for (const value of headers.get(name.toLowerCase()) ?? []) {
    const stack = addressParser(value);
    while (stack.length) {
      const entry = stack.shift()!;
      if ('group' in entry && Array.isArray(entry.group)) {
        stack.unshift(...entry.group);
        continue;
      }
      const address = 'address' in entry ? (entry.address ?? '') : '';
      const display = entry.name ? decodeWords(entry.name).trim() : '';
      if (address || display) result.push({ name: display || null, address });
    }
  }
  return result;
}

/** Angle brackets are not part of a msg-id's identity (RFC 5322 §3.6.4). */
function messageId(value: string | null): string | null {
  const trimmed = value?.trim().replace(/^<|>$/g, '').trim();
  return trimmed ? trimmed : null;
}

/**
 * PostgreSQL's text type cannot hold U+0000 (SQLite's can): one header with an encoded NUL
 * (`=?UTF-8?B?AA==?=`) failed the whole page's transaction and stopped the mailbox's sync. The
 * character shows nothing in a mail reader, so it is dropped from everything stored, on both
 * engines alike.
 */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  return value;
}

/** A provider message (headers as sent, RFC 2047 words still encoded) as stored metadata. */
export function toStoredMeta(message: ProviderMessage): StoredMessageMeta {
  return withoutNul(readStoredMeta(message));
}

function readStoredMeta(message: ProviderMessage): StoredMessageMeta {
  const headers = headerMap(message.headers);
  const text = (name: string) => {
    const value = first(headers, name);
    return value === null ? null : decodeWords(value).trim();
  };
  return {
    id: message.id,
    threadId: message.threadId,
    historyId: message.historyId,
    labelIds: message.labelIds,
    from: addresses(headers, 'From'),
    to: addresses(headers, 'To'),
    cc: addresses(headers, 'Cc'),
    bcc: addresses(headers, 'Bcc'),
    replyTo: addresses(headers, 'Reply-To'),
    deliveredTo: addresses(headers, 'Delivered-To').map((a) => a.address),
    subject: text('Subject') ?? '',
    internalDate: message.internalDate,
    sizeEstimate: message.sizeEstimate,
    snippet: message.snippet,
    attachments: (message.attachments ?? []).map((a) => ({ filename: decodeWords(a.filename), mimeType: a.mimeType })),
    listId: text('List-Id'),
    listPost: text('List-Post'),
    rfc822MessageId: messageId(first(headers, 'Message-ID')),
    inReplyTo: messageId(first(headers, 'In-Reply-To')),
    references: first(headers, 'References'),
    listUnsubscribe: first(headers, 'List-Unsubscribe'),
    listUnsubscribePost: first(headers, 'List-Unsubscribe-Post'),
    headers: machineHeaders(headers),
  };
}

function machineHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of MACHINE_HEADERS) {
    const value = first(headers, name);
    if (value !== null && value.trim() !== '') kept[name.toLowerCase()] = value.trim().slice(0, MACHINE_HEADER_MAX);
  }
  return kept;
}
