/** getCategoryEmails page size when the caller names none (the contract allows 1–100). */
export const DEFAULT_CATEGORY_PAGE_SIZE = 50;

/**
 * The zone calendar dates in category queries are read in (`after:2024/01/31` is midnight
 * there). Gmail's API reads bare dates in `q` as midnight Pacific time (DESIGN §5), so this is
 * what the same query typed into Gmail's API means; dates go to Gmail as epoch seconds of it.
 */
export const CATEGORY_QUERY_TIME_ZONE = 'America/Los_Angeles';

/** Categories one user may have. */
export const MAX_CATEGORIES_PER_USER = 200;
