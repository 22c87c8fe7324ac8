import { ACTION_UNDO_WINDOW_MS, DAY_MS, DERIVED_DATA_RETENTION_MS, HOUR_MS, PURGE_DEADLINE_MS } from '@mailroom/contract/promises';

/**
 * The product's promises in the words pages use (DESIGN §1). The numbers come from
 * @mailroom/contract's promises.ts, the same constants the server enforces, so a page can never
 * promise something other than what the code does.
 */

/** "Every bulk action can be undone for 7 days." */
export const UNDO_DAYS = ACTION_UNDO_WINDOW_MS / DAY_MS;
/** "Derived data is deleted after 30 days." */
export const DERIVED_DATA_DAYS = DERIVED_DATA_RETENTION_MS / DAY_MS;
/** "Purged within 24 hours of revoking access." */
export const PURGE_HOURS = PURGE_DEADLINE_MS / HOUR_MS;
