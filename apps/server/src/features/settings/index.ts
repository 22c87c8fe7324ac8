/**
 * What other features may use of settings: a user's full settings (defaults filled in) and the
 * time zone their dates are read in ("today", `newer_than:`, the digest hour).
 */
export { loadSettings, userTimeZone } from './repository.ts';
