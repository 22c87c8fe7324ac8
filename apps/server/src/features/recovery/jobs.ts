import { PROMISE_JOBS } from '@mailroom/contract';
import { systemClock } from '../../clock.ts';
import { BATCH_RETRY_DELAY_SECONDS, BATCH_RETRY_LIMIT } from '../../constants/recovery.ts';
import type { JobMeta, JobQueue } from '../../jobs/queue.ts';
import { defineJob, type FeatureJob } from '../../platform/plugin.ts';
import type { AppServices } from '../../platform/services.ts';
import { expireBatches, loadBatch } from './repository.ts';
import { describeError, isRetryableFailure, markStopped, runBatch } from './runner.ts';
import { batchUndone } from './undone.ts';

export const ACTION_BATCH_JOB = 'recovery.action-batch';

type BatchJobServices = Pick<AppServices, 'db' | 'providers' | 'log' | 'jobs'> & Partial<Pick<AppServices, 'clock'>>;

/**
 * Large action batches (and undos) run as jobs, one at a time per batch. A failed run is retried
 * with backoff and carries on where it stopped; after the last retry, or on a failure retrying
 * cannot fix (revoked grant, missing scope), the batch is marked failed with the reason, and
 * what it did so far stays undoable.
 */
async function runBatchJob({ batchId }: { batchId: string }, meta: JobMeta, { db, providers, log, jobs, clock = systemClock }: BatchJobServices): Promise<void> {
  const batch = await loadBatch(db, batchId);
  if (!batch || (batch.status !== 'running' && batch.status !== 'undoing')) return;
  const provider = await providers(batch.account_id);
  if (!provider) return markStopped(db, batch, new Error('Gmail is no longer connected'));
  try {
    const finished = await runBatch({ db, provider }, batchId);
    log.info({ batchId, status: finished?.status, done: finished?.done_count, restored: finished?.restored_count }, 'action batch finished');
    // An undo finished here rather than in undoActionBatch's answer: its listeners hear of it now.
    if (batch.status === 'undoing' && finished?.status === 'undone') {
      const rows = await db.selectFrom('action_batch_messages').select('message_id').where('batch_id', '=', batchId).execute();
      await batchUndone({ db, log, jobs, clock }, { accountId: batch.account_id, messageIds: rows.map((r) => r.message_id), action: batch.kind, startedAt: Number(batch.created_at) });
    }
  } catch (error) {
    if (!isRetryableFailure(error) || meta.attempt >= BATCH_RETRY_LIMIT) {
      log.warn({ err: error, batchId }, 'action batch stopped');
      return markStopped(db, batch, error);
    }
    // Shown while the retry waits; cleared when the batch finishes.
    await db.updateTable('action_batches').set({ error: `${describeError(error)} (retrying)`, updated_at: Date.now() }).where('id', '=', batchId).execute();
    throw error;
  }
}

/** The batch job; `retryDelaySeconds` is the first retry delay (doubling after), which tests shorten. */
export function actionBatchJob(retryDelaySeconds: number = BATCH_RETRY_DELAY_SECONDS): FeatureJob {
  return defineJob<{ batchId: string }>({
    name: ACTION_BATCH_JOB,
    key: (data) => data.batchId,
    retryLimit: BATCH_RETRY_LIMIT,
    retryDelaySeconds,
    handler: runBatchJob,
  });
}

export interface RecoveryJobDeps extends BatchJobServices {
  jobs: JobQueue;
  retryDelaySeconds?: number;
}

/** Defines the batch job on a queue directly, for tests that drive batches without the app. */
export function defineRecoveryJobs(deps: RecoveryJobDeps): void {
  deps.jobs.define<{ batchId: string }>({
    name: ACTION_BATCH_JOB,
    key: (data) => data.batchId,
    retryLimit: BATCH_RETRY_LIMIT,
    retryDelaySeconds: deps.retryDelaySeconds ?? BATCH_RETRY_DELAY_SECONDS,
    handler: (data, meta) => runBatchJob(data, meta, deps),
  });
}

export async function enqueueBatch(jobs: JobQueue, batchId: string): Promise<void> {
  await jobs.enqueue(ACTION_BATCH_JOB, { batchId });
}

/**
 * Re-queues batches a restart interrupted (the in-process queue forgets its jobs; the batch
 * status does not).
 */
export async function resumeUnfinishedBatches({ db, jobs }: Pick<AppServices, 'db' | 'jobs'>): Promise<void> {
  const unfinished = await db.selectFrom('action_batches').select('id').where('status', 'in', ['running', 'undoing']).execute();
  for (const { id } of unfinished) await enqueueBatch(jobs, id);
}

/** When the expiry runs (UTC): daily, so undo records are gone at most a day after the 7 days. */
export const BATCH_EXPIRY_CRON = '41 3 * * *';

/**
 * "Actions reversible for 7 days", the second half: after the window the records kept for undo
 * are removed (undo already refuses with BATCH_EXPIRED; the small batch row itself stays, as an
 * action log, until the derived-data retention takes it at 30 days).
 */
export const expireBatchesJob = defineJob<Record<string, never>>({
  name: PROMISE_JOBS.actionBatchExpiry,
  key: () => 'all',
  handler: async (_data, _meta, { db, clock, log }) => {
    const removed = await expireBatches(db, clock.now());
    if (removed > 0) log.info({ removed }, 'undo records of expired action batches removed');
  },
});
