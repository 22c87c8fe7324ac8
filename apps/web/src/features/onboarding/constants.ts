/**
 * The seed's set-up progress bar on /connect/success: it rises by this much...
 */
export const SETUP_PROGRESS_STEP_PERCENT = 20;
/** ...this often (0.6 s)... */
export const SETUP_PROGRESS_INTERVAL_MS = 600;
/** ...up to 100 %. It is not real progress; the real first-sync progress is shown beside it. */
export const SETUP_PROGRESS_MAX_PERCENT = 100;
