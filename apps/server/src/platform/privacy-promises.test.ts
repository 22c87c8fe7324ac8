import { ACTION_UNDO_WINDOW_MS, DAY_MS, DERIVED_DATA_RETENTION_MS, HOUR_MS, PROMISE_JOBS, PURGE_DEADLINE_MS } from '@mailroom/contract';
import { toStoreRow } from '@mailroom/mail-query';
import { CronExpressionParser } from 'cron-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeClock } from '../clock.ts';
import { tablesWithColumn } from '../db/account-data.ts';
import { ENGINES } from '../db/testing.ts';
import { recordBatch } from '../features/recovery/repository.ts';
import { markDisconnected } from '../features/gmail/repository.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { testMessage } from '../testing/messages.ts';
import { InjectBrowser, callFn, connectGmail, signIn } from '../testing/signin.ts';

/** The longest gap between two runs of a cron schedule over the next few weeks (UTC). */
function longestGapMs(cron: string, from: number): number {
  const expression = CronExpressionParser.parse(cron, { tz: 'UTC', currentDate: new Date(from) });
  let previous = from;
  let longest = 0;
  for (let i = 0; i < 24 * 31; i++) {
    const next = expression.next().getTime();
    longest = Math.max(longest, next - previous);
    previous = next;
  }
  return longest;
}

/**
 * The /privacy page's promises, each kept by a job the page names (PROMISE_JOBS). Time is a
 * fake clock the app and its jobs read, moved past each deadline; every test fails if the job
 * stops doing its part, is no longer scheduled, or is scheduled too rarely to keep the promise.
 */
describe.each(ENGINES)('what /privacy promises, kept with a fake clock (%s)', (engine) => {
  const start = Date.UTC(2026, 10, 2, 12, 0, 0);
  const clock = new FakeClock(start);
  let t: TestApp;
  let user: InjectBrowser;
  let accountId: string;

  const run = async (job: string) => {
    await t.jobs.enqueue(job, {});
    await t.jobs.idle();
  };
  const scheduleOf = (job: string) => t.app.mailroom.features.schedules.find((s) => s.job === job);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock, env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    user = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(user, { account: { email: 'privacy@example.com', name: 'Pat' } });
    await connectGmail(user);
    accountId = (await t.database.db.selectFrom('mail_accounts').select('id').where('email', '=', 'privacy@example.com').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  test(`derived data is deleted after ${DERIVED_DATA_RETENTION_MS / DAY_MS} days by the daily ${PROMISE_JOBS.derivedDataRetention} job`, async () => {
    clock.set(start);
    const message = { id: 'm1', labelIds: ['INBOX'] };
    const change = { add: ['TRASH'], remove: [] };
    const old = await recordBatch(t.database.db, { accountId, kind: 'delete', categoryId: null, categoryName: null, change, messages: [message] }, start - DERIVED_DATA_RETENTION_MS - 1);
    const young = await recordBatch(t.database.db, { accountId, kind: 'delete', categoryId: null, categoryName: null, change, messages: [message] }, start - DERIVED_DATA_RETENTION_MS + HOUR_MS);
    await t.database.db
      .insertInto('messages_changed_outbox')
      .values([
        { id: 'old-event', account_id: accountId, added: '["m1"]', relabelled: '[]', deleted: '[]', created_at: start - DERIVED_DATA_RETENTION_MS - 1 },
        { id: 'young-event', account_id: accountId, added: '["m1"]', relabelled: '[]', deleted: '[]', created_at: start - DAY_MS },
      ])
      .execute();

    await run(PROMISE_JOBS.derivedDataRetention);

    const batches = (await t.database.db.selectFrom('action_batches').select('id').execute()).map((r) => r.id);
    expect(batches).toContain(young.id);
    expect(batches).not.toContain(old.id);
    // Its undo records went with it.
    expect(await t.database.db.selectFrom('action_batch_messages').select('batch_id').where('batch_id', '=', old.id).execute()).toEqual([]);
    // Undelivered sync events count as derived data too (the outbox is emptied by delivery normally).
    expect((await t.database.db.selectFrom('messages_changed_outbox').select('id').execute()).map((r) => r.id)).toEqual(['young-event']);

    // The job runs at least daily, so nothing outlives the promise by more than a day.
    const schedule = scheduleOf(PROMISE_JOBS.derivedDataRetention);
    expect(schedule, 'the retention job is scheduled').toBeDefined();
    expect(longestGapMs(schedule!.cron, start)).toBeLessThanOrEqual(DAY_MS);
    await t.database.db.deleteFrom('action_batches').execute();
    await t.database.db.deleteFrom('messages_changed_outbox').execute();
  });

  test('every table registered as derived data has its age column, on this engine', async () => {
    const { derivedTables } = t.app.mailroom.features;
    expect(derivedTables.map((d) => d.table)).toEqual(expect.arrayContaining(['action_batches', 'messages_changed_outbox']));
    for (const entry of derivedTables) expect(await tablesWithColumn(t.database.db, entry.ageColumn), `${entry.table}.${entry.ageColumn}`).toContain(entry.table);
  });

  test(`bulk actions can be undone for ${ACTION_UNDO_WINDOW_MS / DAY_MS} days; then ${PROMISE_JOBS.actionBatchExpiry} removes their undo records`, async () => {
    clock.set(start);
    const batch = await recordBatch(
      t.database.db,
      { accountId, kind: 'quarantine', categoryId: null, categoryName: null, change: { add: ['Label_1'], remove: ['INBOX'] }, messages: [{ id: 'm1', labelIds: ['INBOX'] }, { id: 'm2', labelIds: ['INBOX', 'UNREAD'] }] },
      start,
    );
    await t.database.db.updateTable('action_batches').set({ status: 'done', done_count: 2 }).where('id', '=', batch.id).execute();
    const undoRecords = () => t.database.db.selectFrom('action_batch_messages').select('message_id').where('batch_id', '=', batch.id).execute();
    const listed = async () => ((await callFn(user, 'listActionBatches')).json() as { result: { batches: Array<{ batchId: string }> } }).result.batches.map((b) => b.batchId);

    // A second before the window closes: listed, undo records kept by the expiry job.
    clock.set(start + ACTION_UNDO_WINDOW_MS - 1000);
    await run(PROMISE_JOBS.actionBatchExpiry);
    expect(await undoRecords()).toHaveLength(2);
    expect(await listed()).toContain(batch.id);

    // Once the window has passed: the job removes the undo records, the list drops the batch,
    // and undo says why.
    clock.set(start + ACTION_UNDO_WINDOW_MS + 1);
    await run(PROMISE_JOBS.actionBatchExpiry);
    expect(await undoRecords()).toEqual([]);
    expect(await listed()).not.toContain(batch.id);
    const undo = await callFn(user, 'undoActionBatch', { batchId: batch.id });
    expect(undo.json()).toMatchObject({ error: { status: 'FAILED_PRECONDITION', details: { reason: 'BATCH_EXPIRED' } } });

    const schedule = scheduleOf(PROMISE_JOBS.actionBatchExpiry);
    expect(schedule, 'the expiry job is scheduled').toBeDefined();
    expect(longestGapMs(schedule!.cron, start)).toBeLessThanOrEqual(DAY_MS);
    await t.database.db.deleteFrom('action_batches').execute();
  });

  test(`after a disconnect, the account's data is purged within ${PURGE_DEADLINE_MS / HOUR_MS} hours even if its purge job was lost (${PROMISE_JOBS.purgeSweep})`, async () => {
    const other = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(other, { account: { email: 'leaving@example.com', name: 'Lee' } });
    await connectGmail(other);
    const leaving = (await t.database.db.selectFrom('mail_accounts').select('id').where('email', '=', 'leaving@example.com').executeTakeFirstOrThrow()).id;
    await t.database.db.insertInto('messages').values(toStoreRow(leaving, testMessage('leaving-1'), { historyId: '1', snippet: 'private' })).execute();

    // Disconnected, and the purge job that disconnectGmail queues never ran (a restart of the
    // in-process queue forgets it; pg-boss may have given up while the database was down).
    clock.set(start);
    await markDisconnected(t.database.db, leaving, start);
    expect(await t.database.db.selectFrom('messages').select('id').where('account_id', '=', leaving).execute()).toHaveLength(1);

    // The sweep's next run, an hour later at most, purges it.
    clock.set(start + HOUR_MS);
    await run(PROMISE_JOBS.purgeSweep);
    expect(await t.database.db.selectFrom('messages').select('id').where('account_id', '=', leaving).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('mail_accounts').select('id').where('id', '=', leaving).execute()).toEqual([]);

    const schedule = scheduleOf(PROMISE_JOBS.purgeSweep);
    expect(schedule, 'the purge sweep is scheduled').toBeDefined();
    // Hourly: a lost purge gets many tries well inside the 24 hours.
    expect(longestGapMs(schedule!.cron, start)).toBeLessThanOrEqual(HOUR_MS);
  });
});
