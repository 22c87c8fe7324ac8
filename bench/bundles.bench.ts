// Bundles (issue 19): the classifier's precision and recall per bundle on the labelled sets
// (packages/intelligence/src/bundles/testing, tuning and held out), its throughput on one core, and
// listBundles through POST /api/fn on a 100,000-message SQLite store (target: p95 under 100 ms).
// `npm run bench bundles`; add `--mistakes` to list every message filed where a person did not.
import { classifyBundle, evaluateBundles, type BundleEvaluation } from '@mailroom/intelligence/bundles';
import { toStoreRow } from '@mailroom/mail-query';
import os from 'node:os';
import { sql } from 'kysely';
import { generateApiToken } from '../apps/server/src/auth/api-tokens.ts';
import { classifyStale } from '../apps/server/src/features/bundles/classify.ts';
import { bumpBundleGeneration } from '../apps/server/src/features/bundles/generation.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/app.ts';
import { percentile, syntheticMessages } from './synthetic-store.ts';
import { CORPUS_HELD_OUT, CORPUS_TUNING, SYNTHETIC_HELD_OUT, SYNTHETIC_TUNING } from '../packages/intelligence/src/bundles/testing/index.ts';

const pct = (v: number | null) => (v === null ? '     -' : `${(v * 100).toFixed(1).padStart(5)}%`);

function print(name: string, evaluation: BundleEvaluation, mistakes: boolean): void {
  console.log(`\n${name}: ${evaluation.correct}/${evaluation.total} correct (${pct(evaluation.accuracy).trim()})`);
  console.log('bundle          labelled predicted precision recall');
  for (const s of evaluation.perBundle) {
    if (s.support === 0 && s.predicted === 0) continue;
    console.log(`${s.bundle.padEnd(15)} ${String(s.support).padStart(8)} ${String(s.predicted).padStart(9)} ${pct(s.precision).padStart(9)} ${pct(s.recall)}`);
  }
  if (mistakes) for (const m of evaluation.mistakes) console.log(`  ${m.origin.slice(0, 30)} | ${m.subject.slice(0, 50)} | expected ${m.expected} got ${m.got} | ${m.reason}`);
}

export default async function run(): Promise<void> {
  const mistakes = process.argv.includes('--mistakes');
  print('Corpus, tuning sample', evaluateBundles(CORPUS_TUNING), mistakes);
  print('Corpus, held-out sample', evaluateBundles(CORPUS_HELD_OUT), mistakes);
  print('Synthetic, tuning', evaluateBundles(SYNTHETIC_TUNING), mistakes);
  print('Synthetic, held-out', evaluateBundles(SYNTHETIC_HELD_OUT), mistakes);
  print('All held out (corpus + synthetic)', evaluateBundles([...CORPUS_HELD_OUT, ...SYNTHETIC_HELD_OUT]), mistakes);

  const messages = [...CORPUS_TUNING, ...CORPUS_HELD_OUT, ...SYNTHETIC_TUNING, ...SYNTHETIC_HELD_OUT];
  const rules = new Map([['someone@example.org', 'promotions' as const]]);
  for (let i = 0; i < 20_000; i++) classifyBundle(messages[i % messages.length]!, rules); // warm-up
  const rounds = 5;
  const perRound = 200_000;
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < perRound; i++) classifyBundle(messages[i % messages.length]!, rules);
    rates.push(perRound / ((performance.now() - started) / 1000));
  }
  rates.sort((a, b) => a - b);
  await listBundlesOnLargeStore();
  console.log(`\nclassification: median ${Math.round(rates[Math.floor(rounds / 2)]!).toLocaleString('en')} messages/s on one core (${rounds} x ${perRound.toLocaleString('en')} over the ${messages.length} labelled messages; target >= 50,000; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores)`);
}

const STORE_SIZE = 100_000;
const RUNS = 40;

async function callAs(t: TestApp, token: string, name: string, data: unknown): Promise<unknown> {
  const response = await t.app.inject({ method: 'POST', url: `/api/fn/${name}`, payload: { data }, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { result: unknown }).result;
}

/** listBundles on a large store: counts, unread counts and newest senders of every bundle. */
export async function listBundlesOnLargeStore(): Promise<void> {
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
    const messages = syntheticMessages(STORE_SIZE, { now, seed: 11 });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < messages.length; i += 500) {
        await trx
          .insertInto('messages')
          .values(messages.slice(i, i + 500).map((m) => toStoreRow('a1', m, { historyId: null, snippet: `Snippet of ${m.subject}` })))
          .execute();
      }
    });
    const classifyStarted = performance.now();
    const classified = await classifyStale(db, 'a1', now);
    const classifyMs = performance.now() - classifyStarted;
    await sql`analyze`.execute(db);
    const times: number[] = [];
    let bundled = 0;
    for (let run = 0; run < RUNS + 2; run++) {
      const started = performance.now();
      const result = (await callAs(t, token, 'listBundles', {})) as { bundles: Array<{ count: number }> };
      if (run >= 2) times.push(performance.now() - started);
      bundled = result.bundles.reduce((sum, b) => sum + b.count, 0);
    }
    // And recounted every time (as after each sync page or action): the bundle generation moved first.
    const recount: number[] = [];
    for (let run = 0; run < 12; run++) {
      await bumpBundleGeneration(db, 'a1');
      const started = performance.now();
      await callAs(t, token, 'listBundles', {});
      if (run >= 2) recount.push(performance.now() - started);
    }
    const p95 = percentile(times, 95);
    console.log(
      `\nlistBundles, ${STORE_SIZE.toLocaleString('en')}-message SQLite store (${bundled.toLocaleString('en')} inbox messages in bundles; classifying the store took ${(classifyMs / 1000).toFixed(1)} s for ${classified.toLocaleString('en')}), through POST /api/fn, ${RUNS} runs: median ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target: p95 < 100 ms: ${p95 < 100 ? 'met' : 'not met'}); counts kept until the store or the bundles change`,
    );
    console.log(`listBundles recounted (after a change), 10 runs: median ${percentile(recount, 50).toFixed(1)} ms, p95 ${percentile(recount, 95).toFixed(1)} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  } finally {
    await t.close();
  }
}
