// Gmail search language: parse and evaluate throughput, and toSql on a 100,000-message SQLite
// store for ten typical category queries (target: median under 50 ms each).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileMatcher, parse, toLabelRow, toSql, toStoreRow, type EvaluationContext, type MessageMeta } from '@mailroom/mail-query';
import { migrateToLatest, openDatabase } from '@mailroom/server';
import { sql } from 'kysely';

const QUERIES = [
  'category:promotions',
  'from:amazon.com OR from:ebay.com',
  'label:receipts',
  'is:unread in:inbox',
  'list:github.com',
  'has:attachment larger:5M',
  'older_than:1y category:social',
  'subject:{invoice receipt} newer_than:30d',
  'from:linkedin.com -is:starred',
  'category:updates is:unread newer_than:7d',
];

const PARSE_SAMPLES = [
  ...QUERIES,
  'from:(alice bob) -subject:"weekly report" {has:attachment filename:pdf} after:2024/01/31 before:2024-03-01',
  'label:work-projects OR label:"Receipts 2024" is:important older_than:3m smaller:10M',
  'holiday AROUND 10 vacation +unicorn "quarterly results" deliveredto:me@example.com',
];

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same store. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOW = new Date('2026-11-21T12:00:00Z');
const LABELS = [
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

function syntheticMessages(count: number): MessageMeta[] {
  const rnd = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const messages: MessageMeta[] = [];
  for (let i = 0; i < count; i++) {
    const sender = pick(SENDERS);
    const labelIds = [sender.category];
    if (rnd() < 0.3) labelIds.push('INBOX');
    if (rnd() < 0.4) labelIds.push('UNREAD');
    if (rnd() < 0.05) labelIds.push('STARRED');
    if (rnd() < 0.15) labelIds.push('IMPORTANT');
    if (rnd() < 0.03) labelIds.push('SPAM');
    if (rnd() < 0.1) labelIds.push(pick(LABELS).id);
    const attachments = rnd() < 0.1 ? [{ filename: `document-${i}.pdf`, mimeType: 'application/pdf' }] : [];
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
      internalDate: NOW.getTime() - Math.floor((1 - i / count) * 3 * 365 * 86_400_000),
      sizeEstimate: Math.floor(Math.exp(8 + rnd() * 8)),
      attachments,
      listId: sender.list,
      listPost: null,
      rfc822MessageId: `${i}.${sender.address}`,
    });
  }
  return messages;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function throughput(label: string, unit: string, work: () => number): void {
  work(); // warm-up
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < 1000) done += work();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${Math.round(done / seconds).toLocaleString('en-US')} ${unit}/s`);
}

export default async function run(): Promise<void> {
  throughput(`parse (${PARSE_SAMPLES.length} typical queries)`, 'queries', () => {
    for (const q of PARSE_SAMPLES) parse(q);
    return PARSE_SAMPLES.length;
  });

  const context: EvaluationContext = { now: NOW, timeZone: 'Europe/Berlin', labels: LABELS };
  const sample = syntheticMessages(20_000);
  const matchers = QUERIES.map((q) => compileMatcher(parse(q), context));
  throughput('evaluate (10 category queries x 20,000 messages)', 'message-evaluations', () => {
    for (const matches of matchers) for (const m of sample) matches(m);
    return matchers.length * sample.length;
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-query-'));
  const database = openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'store.sqlite') });
  try {
    await migrateToLatest(database);
    const db = database.db;
    const now = NOW.getTime();
    await db.insertInto('users').values({ id: 'u1', email: 'me@example.com', display_name: null, created_at: now, updated_at: now }).execute();
    await db
      .insertInto('mail_accounts')
      .values({ id: 'a1', user_id: 'u1', provider: 'gmail', email: 'me@example.com', scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now, created_at: now, updated_at: now })
      .execute();
    await db.insertInto('labels').values(LABELS.map((l) => toLabelRow('a1', l))).execute();
    const messages = syntheticMessages(100_000);
    const filling = performance.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < messages.length; i += 500) {
        await trx
          .insertInto('messages')
          .values(messages.slice(i, i + 500).map((m) => toStoreRow('a1', m, { historyId: null, snippet: null })))
          .execute();
      }
    });
    console.log(`store: ${messages.length.toLocaleString('en-US')} messages written in ${((performance.now() - filling) / 1000).toFixed(1)} s (SQLite)`);
    await sql`analyze`.execute(db);

    // The account's labels are passed, as a category view has them at hand: label: then
    // compiles to the label ids instead of a per-row lookup in the labels table.
    const ctx = { now: NOW, timeZone: 'Europe/Berlin', labels: LABELS };
    const timed = async (work: () => Promise<number>): Promise<{ ms: number; rows: number }> => {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < 15; run++) {
        const started = performance.now();
        rows = await work();
        times.push(performance.now() - started);
      }
      return { ms: median(times), rows };
    };
    let worstAll = 0;
    let worstPage = 0;
    console.log('toSql on SQLite, 100,000 messages, median of 15 runs: every match (ids, newest first) | first page of 50 | count');
    for (const q of QUERIES) {
      const compiled = toSql(parse(q), ctx);
      if (!compiled.ok) throw new Error(`${q} does not compile`);
      const where = compiled.where;
      const base = () => db.selectFrom('messages').where('account_id', '=', 'a1').where(where);
      const all = await timed(async () => (await base().select('id').orderBy('internal_date', 'desc').execute()).length);
      const page = await timed(async () => (await base().select('id').orderBy('internal_date', 'desc').limit(50).execute()).length);
      const count = await timed(async () => Number((await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
      worstAll = Math.max(worstAll, all.ms);
      worstPage = Math.max(worstPage, page.ms);
      console.log(
        `  ${q.padEnd(42)} all ${all.ms.toFixed(1).padStart(6)} ms (${all.rows.toLocaleString('en-US')} rows) | page ${page.ms.toFixed(1).padStart(5)} ms | count ${count.ms.toFixed(1).padStart(6)} ms`,
      );
    }
    console.log(`toSql worst median: every match ${worstAll.toFixed(1)} ms, first page ${worstPage.toFixed(1)} ms (target < 50 ms: ${worstAll < 50 ? 'met' : 'not met'} for every match, ${worstPage < 50 ? 'met' : 'not met'} for a page)`);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
