// The promise itself ("purge within 24 h of revoking access") is PURGE_DEADLINE_MS in
// @mailroom/contract's promises.ts; these are the purge job's retries.

/** A failed purge is retried this many times, starting this many seconds apart (then doubling). */
export const PURGE_RETRY_LIMIT = 8;
export const PURGE_RETRY_DELAY_SECONDS = 30;
