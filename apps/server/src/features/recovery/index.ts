/** Recovery's wiring for the app: the action batch job (large batches, undo of large batches). */
export { registerRecoveryJobs, defineRecoveryJobs, ACTION_BATCH_JOB, type RecoveryJobDeps } from './jobs.ts';
