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
// settings and folding buckets into days.
//
// Then (same day, issue 18's second pass): the unread backlog before the range reads a partial
// covering index of unread received mail (migration 20261126T1240), the senders pass parses the
// From JSON once per row instead of twice, and the bucket pass also groups by bundle (one
// message_bundles lookup per message; this bench's store has no bundle rows, so those are misses).
// Per query, 90 days, SQLite, load 7-12, 25 runs (bench/ scratch profile, same process):
// unread before 32.7 -> 2.0 ms median; senders 29.6 -> 20.5 ms median (p95 55 -> 27 ms).
// `npm run bench -- insights` afterwards, load average 7-11 (still shared, still noisy):
//   SQLite    7 d: median  10 ms, p95  14 ms;  30 d: median  21 ms, p95  33 ms;
//            90 d: median  51 ms, p95 162 ms; 366 d: median 249 ms, p95 411 ms   (target met)
//   Postgres  7 d: median  47 ms, p95  95 ms;  30 d: median  94 ms, p95 166 ms;
//            90 d: median 138 ms, p95 350 ms; 366 d: median 453 ms, p95 552 ms
// An earlier run at load 13-20 gave SQLite 90 d median 86 ms, p95 228 ms. The load fell between
// the first figures and these, so most of the difference is the machine, not the code; the
// per-query figures above are the like-for-like part.
import type { MessageMeta } from '@mailroom/mail-query';
import type { Engine } from '../apps/server/src/db/database.ts';
import { TEST_POSTGRES_URL } from '../apps/server/src/db/testing.ts';
import { seededRandom } from '@mailroom/gmail-sandbox';
import { openLargeUserStore, percentile, timeRuns } from './synthetic-store.ts';

const STORE_SIZE = 100_000;
const RUNS = 25;
const WARM_UP = 3;
const ME = { name: 'Me', address: 'me@example.com' };
const DAY = 86_400_000;

/** The synthetic mailbox with a conversation share: some messages become the user's replies, some answers to those. */
function withConversations(messages: MessageMeta[]): MessageMeta[] {
  const rnd = seededRandom(18);
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

async function benchEngine(engine: Engine): Promise<void> {
  // The store's user is me@example.com (ME).
  const { now, messages, loadMs, call, close } = await openLargeUserStore({ engine, size: STORE_SIZE, seed: 7, edit: withConversations, snippet: () => null });
  try {
    await call('updateSettings', { patch: { account: { timeZone: 'America/New_York' } } });
    const sent = messages.filter((m) => m.labelIds.includes('SENT')).length;
    console.log(
      `getInsights on a ${STORE_SIZE.toLocaleString('en')}-message ${engine} store (${sent.toLocaleString('en')} sent, loaded in ${(loadMs / 1000).toFixed(1)} s), through POST /api/fn, America/New_York, ${RUNS} runs each:`,
    );
    const today = new Date(now);
    const dayString = (t: number) => new Date(t).toISOString().slice(0, 10);
    let ninetyP95 = 0;
    for (const days of [7, 30, 90, 366]) {
      const data = { from: dayString(today.getTime() - (days - 1) * DAY), to: dayString(today.getTime()) };
      type Insights = { totals: { received: number; sent: number }; responseTimes: { mine: { count: number } } };
      const { times, last: result } = await timeRuns(RUNS, () => call('getInsights', data) as Promise<Insights>, { warmUp: WARM_UP });
      const figures = `${result.totals.received.toLocaleString('en')} received, ${result.totals.sent.toLocaleString('en')} sent, ${result.responseTimes.mine.count.toLocaleString('en')} replies timed`;
      const p95 = percentile(times, 95);
      if (days === 90) ninetyP95 = p95;
      console.log(`  ${String(days).padStart(3)} days: median ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${p95.toFixed(1).padStart(6)} ms (${figures})`);
    }
    if (engine === 'sqlite') console.log(`  target: 90 days p95 < 300 ms on SQLite: ${ninetyP95 < 300 ? 'met' : 'not met'}`);
  } finally {
    await close();
  }
}

export default async function insightsBench(): Promise<void> {
  await benchEngine('sqlite');
  console.log(`(PostgreSQL at ${TEST_POSTGRES_URL})`);
  await benchEngine('postgres');
}
