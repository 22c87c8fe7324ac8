/** "Actions reversible for 7 days" (DESIGN §1): the server enforces it; the UI says it. */
export { UNDO_DAYS as RECOVERY_DAYS } from '../../../shared/promises';

/** While a batch is being applied or undone, its progress is re-read this often. */
export const BATCH_POLL_INTERVAL_MS = 1_000;
