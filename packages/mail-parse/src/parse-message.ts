import { createHash } from 'node:crypto';
import type { Address, AttachmentMeta, MessageMeta } from '@mailroom/mail-query';
import { addressParser, decodeWords, type Address as PostalAddress, type Email } from 'postal-mime';
import { attachmentsOfTree, parseWithTree, partTreeOf, type MessageAttachment } from './attachments.ts';
import { htmlToText } from './html.ts';
import { gmailSizeEstimate } from './size.ts';
import { takeoutLabelIds } from './takeout.ts';

/** A raw RFC 822 message, parsed: the query metadata plus the decoded content. */
export interface ParsedMessage {
  meta: MessageMeta;
  /** The text/plain body, decoded; null when there is none. */
  text: string | null;
  /** The text/html body, decoded, unsanitised (hostile: sanitise before showing it). */
  html: string | null;
  /** The attachments with their content, by the rule in attachments.ts (the same list as
   * `meta.attachments`, which has only names and types). */
  attachments: MessageAttachment[];
  /** The Date header as epoch ms, when present and readable. */
  headerDate: number | null;
  /** User label names from X-Gmail-Labels (Takeout), in header order. */
  userLabelNames: string[];
  /** The parsed email, for callers that need more headers. */
  email: Email;
}

export interface ParseOptions {
  /** Gmail message id; default: X-GM-MSGID as hex when present, else a hash of the message. */
  id?: string;
  /** Thread id; default: X-GM-THRID as hex when present, else the message id. */
  threadId?: string;
  /** Label ids; default: from X-Gmail-Labels (Takeout), else none. */
  labelIds?: string[];
  /** Id for a user label name (X-Gmail-Labels); default: the name itself. */
  userLabelId?: (name: string) => string;
  /** Gmail's internalDate; default: the Date header, else `fallbackDate`, else 0. */
  internalDate?: number;
  /** Used when the Date header is missing or unreadable (e.g. the mbox `From ` line date). */
  fallbackDate?: number | null;
}

/**
 * Parses raw RFC 822 mail with postal-mime into the metadata the query language evaluates
 * (`meta`, with `bodyText` and `bodyUrls` filled) and the decoded bodies and attachments.
 * `sizeEstimate` is Gmail's (size.ts): CRLF line breaks, without the header fields Takeout adds.
 */
export async function parseRawMessage(raw: string | Uint8Array, options: ParseOptions = {}): Promise<ParsedMessage> {
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
  const { parser, email } = await parseWithTree(bytes);
  const attachments = await attachmentsOfTree(partTreeOf(parser));
  const header = (name: string): string | null => email.headers.find((h) => h.key === name)?.value ?? null;
  const all = (name: string): string[] => email.headers.filter((h) => h.key === name).map((h) => h.value);

  const id = options.id ?? gmailIdFromDecimal(header('x-gm-msgid')) ?? createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const threadId = options.threadId ?? gmailIdFromDecimal(header('x-gm-thrid')) ?? id;
  const takeout = takeoutLabelIds(header('x-gmail-labels'), options.userLabelId ?? ((name) => name));
  // postal-mime gives the Date header as ISO 8601 when it could read it, else the raw text.
  const headerDate = email.date && /^\d{4}-\d{2}-\d{2}T/.test(email.date) ? Date.parse(email.date) : Number.NaN;

  // Both the text and the HTML body are searched: Gmail shows the HTML, and the two parts of a
  // multipart/alternative message often differ (footers, link texts).
  const fromHtml = email.html ? htmlToText(email.html) : null;
  const bodyParts = [email.text, fromHtml?.text].filter((t): t is string => !!t && t.trim() !== '');
  const bodyText = bodyParts.length > 0 ? bodyParts.join('\n\n') : null;
  const bodyUrls = [...new Set([...urlsInText(email.text ?? ''), ...(fromHtml?.urls ?? [])])];

  const meta: MessageMeta = {
    id,
    threadId,
    labelIds: options.labelIds ?? takeout.labelIds,
    from: addresses(all('from')),
    to: addresses(all('to')),
    cc: addresses(all('cc')),
    bcc: addresses(all('bcc')),
    replyTo: addresses(all('reply-to')),
    deliveredTo: addresses(all('delivered-to')).map((a) => a.address),
    subject: email.subject ?? '',
    internalDate: options.internalDate ?? (Number.isNaN(headerDate) ? (options.fallbackDate ?? 0) : headerDate),
    sizeEstimate: gmailSizeEstimate(bytes),
    attachments: attachments.map((a): AttachmentMeta => ({ filename: a.filename ?? '', mimeType: a.mimeType })),
    listId: unfold(header('list-id')),
    listPost: unfold(header('list-post')),
    rfc822MessageId: stripBrackets(email.messageId ?? null),
    inReplyTo: messageIdList(email.inReplyTo ?? null),
    references: messageIdList(email.references ?? null),
    listUnsubscribe: unfold(header('list-unsubscribe')),
    listUnsubscribePost: unfold(header('list-unsubscribe-post')),
    bodyText,
    bodyUrls,
  };
  return {
    meta,
    text: email.text ?? null,
    html: email.html ?? null,
    attachments,
    headerDate: Number.isNaN(headerDate) ? null : headerDate,
    userLabelNames: takeout.userLabelNames,
    email,
  };
}

/** Gmail's API ids are the hex form of the decimal ids IMAP and Takeout show (X-GM-MSGID, X-GM-THRID). */
function gmailIdFromDecimal(value: string | null): string | null {
  const digits = value?.trim();
  if (!digits || !/^\d+$/.test(digits)) return null;
  return BigInt(digits).toString(16);
}

/** Mailboxes of address headers (RFC 5322 §3.4), groups flattened, names decoded (RFC 2047). */
function addresses(values: string[]): Address[] {
  const out: Address[] = [];
  const add = (list: PostalAddress[]) => {
    for (const a of list) {
      if (a.group) add(a.group);
      else if (a.address) out.push({ name: a.name ? decodeWords(a.name).trim() || null : null, address: a.address });
    }
  };
  for (const value of values) add(addressParser(value));
  return out;
}

function unfold(value: string | null): string | null {
  const v = value?.replace(/\r?\n[ \t]+/g, ' ').trim();
  return v ? v : null;
}

function stripBrackets(id: string | null): string | null {
  const v = id?.trim().replace(/^<+/, '').replace(/>+$/, '').trim();
  return v ? v : null;
}

/** `<a@x> <b@y>` -> `a@x b@y`. */
function messageIdList(value: string | null): string | null {
  if (!value) return null;
  const ids = [...value.matchAll(/<([^<>]+)>/g)].map((m) => (m[1] as string).trim());
  const list = ids.length > 0 ? ids : value.split(/\s+/).filter(Boolean);
  return list.length > 0 ? list.join(' ') : null;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"')\]]+/gi;

export function urlsInText(text: string): string[] {
  return text.match(URL_IN_TEXT) ?? [];
}
