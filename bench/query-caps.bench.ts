// The query caps (issue 10 §6): the largest queries the parser accepts (MAX_QUERY_DEPTH levels,
// MAX_QUERY_TERMS terms) against the demo mailbox (all 6,046 SpamAssassin corpus messages), through the categories service on SQLite and PostgreSQL (compile, count,
// first page, no cached counts) and through evaluate over every message; target: each under
// 100 ms. The queries the parser refuses (999 nested groups, 399 ORs) are timed too: refusing
// them must be instant.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileMatcher, MAX_QUERY_DEPTH, MAX_QUERY_TERMS, parse, QuerySyntaxError, toLabelRow, toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@mailroom/server';
import { sql } from 'kysely';
import { CATEGORY_QUERY_TIME_ZONE } from '../apps/server/src/constants/categories.ts';
import { clearCountCache } from '../apps/server/src/features/categories/counts.ts';
import { insertCategory } from '../apps/server/src/features/categories/repository.ts';
import { accountLabels, categoryEmails, compileForAccount, countQuery } from '../apps/server/src/features/categories/service.ts';
import { CORPUS_STORE_NOW, CORPUS_USER_LABELS, loadCorpus } from './corpus-store.ts';
import { median, percentile } from './synthetic-store.ts';

const RUNS = 9;
const NOW = new Date(CORPUS_STORE_NOW);

const words = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i));
const SENDERS = ['hotmail.com', 'yahoo.com', 'taint.org', 'linux.ie', 'perl.org', 'example.com', 'msn.com', 'aol.com'];

/** The biggest accepted queries, of each shape that costs the store or evaluate the most. */
const ACCEPTED: Array<[string, string]> = [
  [`${MAX_QUERY_TERMS} senders OR-ed`, words(MAX_QUERY_TERMS, (i) => `from:${i % 8 === 0 ? SENDERS[(i / 8) % SENDERS.length] : `s${i}.example`}`).join(' OR ')],
  [`${MAX_QUERY_TERMS} negated subject words`, words(MAX_QUERY_TERMS, (i) => `-subject:w${i}`).join(' ')],
  [`${MAX_QUERY_TERMS} OR-ed terms no index serves`, words(MAX_QUERY_TERMS, (i) => (i % 2 ? `larger:${1000 + i}K` : `older_than:${i}d`)).join(' OR ')],
  [`${MAX_QUERY_TERMS} mixed terms, negated groups`, words(MAX_QUERY_TERMS / 4, (i) => `-(subject:x${i} OR from:y${i} OR is:starred OR larger:${i}M)`).join(' ')],
  [`${MAX_QUERY_DEPTH} levels deep`, `${'-('.repeat(MAX_QUERY_DEPTH / 2)}subject:re OR from:taint.org${')'.repeat(MAX_QUERY_DEPTH / 2)}`],
];
const REFUSED: Array<[string, string]> = [
  ['999 nested parentheses', `${'('.repeat(999)}a${')'.repeat(999)}`],
  ['399 ORs', words(400, (i) => `from:s${i}.example`).join(' OR ')],
];

async function demoStore(dir: string, messages: MessageMeta[], engine: 'sqlite' | 'postgres'): Promise<DatabaseHandle | null> {
  const schema = `mailroom_bench_caps_${process.pid}`;
  const handle =
    engine === 'sqlite'
      ? openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'demo.sqlite') })
      : openDatabase({ databaseUrl: process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test', schema, poolSize: 4 });
  try {
    await migrateToLatest(handle, engine === 'postgres' ? schema : null);
  } catch (error) {
    console.log(`  ${engine} is not usable (${String(error)}): skipped`);
    await handle.close();
    return null;
  }
  const db = handle.db;
  await db.insertInto('users').values({ id: 'u', email: 'demo@mailroom.local', display_name: null, created_at: 1, updated_at: 1 }).execute();
  await db
    .insertInto('mail_accounts')
    .values({ id: 'a', user_id: 'u', provider: 'gmail', email: 'demo@mailroom.local', scopes: '', token_ciphertext: 'sealed', token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1, disconnected_at: null } as never)
    .execute();
  await db.insertInto('labels').values(CORPUS_USER_LABELS.map((l) => toLabelRow('a', l))).execute();
  for (let i = 0; i < messages.length; i += 250) {
    await db.insertInto('messages').values(messages.slice(i, i + 250).map((m) => toStoreRow('a', m, { historyId: null, snippet: null }))).execute();
  }
  await sql`analyze`.execute(db);
  return handle;
}

async function timeStore(handle: DatabaseHandle, query: string): Promise<{ p95: number; median: number; count: number | null }> {
  const db = handle.db;
  const row = await insertCategory(db, 'u', { name: `q${Math.random()}`, query }, 1);
  const labels = await accountLabels(db, 'a');
  const deps = { db, accountId: 'a', provider: () => Promise.reject(new Error('no Gmail in this bench')) };
  const times: number[] = [];
  let count: number | null = null;
  for (let run = 0; run < RUNS + 1; run++) {
    clearCountCache();
    const started = performance.now();
    const compiled = await compileForAccount(db, 'a', query, { now: NOW, timeZone: CATEGORY_QUERY_TIME_ZONE, labels });
    count = (await countQuery(db, 'a', compiled, NOW)).count;
    await categoryEmails(deps, row, { pageSize: 50 }, { now: NOW, timeZone: CATEGORY_QUERY_TIME_ZONE });
    if (run > 0) times.push(performance.now() - started);
  }
  return { p95: percentile(times, 95), median: median(times), count };
}

export default async function run(): Promise<void> {
  const corpus = await loadCorpus();
  // The demo mailbox, every corpus message (more than the sync stores: it leaves spam out), in the
  // inbox or archived, read or not, with its category.
  const messages: MessageMeta[] = corpus.map((c, i) => ({
      ...c.meta,
      id: `d${i}`,
      threadId: `d${i}`,
      internalDate: CORPUS_STORE_NOW - i * 3_600_000,
      labelIds: [c.category, ...(i % 3 ? ['INBOX'] : []), ...(i % 2 ? [] : ['UNREAD']), ...(i % 17 ? [] : ['STARRED'])],
    }));
  console.log(`query caps: the largest accepted queries (depth ${MAX_QUERY_DEPTH}, ${MAX_QUERY_TERMS} terms) on the demo mailbox (${messages.length.toLocaleString('en')} messages), ${RUNS} runs each:`);
  for (const [name, query] of REFUSED) {
    const started = performance.now();
    let refused = false;
    try {
      parse(query);
    } catch (error) {
      refused = error instanceof QuerySyntaxError;
    }
    console.log(`  refused: ${name.padEnd(34)} ${refused ? 'refused' : 'ACCEPTED'} in ${(performance.now() - started).toFixed(2)} ms`);
  }
  const context = { now: NOW, timeZone: CATEGORY_QUERY_TIME_ZONE, labels: CORPUS_USER_LABELS };
  let worst = 0;
  for (const [name, query] of ACCEPTED) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const matches = compileMatcher(parse(query), context);
      for (const m of messages) matches(m);
      times.push(performance.now() - started);
    }
    worst = Math.max(worst, percentile(times, 95));
    console.log(`  evaluate, ${name.padEnd(34)} median ${median(times).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-caps-'));
  try {
    for (const engine of ['sqlite', 'postgres'] as const) {
      const handle = await demoStore(dir, messages, engine);
      if (!handle) continue;
      try {
        for (const [name, query] of ACCEPTED) {
          const t = await timeStore(handle, query);
          worst = Math.max(worst, t.p95);
          console.log(`  ${engine.padEnd(8)} compile + count + first page, ${name.padEnd(34)} median ${t.median.toFixed(1).padStart(6)} ms, p95 ${t.p95.toFixed(1).padStart(6)} ms (${t.count} matches)`);
        }
      } finally {
        if (engine === 'postgres') await sql`drop schema if exists ${sql.id(`mailroom_bench_caps_${process.pid}`)} cascade`.execute(handle.db);
        await handle.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`  slowest accepted query (p95): ${worst.toFixed(1)} ms (target: every accepted query under 100 ms: ${worst < 100 ? 'met' : 'not met'})`);
}
