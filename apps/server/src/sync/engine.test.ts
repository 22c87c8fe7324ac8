import type { Sandbox } from '@mailroom/gmail-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../db/testing.ts';
import { syncAccount } from './engine.ts';
import { createAccount, expectedMirror, MAILBOX, newMessageMbox, providerFor, startSandbox, storedMirror, TestClock } from './testing/fixtures.ts';

describe.each(ENGINES)('sync on %s against the standalone Gmail sandbox', (engine) => {
  let sandbox: Sandbox;
  let t: TestDatabase;
  let accountId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    sandbox = await startSandbox({ messages: 240, historyWindow: 40, clock });
    t = await createTestDatabase(engine);
    accountId = await createAccount(t.db);
  });
  afterAll(async () => {
    await t.destroy();
    await sandbox.close();
  });

  it('a full sync stores exactly the non-spam mailbox, with labels and threads', async () => {
    const report = await syncAccount(t.db, accountId, providerFor(sandbox.rootUrl!), { pageSize: 50 });
    const expected = expectedMirror(sandbox);
    expect(expected.size).toBeGreaterThan(100);
    expect(report.mode).toBe('full');
    expect(report.added).toBe(expected.size);
    expect(await storedMirror(t.db, accountId)).toEqual(expected);

    const mailbox = sandbox.store.mailbox(MAILBOX);
    const threads = await t.db.selectFrom('messages').select(['id', 'thread_id']).where('account_id', '=', accountId).execute();
    for (const row of threads) expect(row.thread_id).toBe(mailbox.getMessage(row.id).threadId);
    const state = await t.db.selectFrom('sync_state').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect(state).toMatchObject({ status: 'idle', phase: 'incremental', history_id: String(mailbox.historyId) });
  });

  it('an incremental sync picks up added, deleted and relabelled messages', async () => {
    const mailbox = sandbox.store.mailbox(MAILBOX);
    await sandbox.importMbox(newMessageMbox('Fresh news'), MAILBOX);
    await sandbox.importMbox(newMessageMbox('More news'), MAILBOX);
    const ham = [...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM'));
    mailbox.remove(ham[0]!.id);
    mailbox.modify([ham[1]!.id], ['STARRED'], ['INBOX']);
    mailbox.modify([ham[2]!.id], ['TRASH'], []);
    // Marked as spam: it leaves Mailroom's store.
    mailbox.modify([ham[3]!.id], ['SPAM'], ['INBOX']);

    const report = await syncAccount(t.db, accountId, providerFor(sandbox.rootUrl!));
    expect(report.mode).toBe('incremental');
    expect(report).toMatchObject({ added: 2, deleted: 2, updated: 2 });
    expect(await storedMirror(t.db, accountId)).toEqual(expectedMirror(sandbox));
  });

  it('recovers from a history 404 with a reconciling full sync', async () => {
    const mailbox = sandbox.store.mailbox(MAILBOX);
    const ham = [...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM'));
    // More changes than the sandbox keeps history for (window 40): our checkpoint expires.
    for (let i = 0; i < 45; i++) mailbox.modify([ham[10 + i]!.id], i % 2 ? ['STARRED'] : ['IMPORTANT'], []);
    mailbox.remove(ham[60]!.id);
    await sandbox.importMbox(newMessageMbox('After the gap'), MAILBOX);

    const report = await syncAccount(t.db, accountId, providerFor(sandbox.rootUrl!), { pageSize: 50 });
    expect(report.mode).toBe('full');
    expect(report.recoveredFromExpiredHistory).toBe(true);
    expect(await storedMirror(t.db, accountId)).toEqual(expectedMirror(sandbox));
  });

  it('stays exact with 10 % injected backend errors and the quota at its limit', async () => {
    const mailbox = sandbox.store.mailbox(MAILBOX);
    const ham = [...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM'));
    for (let i = 0; i < 10; i++) mailbox.modify([ham[i + 5]!.id], ['UNREAD'], []);
    await sandbox.importMbox(newMessageMbox('Under pressure'), MAILBOX);
    // Force a full resync too, so hundreds of calls go through the faults.
    await t.db.updateTable('sync_state').set({ phase: 'full', full_sync_started: 0, page_token: null }).where('account_id', '=', accountId).execute();

    // A full resync costs ~1,300 units; at 600 units a (sandbox) minute it must wait for the
    // window several times. The sandbox's minute passes in one real second (clock at 60x).
    sandbox.injectFaults({ errorRate: 0.1, seed: 7 });
    clock.setSpeed(60);
    sandbox.setQuota(600);
    sandbox.setMaxConcurrentPerUser(4);
    const usage: number[] = [];
    const sampler = setInterval(() => usage.push(sandbox.quotaUsage(MAILBOX)), 20);
    try {
      await syncAccount(t.db, accountId, providerFor(sandbox.rootUrl!, { maxDelayMs: 30_000, clock }), { pageSize: 50 });
    } finally {
      clearInterval(sampler);
      sandbox.injectFaults({ errorRate: 0 });
      sandbox.setQuota(null);
      sandbox.setMaxConcurrentPerUser(null);
      clock.setSpeed(1);
    }
    // The quota really was the limit: usage reached it during the run.
    expect(Math.max(...usage)).toBeGreaterThanOrEqual(550);
    expect(await storedMirror(t.db, accountId)).toEqual(expectedMirror(sandbox));
  });

  it('never writes a message body to the database', async () => {
    const tables = ['messages', 'labels', 'sync_state', 'sync_seen'] as const;
    for (const table of tables) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      const dump = JSON.stringify(rows);
      expect(dump, table).not.toContain('This body must never reach the database');
    }
    // And nothing from the corpus bodies either: take a distinctive body line from the sandbox.
    const mailbox = sandbox.store.mailbox(MAILBOX);
    const sample = [...mailbox.messages.values()].find((m) => !m.labelIds.includes('SPAM'))!;
    const raw = sample.raw.toString('utf8');
    // A line past the first 400 characters of the body, beyond what Gmail's snippet covers.
    const body = raw.slice(raw.indexOf('\n\n') + 2).slice(400).split('\n').map((l) => l.trim()).find((l) => l.length > 40);
    if (body) {
      const dump = JSON.stringify(await t.db.selectFrom('messages').selectAll().execute());
      expect(dump).not.toContain(body);
    }
  });
});
