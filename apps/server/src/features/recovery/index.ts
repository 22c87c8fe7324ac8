/**
 * Recovery's public surface: starting an action batch (the mail feature decides what it
 * changes), the label arithmetic it records, and the batch job for tests that drive batches
 * without the app (the app installs it through recovery's plugin.ts).
 */
export { defineRecoveryJobs, ACTION_BATCH_JOB, type RecoveryJobDeps } from './jobs.ts';
export { startActionBatch, type StartedBatch } from './start.ts';
export type { LabelChange } from './changes.ts';
export type { NewBatch } from './repository.ts';
export { onBatchUndone, type BatchUndone, type BatchUndoneListener, type UndoServices } from './undone.ts';
