// The undo window itself ("actions reversible for 7 days") is ACTION_UNDO_WINDOW_MS in
// @mailroom/contract's promises.ts.

/** The Gmail label quarantined mail is moved to (created on the first quarantine). */
export const QUARANTINE_LABEL_NAME = 'Mailroom/Quarantine';

/**
 * Batches up to this many messages are applied before the function answers: one
 * messages.batchModify call (at most 1,000 ids, DESIGN §5). Larger ones run in a job whose
 * progress listActionBatches shows.
 */
export const INLINE_BATCH_LIMIT = 1_000;

/** The most messages one action may take (`all: true` over a category included). */
export const MAX_BATCH_MESSAGES = 50_000;

/** A batch job that fails is retried this many times, starting this many seconds apart (then doubling). */
export const BATCH_RETRY_LIMIT = 5;
export const BATCH_RETRY_DELAY_SECONDS = 5;
