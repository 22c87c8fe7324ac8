import { readTakeoutMbox, type ParsedMessage } from '@mailroom/mail-parse';
import { resolveThreads, type PriorityMessage } from '@mailroom/intelligence/priority';

/**
 * A Google Takeout mbox as the priority model reads it: one PriorityMessage per distinct
 * Message-ID, with the metadata the server's store keeps (headers, labels, Gmail-sized snippet),
 * never the body beyond the snippet.
 *
 * - Ids: a message's Message-ID (no angle brackets); a message without one is `mbox-N`, N its
 *   1-based position in the file.
 * - Duplicates: copies of one Message-ID (Takeout can hold a message once per label set, e.g.
 *   a note to oneself in Inbox and Sent) are one message, with the copies' labels together;
 *   the first copy in the file gives its headers.
 * - Time: the arrival time from the topmost Received header (RFC 5321 §4.4: the receiving
 *   server's stamp, which is what Gmail's internalDate records), else the Date header, else the
 *   mbox `From ` line.
 * - Threads: X-GM-THRID, joined by In-Reply-To/References (resolveThreads).
 */
export interface PriorityMailbox {
  messages: PriorityMessage[];
  /** The printed id of each message (Message-ID or `mbox-N`), aligned with `messages`. */
  ids: string[];
  /** Each message's position among the parsed messages (its first copy), aligned with `messages`. */
  sources: number[];
}

/** Headers the model reads beyond the store's columns (see PriorityMessage.headers). */
const HINT_HEADERS = [
  'precedence', 'auto-submitted', 'x-mailer', 'feedback-id', 'x-campaign', 'x-campaignid', 'x-mailgun-tag',
  'x-mc-user', 'x-sg-eid', 'return-path', 'mailing-list', 'x-mailing-list', 'errors-to',
];

/** Gmail's snippets are about 200 characters of the text, whitespace collapsed. */
const SNIPPET_LENGTH = 200;

/** The date-time after the last ";" of a Received header (RFC 5321 §4.4, RFC 5322 §3.6.7). */
function receivedTime(value: string): number | null {
  const semicolon = value.lastIndexOf(';');
  if (semicolon < 0) return null;
  const stamp = value
    .slice(semicolon + 1)
    .replace(/\([^()]*\)/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const time = Date.parse(stamp);
  return Number.isNaN(time) ? null : time;
}

export function toPriorityMessage(parsed: ParsedMessage, position: number): PriorityMessage {
  const { meta, email } = parsed;
  const headers: Record<string, string> = {};
  for (const h of email.headers) if (HINT_HEADERS.includes(h.key) && !(h.key in headers)) headers[h.key] = h.value;
  const topReceived = email.headers.find((h) => h.key === 'received');
  const arrived = topReceived ? receivedTime(topReceived.value) : null;
  const snippet = (meta.bodyText ?? '').replace(/\s+/gu, ' ').trim().slice(0, SNIPPET_LENGTH);
  return {
    id: `mbox-${position}`,
    threadId: meta.threadId,
    rfc822MessageId: meta.rfc822MessageId,
    inReplyTo: meta.inReplyTo ?? null,
    references: meta.references ?? null,
    from: meta.from,
    to: meta.to,
    cc: meta.cc,
    bcc: meta.bcc,
    replyTo: meta.replyTo ?? [],
    subject: meta.subject,
    snippet,
    labelIds: meta.labelIds,
    internalDate: arrived ?? meta.internalDate,
    listId: meta.listId,
    listPost: meta.listPost,
    listUnsubscribe: meta.listUnsubscribe ?? null,
    headers,
  };
}

export class MboxFormatError extends Error {
  override name = 'MboxFormatError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/** Reads the mbox bytes; throws MboxFormatError (with a line number) when they are not an mbox. */
export async function readPriorityMailbox(bytes: Uint8Array): Promise<PriorityMailbox> {
  const firstLine = firstNonBlankLine(bytes);
  if (firstLine && !firstLine.text.startsWith('From ')) {
    throw new MboxFormatError(firstLine.line, 'not an mbox: each message must start with a "From " separator line (RFC 4155)');
  }
  return priorityMailbox((await readTakeoutMbox(bytes)).messages);
}

/** The parsed messages of a Takeout mbox (readTakeoutMbox), in file order, as the model reads them. */
export function priorityMailbox(parsedMessages: readonly ParsedMessage[]): PriorityMailbox {
  const messages: PriorityMessage[] = [];
  const ids: string[] = [];
  const sources: number[] = [];
  const byMessageId = new Map<string, number>();
  parsedMessages.forEach((parsed, i) => {
    const message = toPriorityMessage(parsed, i + 1);
    const id = message.rfc822MessageId ?? message.id;
    const earlier = byMessageId.get(id);
    if (earlier !== undefined) {
      const first = messages[earlier] as PriorityMessage;
      messages[earlier] = { ...first, labelIds: [...new Set([...first.labelIds, ...message.labelIds])] };
      return;
    }
    byMessageId.set(id, messages.length);
    messages.push(message);
    ids.push(id);
    sources.push(i);
  });
  const threads = resolveThreads(messages);
  return { messages: messages.map((m, i) => ({ ...m, threadId: threads[i] as string })), ids, sources };
}

function firstNonBlankLine(bytes: Uint8Array): { line: number; text: string } | null {
  let line = 1;
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const text = new TextDecoder('latin1').decode(bytes.subarray(start, end)).replace(/\r$/u, '');
    if (text.trim() !== '') return { line, text };
    line++;
    start = end + 1;
  }
  return null;
}
