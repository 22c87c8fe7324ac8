import { DEFAULT_SETTINGS } from '@mailroom/contract';

/** getCategoryEmails page size when the caller names none (the contract allows 1–100). */
export const DEFAULT_CATEGORY_PAGE_SIZE = 50;

/**
 * The zone Gmail's own search reads bare dates in (midnight Pacific time, DESIGN §5), which is
 * also the default zone of a user who has not set one. Requests read dates in the user's zone
 * (features/settings); tests and benchmarks that compare with Gmail's reading use this.
 */
export const CATEGORY_QUERY_TIME_ZONE = DEFAULT_SETTINGS.account.timeZone;

/** Categories one user may have. */
export const MAX_CATEGORIES_PER_USER = 200;
