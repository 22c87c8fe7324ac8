import { createSandbox, SCOPES, type Sandbox } from '@mailroom/gmail-sandbox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../db/testing.ts';
import { InProcessQueue } from '../../jobs/in-process.ts';
import { GmailProvider } from '../../providers/gmail/gmail-provider.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { syncAccount } from '../../sync/engine.ts';
import { createAccount, MAILBOX } from '../../sync/testing/fixtures.ts';
import { defineRecoveryJobs } from './jobs.ts';
import { enqueueBatch } from './jobs.ts';
import { loadBatch, recordBatch, toActionBatch, transition } from './repository.ts';
import { onBatchUndone, type BatchUndone } from './undone.ts';

const TOKEN = 'batch-job-test-token';

/** Gmail's labels for every message of the mailbox, sorted: "the mailbox exactly as it was". */
function snapshot(sandbox: Sandbox): Record<string, string[]> {
  return Object.fromEntries([...sandbox.store.mailbox(MAILBOX).messages.values()].map((m) => [m.id, [...m.labelIds].sort()]));
}

/**
 * Action batches larger than one batchModify run as jobs. These tests interrupt them with
 * failures injected at Gmail (the sandbox answers 500 backendError) and check that a batch
 * either completes or stops and reports, never half-recorded, and that undo restores the
 * mailbox exactly either way.
 */
describe.each(ENGINES)('action batch jobs under injected Gmail failures (%s)', (engine) => {
  let sandbox: Sandbox;
  let t: TestDatabase;
  let accountId: string;
  let provider: GmailProvider;
  let jobs: InProcessQueue;
  let jobFailures: number;
  /** Wraps the provider for one test, e.g. to inject a failure after the first chunk. */
  let providerFor: () => MailProvider;

  beforeAll(async () => {
    sandbox = createSandbox({ tokens: { [TOKEN]: { email: MAILBOX, scopes: [SCOPES.modify] } } });
    await sandbox.seedFromCorpus({ email: MAILBOX, limit: 1_700 });
    await sandbox.listen(0, '127.0.0.1');
    t = await createTestDatabase(engine);
    accountId = await createAccount(t.db);
    // Fast backoff and few attempts, so an injected failure reaches the job instead of being retried away.
    provider = new GmailProvider({ rootUrl: sandbox.rootUrl!, credentials: { access_token: TOKEN }, pacing: null, retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 2 } });
    await syncAccount(t.db, accountId, new GmailProvider({ rootUrl: sandbox.rootUrl!, credentials: { access_token: TOKEN }, pacing: null }));
    providerFor = () => provider;
    jobFailures = 0;
    jobs = new InProcessQueue({ onError: () => jobFailures++ });
    defineRecoveryJobs({ db: t.db, jobs, providers: async () => providerFor(), log: Fastify({ logger: false }).log, retryDelaySeconds: 0.001 });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await t.destroy();
    await sandbox.close();
  });

  const storedMessages = async () => {
    const rows = await t.db.selectFrom('messages').select(['id', 'label_ids']).where('account_id', '=', accountId).orderBy('internal_date', 'desc').execute();
    return rows.map((r) => ({ id: r.id, labelIds: JSON.parse(r.label_ids) as string[] }));
  };

  test('a batch of more than 1,000 messages completes through 60 % injected failures, and undo restores it exactly', async () => {
    const messages = await storedMessages();
    expect(messages.length).toBeGreaterThan(1_000);
    const before = snapshot(sandbox);
    const batch = await recordBatch(t.db, { accountId, kind: 'delete', categoryId: null, categoryName: null, change: { add: ['TRASH'], remove: [] }, messages });

    sandbox.injectFaults({ errorRate: 0.6, seed: 11 });
    try {
      await enqueueBatch(jobs, batch.id);
      await jobs.idle();
      const done = toActionBatch((await loadBatch(t.db, batch.id))!);
      expect(done).toMatchObject({ status: 'done', count: messages.length, done: messages.length, error: null });
      // The failures were real: runs of the job failed and were retried.
      expect(jobFailures).toBeGreaterThan(0);
      const after = snapshot(sandbox);
      for (const { id } of messages) expect(after[id]).toContain('TRASH');
      expect(Object.keys(after)).toHaveLength(Object.keys(before).length);

      const failuresBefore = jobFailures;
      // Features that learned from the action (priority) hear of an undo the job finished, as of one answered at once.
      const heard: BatchUndone[] = [];
      onBatchUndone(async (_services, undone) => void heard.push(undone));
      expect(await transition(t.db, batch.id, ['done'], 'undoing')).toBe(true);
      await enqueueBatch(jobs, batch.id);
      await jobs.idle();
      expect(toActionBatch((await loadBatch(t.db, batch.id))!)).toMatchObject({ status: 'undone', restored: messages.length });
      expect(jobFailures).toBeGreaterThan(failuresBefore);
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({ accountId, action: 'delete', startedAt: Number(batch.created_at) });
      expect([...heard[0]!.messageIds].sort()).toEqual(messages.map((m) => m.id).sort());
    } finally {
      sandbox.injectFaults({ errorRate: 0 });
    }
    expect(snapshot(sandbox)).toEqual(before);
    // The store mirrors it too.
    const stored = Object.fromEntries((await storedMessages()).map((m) => [m.id, [...m.labelIds].sort()]));
    for (const [id, labels] of Object.entries(stored)) expect(labels).toEqual(before[id]);
  });

  test('a batch whose Gmail calls keep failing after the first chunk stops and reports how far it got; undo restores it exactly', async () => {
    const messages = await storedMessages();
    const before = snapshot(sandbox);
    const quarantine = sandbox.store.mailbox(MAILBOX).createLabel({ name: 'Mailroom/Quarantine' }).id;
    const batch = await recordBatch(t.db, { accountId, kind: 'quarantine', categoryId: null, categoryName: 'Everything', change: { add: [quarantine], remove: ['INBOX'] }, messages });
    // Gmail goes down for good once the first batchModify has gone through.
    let calls = 0;
    providerFor = () =>
      new Proxy(provider, {
        get(target, property, receiver) {
          if (property !== 'batchModify') return Reflect.get(target, property, receiver) as unknown;
          return async (...args: Parameters<MailProvider['batchModify']>) => {
            if (++calls === 2) sandbox.injectFaults({ errorRate: 1 });
            return target.batchModify(...args);
          };
        },
      });
    try {
      await enqueueBatch(jobs, batch.id);
      await jobs.idle();
    } finally {
      sandbox.injectFaults({ errorRate: 0 });
      providerFor = () => provider;
    }
    const stopped = toActionBatch((await loadBatch(t.db, batch.id))!);
    expect(stopped).toMatchObject({ status: 'failed', count: messages.length, done: 1_000 });
    expect(stopped.error).toMatch(/backend|500|error/i);
    // Exactly the first 1,000 (in batch order) were changed in Gmail; the rest are untouched.
    const after = snapshot(sandbox);
    messages.forEach(({ id }, i) => {
      if (i < 1_000) expect(after[id]).toContain(quarantine);
      else expect(after[id]).toEqual(before[id]);
    });
    // The batch is fully recorded: every message with its labels from before.
    expect(await t.db.selectFrom('action_batch_messages').select('message_id').where('batch_id', '=', batch.id).execute()).toHaveLength(messages.length);

    expect(await transition(t.db, batch.id, ['failed'], 'undoing')).toBe(true);
    await enqueueBatch(jobs, batch.id);
    await jobs.idle();
    expect(toActionBatch((await loadBatch(t.db, batch.id))!)).toMatchObject({ status: 'undone', error: null });
    expect(snapshot(sandbox)).toEqual(before);
  });
});
