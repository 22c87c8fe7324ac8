/**
 * "Purge within 24 h of revoking access" (DESIGN §1): after a disconnect, every row of the
 * account's mail data must be gone within this time. The purge job normally takes seconds; a
 * pending purge older than this is logged as an error.
 */
export const PURGE_DEADLINE_MS = 24 * 60 * 60 * 1000;

/** A failed purge is retried this many times, starting this many seconds apart (then doubling). */
export const PURGE_RETRY_LIMIT = 8;
export const PURGE_RETRY_DELAY_SECONDS = 30;
