// Priority in the product (issue 13): Inbox Flow's listInbox through the real app (POST /api/fn)
// on a 100,000-message SQLite store — the first step (the whole mailbox observed and scored for
// a new model), then the first page of each tab, median and p95 (target: p95 < 50 ms on
// SQLite); a learning step right after an action (recordFeedback: the acted message's sender,
// list and thread re-scored at once) and the background re-score of the whole mailbox.
import { toLabelRow, toStoreRow } from '@mailroom/mail-query';
import { sql } from 'kysely';
import { generateApiToken } from '../apps/server/src/auth/api-tokens.ts';
import { learn, recordActions } from '../apps/server/src/features/priority/model.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/app.ts';
import { percentile, syntheticMessages, USER_LABELS } from './synthetic-store.ts';

const STORE_SIZE = 100_000;
const RUNS = 25;

async function callAs(t: TestApp, token: string, name: string, data: unknown): Promise<unknown> {
  const response = await t.app.inject({ method: 'POST', url: `/api/fn/${name}`, payload: { data }, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { result: unknown }).result;
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

export default async function priorityInbox(): Promise<void> {
  const t = await createTestApp('sqlite', { env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
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
    await db.insertInto('labels').values(USER_LABELS.map((l) => toLabelRow('a1', { ...l, type: 'user' }))).execute();
    const messages = syntheticMessages(STORE_SIZE, { now, seed: 7 });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < messages.length; i += 500) {
        await trx
          .insertInto('messages')
          .values(messages.slice(i, i + 500).map((m) => toStoreRow('a1', m, { historyId: null, snippet: `Snippet of ${m.subject}` })))
          .execute();
      }
    });
    await sql`analyze`.execute(db);
    const inbox = messages.filter((m) => m.labelIds.includes('INBOX')).length;

    type Page = { messages: Array<{ id: string }>; counts: { important: number; other: number } };
    const [cold, first] = await timed(() => callAs(t, token, 'listInbox', { split: 'important' }) as Promise<Page>);
    console.log(
      `first listInbox on a new ${STORE_SIZE.toLocaleString('en')}-message store (every message observed and scored): ${(cold / 1000).toFixed(1)} s; inbox ${inbox.toLocaleString('en')}: ${first.counts.important.toLocaleString('en')} important, ${first.counts.other.toLocaleString('en')} other`,
    );

    const all: number[] = [];
    for (const split of ['important', 'other', 'all'] as const) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await timed(() => callAs(t, token, 'listInbox', { split })))[0]);
      all.push(...times);
      console.log(`  listInbox ${split.padEnd(9)} first page of 50: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
    }
    const p95 = percentile(all, 95);
    console.log(`  all tabs: median ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target: p95 < 50 ms on SQLite: ${p95 < 50 ? 'met' : 'not met'})`);

    // Learning from an action: what the user waits for, and what the job does afterwards.
    const steps: number[] = [];
    const actions = ['star', 'open', 'not_important', 'reply', 'important'] as const;
    for (let i = 0; i < actions.length; i++) {
      const messageId = first.messages[i % first.messages.length]!.id;
      steps.push((await timed(() => callAs(t, token, 'recordFeedback', { messageId, action: actions[i] })))[0]);
    }
    console.log(`  recordFeedback (learn, re-score the sender's, list's and thread's mail): median ${percentile(steps, 50).toFixed(0)} ms, max ${Math.max(...steps).toFixed(0)} ms`);
    await t.jobs.idle();
    // The job's work after one more action: every message re-scored with what was learned.
    const deps = { db, clock: { now: () => Date.now() } };
    await recordActions(db, 'a1', [{ messageId: first.messages[0]!.id, action: 'star' }], 'mailroom', Date.now());
    await learn(deps, 'a1', 'related');
    const [full] = await timed(() => learn(deps, 'a1', 'full'));
    const [idle] = await timed(() => learn(deps, 'a1', 'full'));
    console.log(`  background re-score of the whole mailbox after an action (the job): ${(full / 1000).toFixed(1)} s; a job step with nothing new: ${idle.toFixed(0)} ms`);
  } finally {
    await t.close();
  }
}
