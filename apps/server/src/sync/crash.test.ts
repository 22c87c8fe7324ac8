import { spawn } from 'node:child_process';
import { seededRandom, type Sandbox } from '@mailroom/gmail-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, TEST_POSTGRES_URL, type TestDatabase } from '../db/testing.ts';
import { createAccount, expectedMirror, MAILBOX, newMessageMbox, startSandbox, storedMirror } from './testing/fixtures.ts';

const TRIALS = 20;
const CHILD = new URL('./testing/sync-child.ts', import.meta.url).pathname;

interface ChildRun {
  outcome: 'killed' | 'finished';
  /** From the moment the child started syncing to its exit. */
  syncMs: number;
}

/** Runs the child; kills it with SIGKILL `killAfterMs` after it starts syncing (null: let it finish). */
function runChild(args: object, killAfterMs: number | null): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let killed = false;
    let startedAt = 0;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (!startedAt && d.toString().includes('started')) {
        startedAt = performance.now();
        if (killAfterMs !== null) setTimeout(() => (killed = child.kill('SIGKILL')), killAfterMs);
      }
    });
    child.on('exit', (code, signal) => {
      const syncMs = startedAt ? performance.now() - startedAt : 0;
      if (signal === 'SIGKILL' && killed) resolve({ outcome: 'killed', syncMs });
      else if (code === 0) resolve({ outcome: 'finished', syncMs });
      else reject(new Error(`sync child failed (${code ?? signal}): ${stderr}`));
    });
  });
}

describe.each(ENGINES)('a sync killed with SIGKILL on %s', (engine) => {
  let sandbox: Sandbox;
  let t: TestDatabase;
  let accountId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ messages: 200 });
    // Every request waits a little, so kills land mid-sync rather than after it.
    sandbox.injectFaults({ latencyRate: 1, latencyMs: 4, seed: 3 });
    t = await createTestDatabase(engine);
    accountId = await createAccount(t.db);
  });
  afterAll(async () => {
    await t.destroy();
    await sandbox.close();
  });

  it(`resumes to exactly the mailbox, without duplicates, after ${TRIALS} kills at random points`, { timeout: 300_000 }, async () => {
    // Seeded, so a failing trial can be replayed.
    const next = seededRandom(engine === 'sqlite' ? 11 : 29);
    const mailbox = sandbox.store.mailbox(MAILBOX);
    const args = { sqliteFile: t.sqliteFile, databaseUrl: t.sqliteFile ? null : TEST_POSTGRES_URL, schema: t.schema, rootUrl: sandbox.rootUrl, accountId, pageSize: 20 };
    const outcomes: string[] = [];
    // How long an uninterrupted sync of each kind took last time: kills are drawn uniformly
    // within it, so they land at random points of a sync rather than after it.
    const typicalMs = { full: 600, incremental: 150 };
    for (let trial = 0; trial < TRIALS; trial++) {
      // The mailbox keeps changing between crashes: new mail, deletions, relabelling.
      await sandbox.importMbox(newMessageMbox(`Trial ${trial}`), MAILBOX);
      const ham = [...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM'));
      const pick = () => ham[Math.floor(next() * ham.length)]!;
      if (trial % 3 === 0) mailbox.remove(pick().id);
      mailbox.modify([pick().id], [next() < 0.5 ? 'STARRED' : 'TRASH'], []);
      mailbox.modify([pick().id], [], ['UNREAD', 'INBOX']);
      // Every fourth trial restarts from a full sync, so kills also land mid-listing.
      const kind = trial % 4 === 3 ? 'full' : 'incremental';
      if (kind === 'full') {
        await t.db.updateTable('sync_state').set({ phase: 'full', full_sync_started: 0, page_token: null }).where('account_id', '=', accountId).execute();
      }
      const run = await runChild(args, Math.floor(next() * typicalMs[kind]));
      if (run.outcome === 'finished') typicalMs[kind] = run.syncMs;
      outcomes.push(run.outcome);
    }
    expect(outcomes.filter((o) => o === 'killed').length).toBeGreaterThanOrEqual(TRIALS / 2);

    expect((await runChild(args, null)).outcome).toBe('finished');
    const stored = await storedMirror(t.db, accountId);
    expect(stored).toEqual(expectedMirror(sandbox));
    const { count } = await t.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(stored.size);
  });
});
