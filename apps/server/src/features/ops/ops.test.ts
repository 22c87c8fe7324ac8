import type { OpsStatus } from '@mailroom/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES } from '../../db/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callFn, connectGmail, InjectBrowser, sessionOf, signIn } from '../../testing/signin.ts';

type Answer = { result?: OpsStatus; error?: { status: string; message: string; details?: { reason?: string } } };

describe.each(ENGINES)('/ops on %s', (engine) => {
  let t: TestApp;
  let alice: InjectBrowser;
  let bob: InjectBrowser;
  let ops: InjectBrowser;
  let aliceId: string;
  const call = async (who: InjectBrowser, name: string, data: unknown = {}) => {
    const response = await callFn(who, name, data);
    return { http: response.statusCode, ...(response.json() as Answer) };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', OPS_ADMINS: 'Ops@Example.com, other@example.com' } });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    bob = new InjectBrowser(t.app, t.config.publicUrl);
    ops = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    await signIn(bob, { account: { email: 'bob@example.com', name: 'Bob' } });
    await signIn(ops, { account: { email: 'ops@example.com', name: 'Ops' } });
    await connectGmail(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    aliceId = (await sessionOf(alice)).user?.id as string;
    const account = await t.database.db.selectFrom('mail_accounts').select('id').where('user_id', '=', aliceId).executeTakeFirstOrThrow();
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
    expect(answer.result).toEqual({ account: null, work: [], operator: false, instance: null });
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
});
