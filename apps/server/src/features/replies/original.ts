import { countMimeParts } from '@mailroom/mail-parse/limits';
import { htmlToText, parseRawMessage } from '@mailroom/mail-parse';
import type { ReplyMessage } from '@mailroom/intelligence/replies';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { viaProvider } from '../../providers/mailbox-access.ts';
import type { OriginalMessage } from '../../providers/outgoing/index.ts';

/**
 * The message being answered or forwarded, fetched from the provider on demand and parsed here,
 * never written anywhere (DESIGN §1). The same parse feeds the smart-reply engine (the CLI
 * builds its input the same way from a Takeout mbox: text part, else the HTML part as text)
 * and the composer (headers for threading, the text for the quote, attachments for forwards).
 *
 * A parse lives in memory for a minute, so opening a message, asking for suggestions, drafting
 * and sending it (the send job runs after the undo delay) fetch it once; like the reading pane's
 * render cache, it is never on disk and is bounded in entries and size.
 */

/** Gmail takes messages up to 25 MB from its users; a bigger one is almost all attachment. */
export const MAX_ORIGINAL_BYTES = 25 * 1024 * 1024;
/**
 * Suggestions parse on the request's thread; past this a message (a personal note with large
 * photos, usually) is not read for suggestions, and the answer says so. Replying still works.
 */
export const MAX_SUGGESTION_BYTES = 4 * 1024 * 1024;
/** Real mail has a few dozen MIME parts at most; the reading pane refuses past 500 as well. */
const MAX_PARTS = 500;

export interface OriginalMail {
  id: string;
  threadId: string;
  labelIds: string[];
  /** Raw size in bytes. */
  size: number;
  /** The engine's view of the message. */
  reply: ReplyMessage;
  /** The composer's view of the message (quote text included, attachments not). */
  original: OriginalMessage;
}

export interface OriginalAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The message is past a cap; `limit` says which. */
export class OriginalTooLargeError extends Error {
  readonly limit: 'size' | 'parts';
  constructor(limit: 'size' | 'parts', message: string) {
    super(message);
    this.name = 'OriginalTooLargeError';
    this.limit = limit;
  }
}

const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 32;
/** Texts longer than this are not kept after the request (a long text is rare, and re-fetched). */
const CACHE_MAX_TEXT_CHARS = 512 * 1024;

interface CacheEntry {
  expires: number;
  value: Promise<OriginalMail>;
}
const cache = new Map<string, CacheEntry>();

function ids(list: string | null | undefined): string[] {
  return list ? list.split(/\s+/).filter(Boolean) : [];
}

async function parse(provider: MailProvider, messageId: string, options: { maxBytes: number; attachments: boolean }): Promise<{ mail: OriginalMail; attachments: OriginalAttachment[] }> {
  const content = await viaProvider(() => provider.getMessageContent(messageId, 'raw'));
  if (content.format !== 'raw') throw new Error('the provider answered another format than raw');
  const raw = new Uint8Array(content.raw.buffer, content.raw.byteOffset, content.raw.byteLength);
  if (raw.byteLength > options.maxBytes) throw new OriginalTooLargeError('size', `The message is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
  if (countMimeParts(raw) > MAX_PARTS) throw new OriginalTooLargeError('parts', `The message has more than ${MAX_PARTS} MIME parts`);
  const parsed = await parseRawMessage(raw, { id: content.id, threadId: content.threadId, labelIds: content.labelIds });
  const { meta } = parsed;
  const plain = parsed.text && parsed.text.trim() !== '' ? parsed.text : null;
  const text = plain ?? (parsed.html ? htmlToText(parsed.html).text : '');
  const date = parsed.headerDate ?? (meta.internalDate || null);
  const replyTo = meta.replyTo ?? [];
  const mail: OriginalMail = {
    id: content.id,
    threadId: content.threadId,
    labelIds: content.labelIds,
    size: raw.byteLength,
    reply: {
      from: meta.from,
      to: meta.to,
      cc: meta.cc,
      replyTo,
      subject: meta.subject,
      headers: parsed.email.headers.map((h) => ({ name: h.key, value: h.value })),
      labelIds: content.labelIds,
      text,
      htmlOnly: plain === null && !!parsed.html,
      messageId: meta.rfc822MessageId,
      inReplyTo: ids(meta.inReplyTo),
      references: ids(meta.references),
      date,
      attachments: meta.attachments,
    },
    original: {
      from: meta.from,
      to: meta.to,
      cc: meta.cc,
      replyTo,
      subject: meta.subject,
      messageId: meta.rfc822MessageId,
      inReplyTo: ids(meta.inReplyTo),
      references: ids(meta.references),
      date,
      text,
    },
  };
  const attachments = options.attachments
    ? parsed.attachments.map((a) => ({ filename: a.filename ?? 'attachment', contentType: a.mimeType, content: Buffer.from(a.content) }))
    : [];
  return { mail, attachments };
}

/**
 * The message, parsed (from the minute's cache when it was just read). NOT_FOUND (through the
 * provider) for an id that is not in this mailbox; OriginalTooLargeError past `maxBytes`.
 */
export async function readOriginal(provider: MailProvider, key: { accountId: string; messageId: string }, options: { now: number; maxBytes?: number; cache?: boolean }): Promise<OriginalMail> {
  const maxBytes = options.maxBytes ?? MAX_ORIGINAL_BYTES;
  if (options.cache === false) return (await parse(provider, key.messageId, { maxBytes, attachments: false })).mail;
  const cacheKey = `${key.accountId}\u0000${key.messageId}`;
  for (const [k, entry] of cache) if (entry.expires <= options.now) cache.delete(k);
  const hit = cache.get(cacheKey);
  if (hit) {
    const mail = await hit.value.catch(() => null);
    if (mail) {
      if (mail.size > maxBytes) throw new OriginalTooLargeError('size', `The message is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
      return mail;
    }
  }
  // Fetched within the larger cap, so one read serves a later send as well as suggestions.
  const value = parse(provider, key.messageId, { maxBytes: Math.max(maxBytes, MAX_ORIGINAL_BYTES), attachments: false }).then((r) => r.mail);
  cache.set(cacheKey, { expires: options.now + CACHE_TTL_MS, value });
  while (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  try {
    const mail = await value;
    if (mail.reply.text.length > CACHE_MAX_TEXT_CHARS) cache.delete(cacheKey);
    if (mail.size > maxBytes) throw new OriginalTooLargeError('size', `The message is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    return mail;
  } catch (error) {
    if (cache.get(cacheKey)?.value === value) cache.delete(cacheKey);
    throw error;
  }
}

/** The message with its attachments' content, for a forward (never cached). */
export async function readOriginalWithAttachments(provider: MailProvider, messageId: string): Promise<{ mail: OriginalMail; attachments: OriginalAttachment[] }> {
  return parse(provider, messageId, { maxBytes: MAX_ORIGINAL_BYTES, attachments: true });
}

/** Forgets every cached parse (tests; an account's purge need not, entries expire in a minute). */
export function forgetOriginals(): void {
  cache.clear();
}
