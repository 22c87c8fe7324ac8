/**
 * How long a Mailroom sign-in lasts. A session is a server-side row; the cookie only carries a
 * random token. After this the user signs in again (with Google that is one click).
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A personal API token's "last used" time is written at most this often, not on every call. */
export const API_TOKEN_LAST_USED_RESOLUTION_MS = 60 * 1000;

/** Personal API tokens a user may hold at once. */
export const MAX_API_TOKENS_PER_USER = 50;
