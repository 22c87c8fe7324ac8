import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BATCH_RETRY_DELAY_SECONDS, BATCH_RETRY_LIMIT } from '../../constants/recovery.ts';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { loadBatch } from './repository.ts';
import { describeError, isRetryableFailure, markStopped, runBatch } from './runner.ts';

export const ACTION_BATCH_JOB = 'recovery.action-batch';

export interface RecoveryJobDeps {
  db: Db;
  jobs: JobQueue;
  providers: (accountId: string) => Promise<MailProvider | null>;
  log: FastifyBaseLogger;
  /** First retry delay (doubling after); tests shorten it. */
  retryDelaySeconds?: number;
}

/**
 * Large action batches (and undos) run as jobs, one at a time per batch. A failed run is retried
 * with backoff and carries on where it stopped; after the last retry, or on a failure retrying
 * cannot fix (revoked grant, missing scope), the batch is marked failed with the reason, and
 * what it did so far stays undoable.
 */
export function defineRecoveryJobs(deps: RecoveryJobDeps): void {
  const { db, jobs, providers, log } = deps;
  jobs.define<{ batchId: string }>({
    name: ACTION_BATCH_JOB,
    key: (data) => data.batchId,
    retryLimit: BATCH_RETRY_LIMIT,
    retryDelaySeconds: deps.retryDelaySeconds ?? BATCH_RETRY_DELAY_SECONDS,
    handler: async ({ batchId }, meta) => {
      const batch = await loadBatch(db, batchId);
      if (!batch || (batch.status !== 'running' && batch.status !== 'undoing')) return;
      const provider = await providers(batch.account_id);
      if (!provider) return markStopped(db, batch, new Error('Gmail is no longer connected'));
      try {
        const finished = await runBatch({ db, provider }, batchId);
        log.info({ batchId, status: finished?.status, done: finished?.done_count, restored: finished?.restored_count }, 'action batch finished');
      } catch (error) {
        if (!isRetryableFailure(error) || meta.attempt >= BATCH_RETRY_LIMIT) {
          log.warn({ err: error, batchId }, 'action batch stopped');
          return markStopped(db, batch, error);
        }
        // Shown while the retry waits; cleared when the batch finishes.
        await db.updateTable('action_batches').set({ error: `${describeError(error)} (retrying)`, updated_at: Date.now() }).where('id', '=', batchId).execute();
        throw error;
      }
    },
  });
}

export async function enqueueBatch(jobs: JobQueue, batchId: string): Promise<void> {
  await jobs.enqueue(ACTION_BATCH_JOB, { batchId });
}

/**
 * Defines the batch job and, once the app is ready, re-queues batches a restart interrupted
 * (the in-process queue forgets its jobs; the batch status does not).
 */
export function registerRecoveryJobs(app: FastifyInstance, deps: Omit<RecoveryJobDeps, 'log'>): void {
  defineRecoveryJobs({ ...deps, log: app.log });
  app.addHook('onReady', async () => {
    const unfinished = await deps.db.selectFrom('action_batches').select('id').where('status', 'in', ['running', 'undoing']).execute();
    for (const { id } of unfinished) await enqueueBatch(deps.jobs, id);
  });
}
