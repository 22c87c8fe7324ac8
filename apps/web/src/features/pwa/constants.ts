/** The install banner appears this long after the browser's `beforeinstallprompt` (the seed's 3 s). */
export const INSTALL_BANNER_DELAY_MS = 3_000;

/** "Not now" hides the banner for this long (the seed's 7 days). */
export const INSTALL_BANNER_SUPPRESS_MS = 7 * 24 * 60 * 60 * 1000;

/** localStorage key holding the time (ms since the epoch) of the last "Not now". */
export const INSTALL_DISMISSED_AT_KEY = 'mailroom.installBanner.dismissedAt';
