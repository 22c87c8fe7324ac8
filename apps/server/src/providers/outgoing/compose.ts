import crypto from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';

/**
 * Outgoing replies and forwards as RFC 5322 messages, built with nodemailer's MailComposer
 * (MIME structure, RFC 2047 header encoding, quoted-printable bodies, line folding).
 *
 * Recipients (RFC 5322 §3.6.3 and the Reply-To rule of §3.6.2): a reply goes to Reply-To when
 * the original has one, else to its From; reply-all adds the original To and Cc as Cc, without
 * the user's own addresses and without duplicates. Replying to a message the user sent answers
 * its recipients (Gmail does the same). Threading (§3.6.4): In-Reply-To is the original's
 * Message-ID; References is the original's References (or its single In-Reply-To) followed by
 * that Message-ID. Subjects get one "Re: " or "Fwd: " (§3.6.5), never "Re: Re: ". The original
 * is quoted as plain text with "> " (RFC 3676 §4.5) under an attribution line.
 */

export interface Mailbox {
  name: string | null;
  address: string;
}

/** What is needed of the message being answered or forwarded (its body fetched on demand). */
export interface OriginalMessage {
  from: Mailbox[];
  to: Mailbox[];
  cc: Mailbox[];
  replyTo: Mailbox[];
  subject: string;
  /** Message-ID without angle brackets. */
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  /** Epoch ms (the Date header or Gmail's internal date). */
  date: number | null;
  /** The plain-text body, for quoting; '' when none. */
  text: string;
}

export type ComposeMode = 'reply' | 'reply-all' | 'forward';

export interface ComposeInput {
  mode: ComposeMode;
  original: OriginalMessage;
  /** The user: `addresses[0]` sends; all of them are left out of reply-all. */
  user: { addresses: string[]; name: string | null };
  /** What the user wrote. */
  body: string;
  /** Forward recipients (required for forwards); for replies, replaces the computed To. */
  to?: Mailbox[];
  /** Extra Cc (added to the computed ones, duplicates dropped). */
  cc?: Mailbox[];
  bcc?: Mailbox[];
  /** Files to send along (forwards: the original's attachments). Content only: no paths or URLs. */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  /** Quote the original under the reply (default true). */
  quote?: boolean;
  /** IANA zone for the attribution line's date (default UTC). */
  timeZone?: string;
  now?: Date;
  /**
   * The Message-ID to give the message (without angle brackets); default a fresh one. A queued
   * send decides it up front, so after a crash mid-send it can ask Gmail whether the message got
   * there (`rfc822msgid:`) instead of sending it twice.
   */
  messageId?: string;
  /** The subject as the user edited it; default "Re: " / "Fwd: " and the original's (§3.6.5). */
  subject?: string;
}

export interface ComposedMessage {
  /** The RFC 5322 message, CRLF line breaks, ready for users.messages.send. */
  raw: Buffer;
  messageId: string;
  subject: string;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  inReplyTo: string | null;
  references: string[];
}

export class ComposeError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'ComposeError';
    this.field = field;
  }
}

/** Kept References: the first (the thread's root) and the newest; long chains are trimmed (RFC 5322 §3.6.4 allows it). */
const MAX_REFERENCES = 40;
const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+$/;

export async function composeMessage(input: ComposeInput): Promise<ComposedMessage> {
  const sender = input.user.addresses[0];
  if (!sender || !ADDRESS.test(sender)) throw new ComposeError('user', 'The sending address is missing or not an email address');
  const { original } = input;
  const { to, cc, bcc } = recipientsFor(input);
  for (const [field, list] of [['to', to], ['cc', cc], ['bcc', bcc]] as const) {
    const bad = list.find((a) => !ADDRESS.test(a.address) || /[\r\n]/.test(a.name ?? ''));
    if (bad) throw new ComposeError(field, `Not a valid recipient: ${JSON.stringify(bad.address)}`);
  }

  const subject = input.subject?.replace(/[\r\n]+/g, ' ').trim() || subjectFor(input.mode, original.subject);
  const inReplyTo = original.messageId;
  const references = referencesFor(original);
  const now = input.now ?? new Date();
  const messageId = input.messageId ?? newMessageId(sender);
  const text = bodyWithOriginal(input);

  const composer = new MailComposer({
    from: { name: input.user.name ?? '', address: sender },
    to: to.map(asNodemailer),
    ...(cc.length ? { cc: cc.map(asNodemailer) } : {}),
    ...(bcc.length ? { bcc: bcc.map(asNodemailer) } : {}),
    subject,
    ...(inReplyTo ? { inReplyTo: `<${inReplyTo}>` } : {}),
    ...(references.length ? { references: references.map((id) => `<${id}>`) } : {}),
    messageId: `<${messageId}>`,
    date: now,
    text,
    attachments: (input.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    // Content comes only from what is passed in: never from a file path or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    newline: 'windows',
  });
  const node = composer.compile();
  // Gmail's messages.send reads Bcc from the message itself and removes it before delivery.
  node.keepBcc = true;
  const raw = await node.build();
  return { raw, messageId, subject, to, cc, bcc, inReplyTo, references };
}

/** A fresh Message-ID on the sender's domain (RFC 5322 §3.6.4: globally unique, id-left@id-right). */
export function newMessageId(sender: string): string {
  return `${crypto.randomUUID()}@${sender.split('@')[1] ?? 'localhost'}`;
}

/** "Re: x" for replies, "Fwd: x" for forwards. */
export function subjectFor(mode: ComposeMode, originalSubject: string): string {
  return mode === 'forward' ? prefixed('Fwd', originalSubject) : prefixed('Re', originalSubject);
}

/**
 * Who a reply, reply-all or forward goes to, by the rules at the top of this file, with the
 * caller's To replacing the computed one and its Cc/Bcc added; duplicates and (for computed
 * recipients) the user's own addresses left out. The editor starts from this; composeMessage
 * sends to it.
 */
export function recipientsFor(input: Pick<ComposeInput, 'mode' | 'original' | 'user' | 'to' | 'cc' | 'bcc'>): { to: Mailbox[]; cc: Mailbox[]; bcc: Mailbox[] } {
  const sender = input.user.addresses[0] ?? '';
  const mine = new Set(input.user.addresses.map(key));
  const { original } = input;
  let to: Mailbox[];
  let cc: Mailbox[] = [];
  if (input.mode === 'forward') {
    to = input.to ?? [];
    if (to.length === 0) throw new ComposeError('to', 'A forward needs at least one recipient');
  } else {
    const fromUser = original.from.some((a) => mine.has(key(a.address)));
    // Answering one's own message answers its recipients.
    const primary = fromUser ? original.to : original.replyTo.length > 0 ? original.replyTo : original.from;
    to = input.to ?? primary;
    if (input.mode === 'reply-all') {
      const others = fromUser ? original.cc : [...original.to, ...original.cc];
      cc = others.filter((a) => !mine.has(key(a.address)));
    }
    if (!input.to && !fromUser) {
      to = to.filter((a) => !mine.has(key(a.address)));
      // A Reply-To naming only the user points back at them: answer the author instead.
      if (to.length === 0) to = original.from.filter((a) => !mine.has(key(a.address)));
    }
    if (to.length === 0) to = [{ name: input.user.name, address: sender }];
  }
  to = unique(to, []);
  cc = unique([...cc, ...(input.cc ?? [])], to);
  const bcc = unique(input.bcc ?? [], [...to, ...cc]);
  return { to, cc, bcc };
}

function key(address: string): string {
  return address.trim().toLowerCase();
}

function asNodemailer(a: Mailbox): { name: string; address: string } {
  return { name: a.name ?? '', address: a.address };
}

/** Without duplicates (case-insensitive) and without any address already in `taken`. */
function unique(list: Mailbox[], taken: Mailbox[]): Mailbox[] {
  const seen = new Set(taken.map((a) => key(a.address)));
  const out: Mailbox[] = [];
  for (const a of list) {
    const k = key(a.address);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ name: a.name?.trim() || null, address: a.address.trim() });
  }
  return out;
}

/** "Re: " once: "RE: re: Re[2]: AW: x" -> "Re: x"; "Fwd: Fw: x" -> "Fwd: x". */
export function prefixed(prefix: 'Re' | 'Fwd', subject: string): string {
  const pattern = prefix === 'Re' ? /^\s*(?:(?:re|aw|sv|antw|vs)(?:\[\d+\]|\(\d+\))?\s*:\s*)+/i : /^\s*(?:(?:fwd?|wg|tr)\s*:\s*)+/i;
  const rest = subject.replace(/[\r\n]+/g, ' ').replace(pattern, '').trim();
  return `${prefix}: ${rest || '(no subject)'}`;
}

function referencesFor(original: OriginalMessage): string[] {
  const chain = original.references.length > 0 ? [...original.references] : original.inReplyTo.length === 1 ? [...original.inReplyTo] : [];
  if (original.messageId) chain.push(original.messageId);
  const ids = [...new Set(chain.map((id) => id.replace(/^<+|>+$/g, '').trim()).filter((id) => /^[^\s<>]+$/.test(id)))];
  return ids.length > MAX_REFERENCES ? [ids[0] as string, ...ids.slice(-(MAX_REFERENCES - 1))] : ids;
}

function bodyWithOriginal(input: ComposeInput): string {
  const body = input.body.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  if (input.quote === false) return `${body}\n`;
  const { original } = input;
  const sender = original.from[0];
  const who = sender ? (sender.name ? `${sender.name} <${sender.address}>` : sender.address) : 'Someone';
  const when = original.date !== null ? formatDate(original.date, input.timeZone ?? 'UTC') : null;
  const originalText = original.text.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  if (input.mode === 'forward') {
    const list = (l: Mailbox[]) => l.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');
    const header = [
      '---------- Forwarded message ---------',
      `From: ${who}`,
      ...(when ? [`Date: ${when}`] : []),
      `Subject: ${original.subject.replace(/[\r\n]+/g, ' ')}`,
      ...(original.to.length ? [`To: ${list(original.to)}`] : []),
      ...(original.cc.length ? [`Cc: ${list(original.cc)}`] : []),
    ];
    return `${body}${body ? '\n\n' : ''}${header.join('\n')}\n\n${originalText}\n`;
  }
  // RFC 3676 §4.5: one ">" per level; a quoted line gains ">" with no space before its own.
  const quoted = originalText
    .split('\n')
    .map((line) => (line.startsWith('>') ? `>${line}` : line === '' ? '>' : `> ${line}`))
    .join('\n');
  return `${body}\n\n${when ? `On ${when}, ` : ''}${who} wrote:\n${quoted}\n`;
}

/** "Mon, 3 Jun 2024 at 09:00" in the given zone. */
function formatDate(epochMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).formatToParts(new Date(epochMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')}, ${get('day')} ${get('month')} ${get('year')} at ${get('hour')}:${get('minute')}`;
}
