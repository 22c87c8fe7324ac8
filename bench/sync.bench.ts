// Sync (issue 4): full-sync throughput of the whole corpus mailbox with the quota off and with
// Gmail's classic quota on, and incremental latency from a push notification to the stored row.
// The sandbox (seeded once with the whole corpus) listens on a local port in this process, and
// Mailroom talks to it over HTTP through the production Gmail provider (@googleapis/gmail), as
// the embedded default does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify from 'fastify';
import { CLASSIC_UNITS_PER_USER_PER_MINUTE, createSandbox, QUOTA_COST, QUOTA_WINDOW_MS, type Sandbox } from '@mailroom/gmail-sandbox';
import { InProcessQueue, migrateToLatest, openDatabase, type DatabaseHandle } from '@mailroom/server';
import { GMAIL_CLASSIC_PACING, GmailProvider } from '../apps/server/src/providers/gmail/gmail-provider.ts';
import { syncAccount } from '../apps/server/src/sync/engine.ts';
import { TestClock } from '../apps/server/src/sync/testing/fixtures.ts';
import { defineSyncJobs } from '../apps/server/src/sync/jobs.ts';
import { dispatchMessagesChanged, MESSAGES_CHANGED_DISPATCH_JOB } from '../apps/server/src/sync/messages-changed.ts';
import { PUSH_PATH, registerPushRoute } from '../apps/server/src/sync/push.ts';

const MAILBOX = 'demo@mailroom.local';
const TOKEN = 'bench-token';
const READONLY = 'https://www.googleapis.com/auth/gmail.readonly';
const PUSH_TOKEN = 'bench-push-token-0123456789';
/**
 * The quota run's clock runs this many times faster than real time, for the sandbox (quota
 * window, Retry-After) and the provider (pacing, backoff) alike: a quota minute passes in 20
 * real seconds. Slow enough that the quota, not the CPU, limits the sync (the quota-off run is
 * several times faster than 3,000 messages per quota minute x 3).
 */
const QUOTA_CLOCK_SPEED = 3;
const INCREMENTAL_TRIALS = 25;

function silentLog() {
  return Fastify({ logger: false }).log;
}

async function openStore(dir: string, name: string): Promise<DatabaseHandle> {
  const database = openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, `${name}.sqlite`) });
  await migrateToLatest(database);
  const now = Date.now();
  await database.db.insertInto('users').values({ id: 'user-1', email: 'owner@example.com', display_name: null, created_at: now, updated_at: now }).execute();
  await database.db
    .insertInto('mail_accounts')
    .values({ id: 'acc-1', user_id: 'user-1', provider: 'gmail', email: MAILBOX, scopes: READONLY, token_ciphertext: 'bench', token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now, created_at: now, updated_at: now, disconnected_at: null })
    .execute();
  return database;
}

/** Counts the quota units the sandbox actually charged (rejected requests cost nothing). */
function meterQuota(sandbox: Sandbox): { spent: () => number; rejections: () => number } {
  const quota = sandbox.runtime.quota;
  const charge = quota.charge.bind(quota);
  let spent = 0;
  quota.charge = (user, units) => {
    const decision = charge(user, units);
    if (decision.ok) spent += units;
    return decision;
  };
  const rejectedBefore = quota.rejections;
  return { spent: () => spent, rejections: () => quota.rejections - rejectedBefore };
}

async function storedCount(database: DatabaseHandle): Promise<number> {
  const row = await database.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectedCount(sandbox: Sandbox): number {
  return [...sandbox.store.mailbox(MAILBOX).messages.values()].filter((m) => !m.labelIds.includes('SPAM')).length;
}

async function fullSyncQuotaOff(sandbox: Sandbox, dir: string): Promise<void> {
  const database = await openStore(dir, 'quota-off');
  sandbox.setQuota(null);
  const provider = new GmailProvider({ rootUrl: sandbox.rootUrl!, credentials: { access_token: TOKEN }, pacing: null });
  const started = performance.now();
  const report = await syncAccount(database.db, 'acc-1', provider);
  const seconds = (performance.now() - started) / 1000;
  const stored = await storedCount(database);
  const expected = expectedCount(sandbox);
  if (stored !== expected) throw new Error(`full sync stored ${stored} messages, the mailbox has ${expected}`);
  console.log(
    `full sync, quota off: ${report.added} messages (every non-spam message of the ${sandbox.store.mailbox(MAILBOX).messages.size}-message mailbox) ` +
      `in ${seconds.toFixed(1)} s = ${Math.round(report.added / seconds)} messages/s (sandbox in the same Node process, as in the embedded default)`,
  );
  await database.close();
}

/** Returns the synced store, which the incremental run continues from. */
async function fullSyncClassicQuota(sandbox: Sandbox, clock: TestClock, dir: string): Promise<DatabaseHandle> {
  const database = await openStore(dir, 'quota-on');
  sandbox.runtime.quota.reset();
  sandbox.setQuota(CLASSIC_UNITS_PER_USER_PER_MINUTE);
  const meter = meterQuota(sandbox);
  clock.setSpeed(QUOTA_CLOCK_SPEED);
  try {
    // The provider as production builds it: paced by the classic quota, backing off from 1 s.
    const provider = new GmailProvider({ rootUrl: sandbox.rootUrl!, credentials: { access_token: TOKEN }, pacing: GMAIL_CLASSIC_PACING, clock });
    const started = clock.now();
    const realStarted = performance.now();
    const report = await syncAccount(database.db, 'acc-1', provider, { now: clock.now });
    const quotaMs = clock.now() - started;
    const realSeconds = (performance.now() - realStarted) / 1000;
    const stored = await storedCount(database);
    if (stored !== expectedCount(sandbox)) throw new Error(`quota-limited full sync stored ${stored} messages, the mailbox has ${expectedCount(sandbox)}`);
    const unitsPerMinute = meter.spent() / (quotaMs / QUOTA_WINDOW_MS);
    const share = (100 * unitsPerMinute) / CLASSIC_UNITS_PER_USER_PER_MINUTE;
    const maxMessagesPerMinute = CLASSIC_UNITS_PER_USER_PER_MINUTE / QUOTA_COST['messages.get'];
    console.log(
      `full sync, classic quota on (${CLASSIC_UNITS_PER_USER_PER_MINUTE.toLocaleString('en')} units/min/user enforced by the sandbox, provider pacing on): ` +
        `${report.added} messages in ${(quotaMs / 1000).toFixed(1)} s of quota time = ${Math.round((report.added / quotaMs) * 60_000).toLocaleString('en')} messages/min ` +
        `(theoretical maximum ${maxMessagesPerMinute.toLocaleString('en')}/min at ${QUOTA_COST['messages.get']} units per messages.get)`,
    );
    console.log(
      `  quota used: ${meter.spent().toLocaleString('en')} units at ${Math.round(unitsPerMinute).toLocaleString('en')} units/min = ${share.toFixed(1)} % of the quota's theoretical maximum ` +
        `(target >= 90 %); ${meter.rejections()} requests refused for quota`,
    );
    console.log(`  virtual clock: sandbox and provider ran ${QUOTA_CLOCK_SPEED}x faster than real time (${realSeconds.toFixed(1)} s real); quota time is what Gmail would take`);
  } finally {
    clock.setSpeed(1);
  }
  return database;
}

async function incrementalLatency(sandbox: Sandbox, database: DatabaseHandle): Promise<void> {
  // The embedded default's setting: classic quota on, provider paced (at real speed now).
  sandbox.runtime.quota.reset();
  sandbox.setQuota(CLASSIC_UNITS_PER_USER_PER_MINUTE);
  const provider = new GmailProvider({ rootUrl: sandbox.rootUrl!, credentials: { access_token: TOKEN }, pacing: GMAIL_CLASSIC_PACING });

  // Mailroom's push hook and sync job on a small Fastify app; the sandbox pushes to it.
  const app = Fastify({ logger: false });
  const jobs = new InProcessQueue();
  const waiters = new Map<string, () => void>();
  defineSyncJobs({ db: database.db, jobs, providers: async () => provider, log: silentLog(), watchTopic: null });
  // A stored message counts once sync announces "messages changed" (the signal features act on).
  jobs.define({
    name: MESSAGES_CHANGED_DISPATCH_JOB,
    handler: async () => {
      await dispatchMessagesChanged({ db: database.db, jobs, log: silentLog() }, []);
      for (const [subject, resolve] of waiters) {
        void database.db
          .selectFrom('messages')
          .select('id')
          .where('subject', '=', subject)
          .executeTakeFirst()
          .then((row) => {
            if (row && waiters.delete(subject)) resolve();
          });
      }
    },
  });
  await registerPushRoute(app, { db: database.db, jobs, pushToken: PUSH_TOKEN });
  await jobs.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  sandbox.setPush({ endpoint: `http://127.0.0.1:${address.port}${PUSH_PATH}`, token: PUSH_TOKEN });
  await provider.watch({ topicName: 'projects/mailroom-bench/topics/gmail' });

  // The clock starts when the sandbox commits the message: the moment Gmail would notify.
  const mailbox = sandbox.store.mailbox(MAILBOX);
  let committedAt = 0;
  const unsubscribe = mailbox.onChange(() => {
    committedAt = performance.now();
  });
  const latencies: number[] = [];
  try {
    for (let trial = 0; trial < INCREMENTAL_TRIALS; trial++) {
      const subject = `Bench arrival ${trial} ${Date.now()}`;
      const stored = new Promise<void>((resolve) => waiters.set(subject, resolve));
      await sandbox.importMbox(arrival(subject), MAILBOX);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`message ${trial} did not reach the store within 10 s of its push`)), 10_000);
      });
      try {
        await Promise.race([stored, timeout]);
      } finally {
        clearTimeout(timer);
      }
      latencies.push(performance.now() - committedAt);
      // Let the queue go idle so each trial measures one notification.
      await delay(20);
    }
  } finally {
    unsubscribe();
    sandbox.setPush(null);
    await app.close();
    await jobs.stop();
  }
  latencies.sort((a, b) => a - b);
  const median = latencies[Math.floor(latencies.length / 2)]!;
  const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
  console.log(
    `incremental sync, one new message from push to stored (sandbox push -> /api/gmail/push -> in-process sync job -> history.list + messages.get -> SQLite): ` +
      `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms over ${INCREMENTAL_TRIALS} messages (target: median < 200 ms)`,
  );
}

function arrival(subject: string): string {
  return [
    'From sender@example.org Sat Nov 21 06:00:00 2026',
    'From: Sender Example <sender@example.org>',
    `To: ${MAILBOX}`,
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\s+/g, '.')}@example.org>`,
    'Date: Sat, 21 Nov 2026 06:00:00 +0000',
    'X-Gmail-Labels: Inbox,Unread',
    '',
    'A new message for the incremental sync benchmark.',
    '',
  ].join('\n');
}

export default async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-sync-bench-'));
  const clock = new TestClock();
  const sandbox = createSandbox({ tokens: { [TOKEN]: { email: MAILBOX, scopes: [READONLY] } }, now: clock.now });
  try {
    const seeded = await sandbox.seedFromCorpus({ email: MAILBOX });
    console.log(`mailbox: the whole SpamAssassin corpus, ${seeded.seeded} messages (${seeded.spam} spam, which sync leaves out), ${seeded.threads} threads`);
    await sandbox.listen(0, '127.0.0.1');
    await fullSyncQuotaOff(sandbox, dir);
    const synced = await fullSyncClassicQuota(sandbox, clock, dir);
    try {
      await incrementalLatency(sandbox, synced);
    } finally {
      await synced.close();
    }
  } finally {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
