import { INLINE_BATCH_LIMIT } from '../../constants/recovery.ts';
import { FnError } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { toFnError } from '../../providers/mailbox-access.ts';
import type { UserFnContext } from '../registry.ts';
import { enqueueBatch } from './jobs.ts';
import { recordBatch, type BatchRow, type NewBatch } from './repository.ts';
import { describeError, isRetryableFailure, markStopped, runBatch } from './runner.ts';

export interface StartedBatch {
  batchId: string;
  count: number;
  /** `done`: every message was changed before the answer; `running`: a job carries on. */
  status: 'done' | 'running';
}

/**
 * Starts an action batch whose messages and change the caller has worked out (the mail feature:
 * which messages, which labels): records the batch with every message's labels from before in
 * one transaction, before Gmail is touched, then changes Gmail. Up to INLINE_BATCH_LIMIT
 * messages are changed before the answer; larger batches, and small ones whose Gmail call failed
 * after the provider's own retries, carry on in a job (status `running`, progress in
 * listActionBatches). Undo restores each message's labels for 7 days.
 */
export async function startActionBatch(ctx: UserFnContext, provider: MailProvider, batch: NewBatch): Promise<StartedBatch> {
  const row = await recordBatch(ctx.db, batch);
  const status = await carryOn(ctx, provider, row, batch.messages.length);
  return { batchId: row.id, count: batch.messages.length, status };
}

/**
 * Runs a batch (apply or undo) now when small, else in a job. A failure retrying can fix goes to
 * the job; one it cannot (revoked grant, scope taken away) stops the batch and is reported.
 */
export async function carryOn(ctx: UserFnContext, provider: MailProvider, batch: BatchRow, size: number): Promise<'done' | 'running'> {
  if (size > INLINE_BATCH_LIMIT) {
    await queue(ctx, batch);
    return 'running';
  }
  try {
    await runBatch({ db: ctx.db, provider }, batch.id);
    return 'done';
  } catch (error) {
    if (!isRetryableFailure(error)) {
      await markStopped(ctx.db, batch, error);
      throw toFnError(error);
    }
    ctx.log.warn({ err: error, batchId: batch.id }, 'action batch continues in a job after a Gmail failure');
    await ctx.db.updateTable('action_batches').set({ error: `${describeError(error)} (retrying)` }).where('id', '=', batch.id).execute();
    await queue(ctx, batch);
    return 'running';
  }
}

async function queue(ctx: UserFnContext, batch: BatchRow): Promise<void> {
  try {
    await enqueueBatch(ctx.jobs, batch.id);
  } catch (error) {
    await markStopped(ctx.db, batch, error);
    ctx.log.error({ err: error, batchId: batch.id }, 'could not queue an action batch');
    throw new FnError('UNAVAILABLE', 'The action could not be queued; what was done so far can be undone from Recovery.');
  }
}
