import crypto from 'node:crypto';
import type { Sandbox } from '@mailroom/gmail-sandbox';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../db/testing.ts';
import { InProcessQueue } from '../jobs/in-process.ts';
import { PgBossQueue } from '../jobs/pg-boss.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { syncAccount } from '../sync/engine.ts';
import { MESSAGES_CHANGED_DISPATCH_JOB, type MessagesChanged } from '../sync/messages-changed.ts';
import { createAccount, MAILBOX, newMessageMbox, providerFor, startSandbox } from '../sync/testing/fixtures.ts';
import { installFeatures, messagesChangedJobOf } from './compose.ts';
import type { FeaturePlugin } from './plugin.ts';
import type { AppServices } from './services.ts';
import { createDkimVerifier, createSafeWebClient } from '../providers/web/index.ts';
import { createObservability } from './observability.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface Setup {
  engine: 'sqlite' | 'postgres';
  queue: (db: TestDatabase) => { jobs: JobQueue; cleanup(): Promise<void> };
}

/** The embedded default's pairing and production's: SQLite with the in-process queue, PostgreSQL with pg-boss. */
const SETUPS: Record<string, Setup> = {
  'SQLite and the in-process queue': {
    engine: 'sqlite',
    queue: () => {
      const jobs = new InProcessQueue();
      return { jobs, cleanup: () => jobs.stop() };
    },
  },
  'PostgreSQL and pg-boss': {
    engine: 'postgres',
    queue: () => {
      const schema = `test_jobs_${crypto.randomBytes(4).toString('hex')}`;
      const jobs = new PgBossQueue({ connectionString: TEST_POSTGRES_URL, schema, concurrency: 2 });
      return {
        jobs,
        async cleanup() {
          await jobs.stop();
          const handle = openDatabase({ databaseUrl: TEST_POSTGRES_URL });
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
          await handle.close();
        },
      };
    },
  },
};

describe.each(Object.keys(SETUPS))('sync announces "messages changed" to subscribing features (%s)', (name) => {
  const setup = SETUPS[name]!;
  let sandbox: Sandbox;
  let t: TestDatabase;
  let queue: { jobs: JobQueue; cleanup(): Promise<void> };
  let services: AppServices;
  let accountId: string;
  const received: MessagesChanged[] = [];
  let flakyFailures = 0;

  /** Every id an event named, by kind, over the events received so far. */
  const seen = (kind: 'added' | 'relabelled' | 'deleted') => new Set(received.flatMap((e) => e[kind]));
  const sync = () => syncAccount(t.db, accountId, providerFor(sandbox.rootUrl!), { pageSize: 20 });
  const dispatch = () => services.jobs.enqueue(MESSAGES_CHANGED_DISPATCH_JOB, {});
  const outbox = async () => (await t.db.selectFrom('messages_changed_outbox').select('id').execute()).length;

  beforeAll(async () => {
    sandbox = await startSandbox({ messages: 60 });
    t = await createTestDatabase(setup.engine);
    accountId = await createAccount(t.db);
    queue = setup.queue(t);
    services = {
      db: t.db,
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/mailroom-messages-changed-test' }),
      jobs: queue.jobs,
      providers: async () => providerFor(sandbox.rootUrl!),
      clock: systemClock,
      log: Fastify({ logger: false }).log,
      authenticate: async () => null,
      llm: null,
      push: null,
      speech: null,
      web: { client: createSafeWebClient(), verifyDkim: createDkimVerifier(null) },
      observability: createObservability(),
    };
    const subscriber: FeaturePlugin = { name: 'scores', onMessagesChanged: async (event) => void received.push(event) };
    // A second subscriber that fails at first: it is retried on its own, the other is not held up.
    const flaky: FeaturePlugin = {
      name: 'flaky',
      onMessagesChanged: async () => {
        if (flakyFailures++ < 1) throw new Error('not yet');
      },
    };
    await installFeatures(Fastify(), services, [subscriber, flaky]);
    await queue.jobs.start();
  }, 60_000);
  afterAll(async () => {
    await queue.cleanup();
    await t.destroy();
    await sandbox.close();
  });

  it('a full sync names every stored message as added, page by page, through each subscriber’s own job', async () => {
    await sync();
    const stored = (await t.db.selectFrom('messages').select('id').where('account_id', '=', accountId).execute()).map((r) => r.id);
    expect(await outbox()).toBeGreaterThan(1);
    await dispatch();
    await until(() => seen('added').size === stored.length, 'every added id');
    expect([...seen('added')].sort()).toEqual([...stored].sort());
    expect(received.every((e) => e.accountId === accountId)).toBe(true);
    await until(() => flakyFailures >= 2, 'the failing subscriber to be retried');
    // Delivered events leave the outbox.
    expect(await outbox()).toBe(0);
  });

  it('an incremental sync names what arrived, what was relabelled and what was deleted', async () => {
    received.length = 0;
    const mailbox = sandbox.store.mailbox(MAILBOX);
    const ham = [...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM'));
    const before = new Set(mailbox.messages.keys());
    await sandbox.importMbox(newMessageMbox('Fresh'), MAILBOX);
    const arrived = [...mailbox.messages.keys()].filter((id) => !before.has(id));
    mailbox.modify([ham[0]!.id], ['STARRED'], ['UNREAD']);
    mailbox.remove(ham[1]!.id);
    await sync();
    await dispatch();
    await until(() => seen('deleted').size > 0 && seen('relabelled').size > 0 && seen('added').size > 0, 'the incremental changes');
    expect([...seen('added')]).toEqual(arrived);
    expect([...seen('relabelled')]).toEqual([ham[0]!.id]);
    expect([...seen('deleted')]).toEqual([ham[1]!.id]);
  });

  it('events recorded by a sync that ran outside the queue wait in the outbox for the next dispatch', async () => {
    received.length = 0;
    const mailbox = sandbox.store.mailbox(MAILBOX);
    const ham = [...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM'));
    mailbox.modify([ham[2]!.id], ['IMPORTANT'], []);
    await sync();
    // Nothing was dispatched yet: the event is kept, not lost.
    await sleep(200);
    expect(received).toEqual([]);
    expect(await outbox()).toBe(1);
    await dispatch();
    await until(() => seen('relabelled').has(ham[2]!.id), 'the waiting event');
    expect(messagesChangedJobOf('scores')).toBe('scores.messages-changed');
  });
});
