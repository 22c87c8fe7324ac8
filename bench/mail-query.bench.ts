// Gmail search language: parse and evaluate throughput, and toSql on a 100,000-message SQLite
// store for ten typical category queries (target: median under 50 ms each).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileMatcher, parse, toLabelRow, toSql, toStoreRow, type EvaluationContext } from '@mailroom/mail-query';
import { migrateToLatest, openDatabase } from '@mailroom/server';
import { sql } from 'kysely';
import { insertMessages, median, syntheticMessages, TYPICAL_CATEGORY_QUERIES, USER_LABELS } from './synthetic-store.ts';

const PARSE_SAMPLES = [
  ...TYPICAL_CATEGORY_QUERIES,
  'from:(alice bob) -subject:"weekly report" {has:attachment filename:pdf} after:2024/01/31 before:2024-03-01',
  'label:work-projects OR label:"Receipts 2024" is:important older_than:3m smaller:10M',
  'holiday AROUND 10 vacation +unicorn "quarterly results" deliveredto:me@example.com',
];

const NOW = new Date('2026-11-21T12:00:00Z');
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

  const context: EvaluationContext = { now: NOW, timeZone: 'Europe/Berlin', labels: USER_LABELS };
  const sample = syntheticMessages(20_000, { now: NOW.getTime(), includeSpam: true });
  const matchers = TYPICAL_CATEGORY_QUERIES.map((q) => compileMatcher(parse(q), context));
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
    await db.insertInto('labels').values(USER_LABELS.map((l) => toLabelRow('a1', l))).execute();
    const messages = syntheticMessages(100_000, { now: NOW.getTime(), includeSpam: true });
    const fillMs = await insertMessages(db, messages, (m) => toStoreRow('a1', m, { historyId: null, snippet: null }));
    console.log(`store: ${messages.length.toLocaleString('en-US')} messages written in ${(fillMs / 1000).toFixed(1)} s (SQLite)`);
    await sql`analyze`.execute(db);

    // The account's labels are passed, as a category view has them at hand: label: then
    // compiles to the label ids instead of a per-row lookup in the labels table.
    const ctx = { now: NOW, timeZone: 'Europe/Berlin', labels: USER_LABELS };
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
    for (const q of TYPICAL_CATEGORY_QUERIES) {
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
