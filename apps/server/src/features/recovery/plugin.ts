import { derivedTable, type FeaturePlugin } from '../../platform/plugin.ts';
import { actionBatchJob, BATCH_EXPIRY_CRON, expireBatchesJob, resumeUnfinishedBatches } from './jobs.ts';
import { listActionBatchMessages } from './listActionBatchMessages.ts';
import { listActionBatches } from './listActionBatches.ts';
import { undoActionBatch } from './undoActionBatch.ts';

/**
 * "Actions reversible for 7 days" (DESIGN §1): every bulk action is an action batch, listed on
 * /recovery and undoable until it expires. Batches over 1,000 messages (and their undos) run as
 * a job, resumed after a restart. Features start batches through recovery's index.ts.
 */
export const recoveryPlugin: FeaturePlugin = {
  name: 'recovery',
  functions: { listActionBatches, listActionBatchMessages, undoActionBatch },
  jobs: [actionBatchJob(), expireBatchesJob],
  schedules: [{ job: expireBatchesJob.name, cron: BATCH_EXPIRY_CRON }],
  // The log of bulk actions is derived data: gone after 30 days (undo ends after 7).
  derivedTables: [derivedTable({ table: 'action_batches', ageColumn: 'created_at', description: 'bulk actions and their undo records' })],
  onReady: resumeUnfinishedBatches,
};
