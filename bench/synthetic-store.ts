// The synthetic mailbox the store benchmarks share: realistic senders, categories, lists, labels
// and sizes over three years, generated from a seed so every run measures the same store.
import { seededRandom } from '@mailroom/gmail-sandbox';
import { toLabelRow, toStoreRow, type LabelInfo, type MessageMeta, type MessageRow } from '@mailroom/mail-query';
import { sql } from 'kysely';
import { generateApiToken } from '../apps/server/src/auth/api-tokens.ts';
import type { Db, Engine } from '../apps/server/src/db/database.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/app.ts';

/** Ten typical category queries, all header-only so the store answers them. */
export const TYPICAL_CATEGORY_QUERIES = [
  'category:promotions',
  'from:amazon.com OR from:ebay.com',
  'label:receipts',
  'is:unread in:inbox',
  'list:github.com',
  'has:attachment larger:5M',
  'older_than:1y category:social',
  'subject:(invoice OR receipt) newer_than:30d',
  'from:linkedin.com -is:starred',
  'category:updates is:unread newer_than:7d',
];

export const USER_LABELS: LabelInfo[] = [
  { id: 'Label_1', name: 'Receipts' },
  { id: 'Label_2', name: 'Work/Projects' },
  { id: 'Label_3', name: 'Travel' },
];

const SENDERS = [
  { name: 'Amazon.com', address: 'shipment-tracking@amazon.com', category: 'CATEGORY_UPDATES', list: null },
  { name: 'eBay', address: 'ebay@ebay.com', category: 'CATEGORY_PROMOTIONS', list: null },
  { name: 'LinkedIn', address: 'messages-noreply@linkedin.com', category: 'CATEGORY_SOCIAL', list: null },
  { name: 'GitHub', address: 'notifications@github.com', category: 'CATEGORY_UPDATES', list: 'mailroom/mailroom <mailroom.mailroom.github.com>' },
  { name: 'Newsletter', address: 'news@shop.example.com', category: 'CATEGORY_PROMOTIONS', list: 'Shop news <news.shop.example.com>' },
  { name: 'Facebook', address: 'notification@facebookmail.com', category: 'CATEGORY_SOCIAL', list: null },
  { name: 'Alice Colleague', address: 'alice@work.example.org', category: 'CATEGORY_PERSONAL', list: null },
  { name: 'Bob Friend', address: 'bob@gmail.com', category: 'CATEGORY_PERSONAL', list: null },
  { name: 'Rust users', address: 'users@lists.rust-lang.org', category: 'CATEGORY_FORUMS', list: 'Rust users <users.lists.rust-lang.org>' },
  { name: 'Bank', address: 'alerts@bank.example', category: 'CATEGORY_UPDATES', list: null },
];
const SUBJECTS = ['Your order has shipped', 'Invoice for October', 'Receipt for your payment', 'Weekly digest', 'Re: project plan', 'New comment on issue', '50% off this weekend', 'You have a new connection', 'Meeting notes', 'Your statement is ready'];

export interface SyntheticOptions {
  /** The newest message's time; the mailbox reaches three years back from it. */
  now: number;
  seed?: number;
  /** Mark about 3 % as spam (the query language's tests want some; Mailroom's store never holds spam). */
  includeSpam?: boolean;
}

export function syntheticMessages(count: number, options: SyntheticOptions): MessageMeta[] {
  const rnd = seededRandom(options.seed ?? 42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const messages: MessageMeta[] = [];
  for (let i = 0; i < count; i++) {
    const sender = pick(SENDERS);
    const labelIds = [sender.category];
    if (rnd() < 0.3) labelIds.push('INBOX');
    if (rnd() < 0.4) labelIds.push('UNREAD');
    if (rnd() < 0.05) labelIds.push('STARRED');
    if (rnd() < 0.15) labelIds.push('IMPORTANT');
    if (rnd() < 0.03 && options.includeSpam) labelIds.push('SPAM');
    if (rnd() < 0.1) labelIds.push(pick(USER_LABELS).id);
    messages.push({
      id: `m${i.toString(16).padStart(8, '0')}`,
      threadId: `t${Math.floor(i / 3).toString(16)}`,
      labelIds,
      from: [{ name: sender.name, address: sender.address }],
      to: [{ name: 'Me', address: 'me@example.com' }],
      cc: rnd() < 0.1 ? [{ name: null, address: 'team@work.example.org' }] : [],
      bcc: [],
      deliveredTo: ['me@example.com'],
      subject: `${pick(SUBJECTS)} #${i % 997}`,
      // Three years back from now, newest last.
      internalDate: options.now - Math.floor((1 - i / count) * 3 * 365 * 86_400_000),
      sizeEstimate: Math.floor(Math.exp(8 + rnd() * 8)),
      attachments: rnd() < 0.1 ? [{ filename: `document-${i}.pdf`, mimeType: 'application/pdf' }] : [],
      listId: sender.list,
      listPost: null,
      rfc822MessageId: `${i}.${sender.address}`,
    });
  }
  return messages;
}

/** The p-th percentile (nearest rank) of some timings. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Writes messages to the store in one transaction, 500 rows a statement; answers the milliseconds it took. */
export async function insertMessages(db: Db, messages: readonly MessageMeta[], row: (m: MessageMeta, n: number) => MessageRow): Promise<number> {
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < messages.length; i += 500) {
      await trx
        .insertInto('messages')
        .values(messages.slice(i, i + 500).map((m, j) => row(m, i + j)))
        .execute();
    }
  });
  return performance.now() - started;
}

export interface LargeUserStoreOptions {
  size: number;
  seed: number;
  engine?: Engine;
  /** Also store USER_LABELS as the account's labels. */
  labels?: boolean;
  /** Changes the generated mailbox before it is stored. */
  edit?: (messages: MessageMeta[]) => MessageMeta[];
  /** Each row's snippet; `Snippet of <subject>` unless given. */
  snippet?: (m: MessageMeta) => string | null;
  /** Columns to set over toStoreRow's (n: the message's position in the mailbox). */
  row?: (m: MessageMeta, n: number) => Partial<MessageRow>;
  /** Run `analyze` once the mail is stored (default true). */
  analyze?: boolean;
}

export interface LargeUserStore {
  t: TestApp;
  db: Db;
  now: number;
  token: string;
  messages: MessageMeta[];
  /** Milliseconds writing the messages took. */
  loadMs: number;
  /** A callable function through POST /api/fn/<name> as the store's user; its result. */
  call(name: string, data: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** A callable function through POST /api/fn/<name> with an API token; its result (anything but 200 throws). */
export async function callAs(t: Pick<TestApp, 'app'>, token: string, name: string, data: unknown): Promise<unknown> {
  const response = await t.app.inject({ method: 'POST', url: `/api/fn/${name}`, payload: { data }, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { result: unknown }).result;
}

/**
 * The real app (rate limit out of the way) with one user u1, Gmail account a1, an API token and
 * the synthetic mailbox of `size` messages from `seed` in the store.
 */
export async function openLargeUserStore(options: LargeUserStoreOptions): Promise<LargeUserStore> {
  const t = await createTestApp(options.engine ?? 'sqlite', { env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  try {
    const db = t.database.db;
    const now = Date.now();
    await db.insertInto('users').values({ id: 'u1', email: 'me@example.com', display_name: null, created_at: now, updated_at: now }).execute();
    await db
      .insertInto('mail_accounts')
      .values({ id: 'a1', user_id: 'u1', provider: 'gmail', email: 'me@example.com', scopes: '', token_ciphertext: 'sealed', token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now, created_at: now, updated_at: now, disconnected_at: null })
      .execute();
    const { token, hash } = generateApiToken();
    await db.insertInto('api_tokens').values({ id: 't1', user_id: 'u1', name: 'bench', token_hash: hash, created_at: now, last_used_at: now }).execute();
    if (options.labels) await db.insertInto('labels').values(USER_LABELS.map((l) => toLabelRow('a1', { ...l, type: 'user' }))).execute();
    const generated = syntheticMessages(options.size, { now, seed: options.seed });
    const messages = options.edit ? options.edit(generated) : generated;
    const snippet = options.snippet ?? ((m: MessageMeta) => `Snippet of ${m.subject}`);
    const row = options.row;
    const loadMs = await insertMessages(db, messages, (m, n) => {
      const stored = toStoreRow('a1', m, { historyId: null, snippet: snippet(m) });
      return row ? { ...stored, ...row(m, n) } : stored;
    });
    if (options.analyze ?? true) await sql`analyze`.execute(db);
    return { t, db, now, token, messages, loadMs, call: (name, data) => callAs(t, token, name, data), close: () => t.close() };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export interface TimeRunsOptions {
  /** Runs first that are not counted (they warm caches); default 2. */
  warmUp?: number;
  /** Work before each run, not timed. */
  before?: () => Promise<unknown> | unknown;
  /** Also the process's CPU time per counted run (SQLite runs in it). */
  cpu?: boolean;
}

/** Times `runs` calls of `work` (after the warm-up runs): wall milliseconds, CPU milliseconds with `cpu`, and the last result. */
export async function timeRuns<T>(runs: number, work: (run: number) => Promise<T>, options: TimeRunsOptions = {}): Promise<{ times: number[]; cpu: number[]; last: T }> {
  const warmUp = options.warmUp ?? 2;
  const times: number[] = [];
  const cpu: number[] = [];
  let last: T | undefined;
  for (let run = 0; run < runs + warmUp; run++) {
    await options.before?.();
    const started = performance.now();
    const cpuBefore = options.cpu ? process.cpuUsage() : undefined;
    last = await work(run);
    const used = cpuBefore && process.cpuUsage(cpuBefore);
    if (run >= warmUp) {
      times.push(performance.now() - started);
      if (used) cpu.push((used.user + used.system) / 1000);
    }
  }
  return { times, cpu, last: last as T };
}
