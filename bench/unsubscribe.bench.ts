// Unsubscribe (issue 17): listSubscriptions through POST /api/fn on a 100,000-message SQLite
// store where about 35 % of the mail comes from 400 bulk lists with List-Unsubscribe headers
// (target: p95 under 100 ms). Subscriptions are worked out from the store and kept while the
// store does not change (store_generations); measured both as answered from that (the store
// unchanged since the last call) and recounted (the store changed before every call).
import os from 'node:os';
import { sql } from 'kysely';
import { openLargeUserStore, percentile, timeRuns } from './synthetic-store.ts';

const STORE_SIZE = 100_000;
const LISTS = 400;
const BULK_PERCENT = 35;
const RUNS = 25;

export default async function run(): Promise<void> {
  const { call, close, db } = await openLargeUserStore({
    size: STORE_SIZE,
    seed: 17,
    snippet: () => '',
    row: (_m, n) => {
      const bulk = (n * 7919) % 100 < BULK_PERCENT;
      const list = (n * 104_729) % LISTS;
      return bulk
        ? {
            list_id: `"Bench list ${list}" <list-${list}.bench.example>`,
            list_unsubscribe: `<mailto:leave-${list}@bench.example?subject=unsubscribe>, <https://bench.example/u/${list}>`,
            list_unsubscribe_post: list % 2 === 0 ? 'List-Unsubscribe=One-Click' : null,
          }
        : {};
    },
  });
  try {
    // CPU time of this process (SQLite runs in it): what the call costs when the machine is shared.
    const list = () => call('listSubscriptions', {}) as Promise<{ total: number }>;
    const { times, cpu, last } = await timeRuns(RUNS, list, { cpu: true });
    const total = last.total;
    const p95 = percentile(times, 95);
    console.log(
      `listSubscriptions, first page, ${STORE_SIZE.toLocaleString('en')}-message SQLite store (${total} subscriptions, ${RUNS} runs), store unchanged since the last call: median ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target: p95 < 100 ms: ${p95 < 100 ? 'met' : 'not met'}); CPU per call median ${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms`,
    );
    // Recounted every time, as after each sync page or action: the store's generation moved first.
    const bump = async () => void (await sql`update store_generations set generation = generation + 1 where account_id = 'a1'`.execute(db));
    const recount = await timeRuns(RUNS, list, { cpu: true, before: bump });
    const recountP95 = percentile(recount.times, 95);
    console.log(
      `listSubscriptions recounted (the store changed before each call), ${RUNS} runs: median ${percentile(recount.times, 50).toFixed(1)} ms, p95 ${recountP95.toFixed(1)} ms (target: p95 < 100 ms: ${recountP95 < 100 ? 'met' : 'not met'}); CPU per call median ${percentile(recount.cpu, 50).toFixed(1)} ms, p95 ${percentile(recount.cpu, 95).toFixed(1)} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await close();
  }
}
