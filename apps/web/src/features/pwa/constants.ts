/**
 * The install banner appears 3 s after the browser's `beforeinstallprompt`, and "Not now" hides
 * it for 7 days (the seed's timings, named in @mailroom/contract's promises.ts).
 */
export { INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_SUPPRESS_MS } from '@mailroom/contract/promises';

/** localStorage key holding the time (ms since the epoch) of the last "Not now". */
export const INSTALL_DISMISSED_AT_KEY = 'mailroom.installBanner.dismissedAt';
