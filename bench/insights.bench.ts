// Insights (issue 18): getInsights through the real app and POST /api/fn on a 100,000-message
// store (the synthetic mailbox, three years, with about 8 % of it the user's replies and answers
// to them), for 7, 30, 90 and 366 days in New York time, on SQLite and PostgreSQL.
// Target: p95 < 300 ms for 90 days on SQLite. See apps/server/src/features/insights/repository.ts.
//
// Measured 2026-11-26 on the shared 2-core machine with a load average of 22-27 (six other
// engineers' builds and tests running), so every figure is inflated by contention:
//   SQLite    7 d: median  88 ms, p95  205 ms;  30 d: median 158 ms, p95  331 ms;
//            90 d: median 330 ms, p95  580 ms; 366 d: median 1047 ms, p95 2175 ms  (target not met)
//   Postgres  7 d: median 173 ms, p95  224 ms;  30 d: median 268 ms, p95  586 ms;
//            90 d: median 472 ms, p95  915 ms; 366 d: median 1007 ms, p95 1629 ms
// Per query on the same SQLite store, 90 days, same load: 15-minute buckets 31 ms, unread before
// the range 83 ms, senders and lists 107 ms, the two reply joins 14 ms each; the rest is HTTP,
// settings and folding buckets into days. Computing on request stays the design (no cache table)
// until a run on an unloaded machine says otherwise; the next steps if it does not meet the
// target are a partial index on unread mail for the backlog count and a covering index with the
// From column for the senders pass.
import { toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { sql } from 'kysely';
import { generateApiToken } from '../apps/server/src/auth/api-tokens.ts';
import type { Engine } from '../apps/server/src/db/database.ts';
import { TEST_POSTGRES_URL } from '../apps/server/src/db/testing.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/app.ts';
import { seededRandom } from '@mailroom/gmail-sandbox';
import { percentile, syntheticMessages } from './synthetic-store.ts';

const STORE_SIZE = 100_000;
const RUNS = 25;
const WARM_UP = 3;
const ME = { name: 'Me', address: 'me@example.com' };
const DAY = 86_400_000;

/** The synthetic mailbox with a conversation share: some messages become the user's replies, some answers to those. */
function mailbox(now: number): MessageMeta[] {
  const rnd = seededRandom(18);
  const messages = syntheticMessages(STORE_SIZE, { now, seed: 7 });
  for (let i = 1; i < messages.length; i++) {
    const previous = messages[i - 1] as MessageMeta;
    const current = messages[i] as MessageMeta;
    const previousSent = previous.labelIds.includes('SENT');
    if (!previousSent && rnd() < 0.06) {
      messages[i] = { ...current, from: [ME], to: previous.from, labelIds: ['SENT'], inReplyTo: previous.rfc822MessageId };
    } else if (previousSent && rnd() < 0.4) {
      messages[i] = { ...current, inReplyTo: previous.rfc822MessageId };
    }
  }
  return messages;
}

async function callAs(t: TestApp, token: string, name: string, data: unknown): Promise<unknown> {
  const response = await t.app.inject({ method: 'POST', url: `/api/fn/${name}`, payload: { data }, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { result: unknown }).result;
}

async function benchEngine(engine: Engine): Promise<void> {
  const t = await createTestApp(engine, { env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  try {
    const db = t.database.db;
    const now = Date.now();
    await db.insertInto('users').values({ id: 'u1', email: ME.address, display_name: null, created_at: now, updated_at: now }).execute();
    await db
      .insertInto('mail_accounts')
      .values({ id: 'a1', user_id: 'u1', provider: 'gmail', email: ME.address, scopes: '', token_ciphertext: 'sealed', token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now, created_at: now, updated_at: now, disconnected_at: null })
      .execute();
    const { token, hash } = generateApiToken();
    await db.insertInto('api_tokens').values({ id: 't1', user_id: 'u1', name: 'bench', token_hash: hash, created_at: now, last_used_at: now }).execute();
    await callAs(t, token, 'updateSettings', { patch: { account: { timeZone: 'America/New_York' } } });
    const messages = mailbox(now);
    const loadStarted = performance.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < messages.length; i += 500) {
        await trx
          .insertInto('messages')
          .values(messages.slice(i, i + 500).map((m) => toStoreRow('a1', m, { historyId: null, snippet: null })))
          .execute();
      }
    });
    await sql`analyze`.execute(db);
    const sent = messages.filter((m) => m.labelIds.includes('SENT')).length;
    console.log(
      `getInsights on a ${STORE_SIZE.toLocaleString('en')}-message ${engine} store (${sent.toLocaleString('en')} sent, loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s), through POST /api/fn, America/New_York, ${RUNS} runs each:`,
    );
    const today = new Date(now);
    const dayString = (t: number) => new Date(t).toISOString().slice(0, 10);
    let ninetyP95 = 0;
    for (const days of [7, 30, 90, 366]) {
      const data = { from: dayString(today.getTime() - (days - 1) * DAY), to: dayString(today.getTime()) };
      const times: number[] = [];
      let figures = '';
      for (let run = 0; run < RUNS + WARM_UP; run++) {
        const started = performance.now();
        const result = (await callAs(t, token, 'getInsights', data)) as { totals: { received: number; sent: number }; responseTimes: { mine: { count: number } } };
        const ms = performance.now() - started;
        if (run >= WARM_UP) times.push(ms);
        figures = `${result.totals.received.toLocaleString('en')} received, ${result.totals.sent.toLocaleString('en')} sent, ${result.responseTimes.mine.count.toLocaleString('en')} replies timed`;
      }
      const p95 = percentile(times, 95);
      if (days === 90) ninetyP95 = p95;
      console.log(`  ${String(days).padStart(3)} days: median ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${p95.toFixed(1).padStart(6)} ms (${figures})`);
    }
    if (engine === 'sqlite') console.log(`  target: 90 days p95 < 300 ms on SQLite: ${ninetyP95 < 300 ? 'met' : 'not met'}`);
  } finally {
    await t.close();
  }
}

export default async function insightsBench(): Promise<void> {
  await benchEngine('sqlite');
  console.log(`(PostgreSQL at ${TEST_POSTGRES_URL})`);
  await benchEngine('postgres');
}
