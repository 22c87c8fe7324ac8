import { SETUP_PROGRESS_STEP_MS, SETUP_PROGRESS_STEP_PERCENT } from '@mailroom/contract/promises';

/** The seed's set-up progress bar on /connect/success: it rises by 20 % every 0.6 s (promises.ts)... */
export { SETUP_PROGRESS_STEP_PERCENT };
export const SETUP_PROGRESS_INTERVAL_MS = SETUP_PROGRESS_STEP_MS;
/** ...up to 100 %. It is not real progress; the real first-sync progress is shown beside it. */
export const SETUP_PROGRESS_MAX_PERCENT = 100;
