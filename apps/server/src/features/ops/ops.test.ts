import type { OpsStatus } from '@mailroom/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES } from '../../db/testing.ts';
import { createObservability, createProcessLogger } from '../../platform/observability.ts';
import { QUOTA_COST, type GmailMethod } from '../../providers/gmail/limits.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callFn, connectGmail, InjectBrowser, sessionOf, signIn } from '../../testing/signin.ts';

type Answer = { result?: OpsStatus; error?: { status: string; message: string; details?: { reason?: string } } };

describe.each(ENGINES)('/ops on %s', (engine) => {
  let t: TestApp;
  let alice: InjectBrowser;
  let bob: InjectBrowser;
  let ops: InjectBrowser;
  let aliceId: string;
  let aliceAccountId: string;
  const observability = createObservability();
  /** A job that fails until healed, with a token in its error (which /ops must never show). */
  let healthy = false;
  const call = async (who: InjectBrowser, name: string, data: unknown = {}) => {
    const response = await callFn(who, name, data);
    return { http: response.statusCode, ...(response.json() as Answer) };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', OPS_ADMINS: 'Ops@Example.com, other@example.com', SANDBOX_QUOTA_PER_MINUTE: '0' },
      observability,
      // The process logger as server.ts builds it: nothing to stdout, warnings and errors to the ring.
      log: createProcessLogger('silent', observability),
    });
    // Listening, as the server does, so the providers built from stored grants reach the embedded sandbox.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.app.mailBackend.listening(address);
    t.jobs.define<{ accountId: string }>({
      name: 'test.fragile',
      retryLimit: 0,
      handler: async () => {
        if (!healthy) throw new Error('Gmail refused: invalid_grant for refresh_token=1//0gSECRETREFRESHTOKENabcdefghijkl with Bearer ya29.a0SECRETACCESS');
      },
    });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    bob = new InjectBrowser(t.app, t.config.publicUrl);
    ops = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    await signIn(bob, { account: { email: 'bob@example.com', name: 'Bob' } });
    await signIn(ops, { account: { email: 'ops@example.com', name: 'Ops' } });
    await connectGmail(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    aliceId = (await sessionOf(alice)).user?.id as string;
    const account = await t.database.db.selectFrom('mail_accounts').select('id').where('user_id', '=', aliceId).executeTakeFirstOrThrow();
    aliceAccountId = account.id;
    const now = Date.now();
    await t.database.db
      .insertInto('outgoing_messages')
      .values({
        id: 'send-1', account_id: account.id, user_id: aliceId, mode: 'reply', original_message_id: 'm1', thread_id: null, to_addresses: '[]', cc_addresses: '[]', bcc_addresses: '[]',
        subject: 'Launch plan', body: 'hello', rfc822_message_id: 'x@y', from_suggestion: null, status: 'failed', send_at: now, attempt_started_at: null, sent_message_id: null,
        error: 'Gmail refused the message: quota exceeded', created_at: now, updated_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('action_batches')
      .values({
        id: 'batch-1', account_id: account.id, kind: 'quarantine', category_id: null, category_name: null, status: 'failed', message_count: 120, done_count: 40, restored_count: 0,
        error: 'Gmail answered 500 three times', created_at: now, expires_at: now + 7 * 86_400_000, completed_at: null, undone_at: null, updated_at: now - 1000, label_change: '{"add":[],"remove":[]}',
      })
      .execute();
  });
  afterAll(() => t.close());

  test('a user sees their own mailbox sync and their failed work with its reason', async () => {
    const answer = await call(alice, 'getOpsStatus');
    expect(answer.http).toBe(200);
    expect(answer.result?.operator).toBe(false);
    expect(answer.result?.instance).toBeNull();
    expect(answer.result?.account).toMatchObject({ email: 'alice@example.com', provider: 'gmail', needsReconnect: false, messagesSkipped: 0 });
    expect(answer.result?.work.map((w) => [w.kind, w.title, w.state, w.error])).toEqual([
      ['send', 'Reply: Launch plan', 'failed', 'Gmail refused the message: quota exceeded'],
      ['bulk-action', 'Quarantine: 120 messages', 'failed', 'Gmail answered 500 three times'],
    ]);
  });

  test('another user sees none of it, and without a mailbox cannot ask for a sync', async () => {
    const answer = await call(bob, 'getOpsStatus');
    expect(answer.result).toEqual({ account: null, work: [], jobs: [], quota: null, operator: false, instance: null });
    const sync = await call(bob, 'syncNow');
    expect(sync.http).toBe(400);
    expect(sync.error?.details?.reason).toBe('GMAIL_NOT_CONNECTED');
  });

  test('the instance view is for operators only: PERMISSION_DENIED for anyone else', async () => {
    const refused = await call(alice, 'getOpsStatus', { instance: true });
    expect(refused.http).toBe(403);
    expect(refused.error?.status).toBe('PERMISSION_DENIED');
    const answer = await call(ops, 'getOpsStatus', { instance: true });
    expect(answer.result?.operator).toBe(true);
    const instance = answer.result?.instance;
    expect(instance).toMatchObject({ version: '0.1.0', database: { engine }, queue: 'in-process' });
    expect(instance?.database.sizeBytes).toBeGreaterThan(0);
    expect(instance?.accounts.map((a) => a.email)).toEqual(['alice@example.com']);
    expect(instance?.work).toEqual(expect.arrayContaining([{ kind: 'send', state: 'failed', count: 1 }, { kind: 'bulk-action', state: 'failed', count: 1 }]));
  });

  test('sync now asks for a sync of the caller’s mailbox', async () => {
    const answer = await call(alice, 'syncNow');
    expect(answer.http).toBe(200);
    expect(answer.result).toEqual({ requested: true });
  });

  test('a failed job of the user’s mailbox shows with its reason (secrets scrubbed); only its owner or an operator can retry it, and it then succeeds', async () => {
    const jobId = (await t.jobs.enqueue('test.fragile', { accountId: aliceAccountId }))!;
    await t.jobs.idle();
    const mine = await call(alice, 'getOpsStatus');
    const job = mine.result?.jobs.find((j) => j.id === jobId);
    expect(job).toMatchObject({ queue: 'test.fragile', state: 'failed', attempt: 0, retryLimit: 0 });
    expect(job?.error).toContain('Gmail refused: invalid_grant');
    expect(job?.error).not.toMatch(/SECRET/);
    // Bob sees none of it and cannot retry it: the id answers as unknown.
    expect((await call(bob, 'getOpsStatus')).result?.jobs).toEqual([]);
    const refused = await call(bob, 'retryJob', { jobId });
    expect(refused.http).toBe(404);
    expect(await t.jobs.getJob(jobId)).toMatchObject({ state: 'failed' });
    // The operators' instance view counts it and lists it among the failed jobs.
    const instance = (await call(ops, 'getOpsStatus', { instance: true })).result?.instance;
    expect(instance?.queues.find((q) => q.name === 'test.fragile')).toMatchObject({ failed: 1, completed: 0 });
    expect(instance?.failedJobs.map((j) => j.id)).toContain(jobId);

    healthy = true;
    const retried = await call(alice, 'retryJob', { jobId });
    expect(retried.http).toBe(200);
    expect((retried.result as unknown as { job: { id: string } }).job.id).toBe(jobId);
    await t.jobs.idle();
    expect((await call(alice, 'getOpsStatus')).result?.jobs.find((j) => j.id === jobId)).toMatchObject({ state: 'completed', error: null });
    const again = await call(alice, 'retryJob', { jobId });
    expect(again.http).toBe(400);
    expect(again.error?.details?.reason).toBe('NOT_RETRYABLE');
    // An operator may retry anyone's failed job.
    healthy = false;
    const other = (await t.jobs.enqueue('test.fragile', { accountId: aliceAccountId }))!;
    await t.jobs.idle();
    healthy = true;
    expect((await call(ops, 'retryJob', { jobId: other })).http).toBe(200);
    await t.jobs.idle();
    expect((await t.jobs.getJob(other))?.state).toBe('completed');
  });

  test('Gmail quota: every request of a sync counts at its method’s published cost, for the user and in the instance view', async () => {
    expect((await call(alice, 'syncNow')).http).toBe(200);
    await t.jobs.idle();
    const quota = (await call(alice, 'getOpsStatus')).result?.quota;
    expect(quota?.limitPerMinute).toBe(15_000);
    expect(quota?.byMethod.length).toBeGreaterThan(0);
    for (const m of quota!.byMethod) expect(m.units).toBe(m.calls * QUOTA_COST[m.method as GmailMethod]);
    expect(quota?.byMethod.map((m) => m.method)).toContain('users.getProfile');
    const total = quota!.byMethod.reduce((sum, m) => sum + m.units, 0);
    expect(quota?.lastMinute).toBe(total);
    expect(quota?.lastHour).toBe(total);
    const instance = (await call(ops, 'getOpsStatus', { instance: true })).result?.instance;
    expect(instance?.quota).toEqual([{ email: 'alice@example.com', lastMinute: total, lastHour: total, limitPerMinute: 15_000 }]);
    // Bob has no mailbox: no quota of his own, and never Alice's.
    expect((await call(bob, 'getOpsStatus')).result?.quota).toBeNull();
  });

  test('the instance view has request rates and latencies per route template, and the last warnings without secrets or mail content', async () => {
    t.app.log.warn(
      { err: new Error('refresh failed: Bearer ya29.a0LEAKEDACCESS'), body: 'Dear Alice, the private body', req: { method: 'GET', url: '/api/gmail/push?token=LEAKEDPUSHTOKEN' }, accountId: aliceAccountId },
      'token refresh failed access_token=ya29.a0LEAKEDTOO',
    );
    const instance = (await call(ops, 'getOpsStatus', { instance: true })).result?.instance;
    const fn = instance?.routes.find((r) => r.method === 'POST' && r.route === '/api/fn/:name');
    expect(fn?.requests).toBeGreaterThan(5);
    expect(fn?.p95Ms).toBeGreaterThanOrEqual(fn?.p50Ms ?? Infinity);
    expect(fn?.perMinute).toBeGreaterThan(0);
    // The 404 and 400s above are client errors, not server errors.
    expect(fn?.clientErrors).toBeGreaterThan(0);
    const entry = instance?.logs.find((l) => l.message.startsWith('token refresh failed'));
    expect(entry).toMatchObject({ level: 'warn', context: { route: 'GET /api/gmail/push', account: aliceAccountId } });
    expect(entry?.error).toContain('refresh failed: Bearer [redacted]');
    const shown = JSON.stringify(instance?.logs);
    for (const leaked of ['LEAKED', 'private body', 'ya29']) expect(shown).not.toContain(leaked);
    expect(instance?.sandbox).toBe(true);
  });

  test('a fault drill is for operators, against the embedded sandbox only', async () => {
    const refused = await call(alice, 'setSandboxFaults', { errorRate: 1 });
    expect(refused.http).toBe(403);
    const drill = await call(ops, 'setSandboxFaults', { errorRate: 1, kind: 'failedPrecondition' });
    expect(drill.result).toEqual({ errorRate: 1 });
    healthy = true;
    // Gmail (the sandbox) now refuses every request with a reason a retry does not fix: the sync fails at once.
    const syncJob = (await t.jobs.enqueue('mail.sync', { accountId: aliceAccountId }))!;
    for (let i = 0; i < 100 && (await t.jobs.getJob(syncJob))?.state !== 'retry'; i++) await new Promise((r) => setTimeout(r, 50));
    const failed = (await call(alice, 'getOpsStatus')).result?.jobs.find((j) => j.id === syncJob);
    expect(failed).toMatchObject({ queue: 'mail.sync', state: 'retry' });
    expect(failed?.error).toMatch(/Mail service not enabled/);
    expect((await call(ops, 'setSandboxFaults', { errorRate: 0 })).http).toBe(200);
    expect((await call(alice, 'retryJob', { jobId: syncJob })).http).toBe(200);
    await t.jobs.idle();
    expect((await t.jobs.getJob(syncJob))?.state).toBe('completed');
    expect((await call(ops, 'getOpsStatus', { instance: true })).result?.instance?.logs.some((l) => l.message.startsWith('fault drill'))).toBe(true);
  });
});
