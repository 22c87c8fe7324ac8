import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { TEST_POSTGRES_URL } from '../db/testing.ts';
import { InProcessQueue } from './in-process.ts';
import { PgBossQueue } from './pg-boss.ts';
import type { JobQueue } from './queue.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Harness {
  queue: JobQueue;
  cleanup(): Promise<void>;
}

const implementations: Record<string, () => Promise<Harness>> = {
  'in-process': async () => {
    const queue = new InProcessQueue({ concurrency: 4 });
    return { queue, cleanup: () => queue.stop() };
  },
  'pg-boss': async () => {
    const schema = `test_jobs_${crypto.randomBytes(4).toString('hex')}`;
    const queue = new PgBossQueue({ connectionString: TEST_POSTGRES_URL, schema, concurrency: 4 });
    return {
      queue,
      async cleanup() {
        await queue.stop();
        const handle = openDatabase({ databaseUrl: TEST_POSTGRES_URL });
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
        await handle.close();
      },
    };
  },
};

describe.each(Object.keys(implementations))('jobs on %s', (kind) => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.cleanup();
    harness = undefined;
  });

  it('runs every enqueued job with its data', async () => {
    harness = await implementations[kind]!();
    const seen: number[] = [];
    harness.queue.define<{ n: number }>({ name: 'record', handler: async ({ n }) => void seen.push(n) });
    await harness.queue.start();
    for (let n = 1; n <= 5; n++) await harness.queue.enqueue('record', { n });
    await until(() => seen.length === 5, 'five jobs');
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('never runs two jobs for the same key at once, and coalesces a burst into one follow-up', async () => {
    harness = await implementations[kind]!();
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    harness.queue.define<{ accountId: string }>({
      name: 'sync',
      key: (data) => data.accountId,
      handler: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        runs++;
        if (runs === 1) await gate;
        active--;
      },
    });
    await harness.queue.start();
    await harness.queue.enqueue('sync', { accountId: 'a' });
    await until(() => runs === 1, 'the first sync to start');
    // A burst of notifications while the first sync runs: one follow-up, never in parallel.
    for (let i = 0; i < 5; i++) await harness.queue.enqueue('sync', { accountId: 'a' });
    release();
    await until(() => runs >= 2 && active === 0, 'the follow-up sync');
    await sleep(kind === 'pg-boss' ? 3_000 : 100);
    expect(maxActive).toBe(1);
    expect(runs).toBe(2);
  });

  it('retries a failing job until it succeeds', async () => {
    harness = await implementations[kind]!();
    const attempts: number[] = [];
    harness.queue.define<{ id: string }>({
      name: 'flaky',
      retryLimit: 3,
      retryDelaySeconds: kind === 'pg-boss' ? 1 : 0.01,
      handler: async (_data, meta) => {
        attempts.push(meta.attempt);
        if (attempts.length < 3) throw new Error('transient failure');
      },
    });
    await harness.queue.start();
    await harness.queue.enqueue('flaky', { id: 'x' });
    await until(() => attempts.length === 3, 'three attempts', 60_000);
    expect(attempts).toEqual([0, 1, 2]);
  });
});

describe.each(Object.keys(implementations))('what /ops sees of jobs on %s', (kind) => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.cleanup();
    harness = undefined;
  });

  it('counts a job out of attempts as failed with its error, lists it for its account only, and retries it to completion', async () => {
    harness = await implementations[kind]!();
    const queue = harness.queue;
    let healthy = false;
    queue.define<{ accountId: string }>({
      name: 'ops-fragile',
      retryLimit: 0,
      handler: async () => {
        if (!healthy) throw new Error('Gmail answered 400 failedPrecondition: Mail service not enabled');
      },
    });
    await queue.start();
    const since = Date.now() - 1000;
    const id = await queue.enqueue('ops-fragile', { accountId: 'acc-a' });
    expect(id).toBeTruthy();
    let job = await queue.getJob(id!);
    for (const deadline = Date.now() + 30_000; job?.state !== 'failed' && Date.now() < deadline; job = await queue.getJob(id!)) await sleep(50);
    expect(job).toMatchObject({ id, name: 'ops-fragile', state: 'failed', error: 'Gmail answered 400 failedPrecondition: Mail service not enabled', data: { accountId: 'acc-a' } });
    expect((await queue.counts(since)).find((c) => c.name === 'ops-fragile')).toEqual({ name: 'ops-fragile', queued: 0, active: 0, retry: 0, failed: 1, completed: 0 });
    expect((await queue.findJobs(['acc-a'], { since, limit: 10 })).map((j) => [j.id, j.state])).toEqual([[id, 'failed']]);
    expect(await queue.findJobs(['acc-b'], { since, limit: 10 })).toEqual([]);
    expect((await queue.findJobs(null, { since, limit: 10, states: ['failed'] })).map((j) => j.id)).toEqual([id]);
    expect(await queue.findJobs(null, { since, limit: 10, states: ['queued', 'completed'] })).toEqual([]);

    healthy = true;
    expect(await queue.retry(id!)).toBe(true);
    for (const deadline = Date.now() + 30_000; job?.state !== 'completed' && Date.now() < deadline; job = await queue.getJob(id!)) await sleep(50);
    expect(job?.state).toBe('completed');
    expect(job?.error).toBeNull();
    expect((await queue.counts(since)).find((c) => c.name === 'ops-fragile')).toMatchObject({ failed: 0, completed: 1 });
    // Done is done: nothing to retry.
    expect(await queue.retry(id!)).toBe(false);
    expect(await queue.retry('00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('runs a job waiting out its backoff at once when retried', async () => {
    harness = await implementations[kind]!();
    const queue = harness.queue;
    const attempts: number[] = [];
    queue.define<{ accountId: string }>({
      name: 'ops-slow-retry',
      retryLimit: 2,
      retryDelaySeconds: 600,
      handler: async (_data, meta) => {
        attempts.push(meta.attempt);
        if (attempts.length === 1) throw new Error('transient');
      },
    });
    await queue.start();
    const id = (await queue.enqueue('ops-slow-retry', { accountId: 'acc-a' }))!;
    let job = await queue.getJob(id);
    for (const deadline = Date.now() + 30_000; job?.state !== 'retry' && Date.now() < deadline; job = await queue.getJob(id)) await sleep(50);
    expect(job).toMatchObject({ state: 'retry', error: 'transient' });
    expect(job!.runAt! - Date.now()).toBeGreaterThan(500_000);
    expect(await queue.retry(id)).toBe(true);
    await until(() => attempts.length === 2, 'the retry to run now');
    expect(attempts).toEqual([0, 1]);
  });
});
