/**
 * The product's promises and the seed's timings, named once (DESIGN §1, §7). Server and web
 * import these; nothing else spells the numbers. Each one is kept by code and proved by a test.
 */

const SECOND_MS = 1000;
/** Units for saying a promise in words ("7 days", "24 hours"): `ACTION_UNDO_WINDOW_MS / DAY_MS`. */
export const HOUR_MS = 60 * 60 * SECOND_MS;
export const DAY_MS = 24 * HOUR_MS;

/** "Actions reversible for 7 days": every bulk action can be undone from /recovery this long. */
export const ACTION_UNDO_WINDOW_MS = 7 * DAY_MS;

/** "Derived data deleted after 30 days": the daily retention job deletes older derived rows. */
export const DERIVED_DATA_RETENTION_MS = 30 * DAY_MS;

/** "Purge within 24 h of revoking access": an account's data is gone within this time. */
export const PURGE_DEADLINE_MS = 24 * HOUR_MS;

/** Smart replies "in about 3 seconds": also the longest an optional AI step may take before the local result is used. */
export const AI_STEP_TIMEOUT_MS = 3 * SECOND_MS;

/**
 * Search asks the optional language model only about requests the local translator is unsure of:
 * its confidence (roughly the share of the request it understood) below this.
 */
export const SEARCH_MODEL_CONFIDENCE_BELOW = 0.6;

/** Undo send: a reply waits this long before it goes (the default; Settings allows the range below). */
export const UNDO_SEND_DEFAULT_MS = 10 * SECOND_MS;
export const UNDO_SEND_MIN_MS = 5 * SECOND_MS;
export const UNDO_SEND_MAX_MS = 30 * SECOND_MS;

/** A push service worker must activate within this time (seed §5). */
export const SERVICE_WORKER_ACTIVATION_TIMEOUT_MS = 10 * SECOND_MS;

/** A stored push token older than this is refreshed (seed §5). */
export const PUSH_TOKEN_REFRESH_MS = 7 * DAY_MS;

/** The seed's set-up bar: +20 % every 0.6 s. */
export const SETUP_PROGRESS_STEP_PERCENT = 20;
export const SETUP_PROGRESS_STEP_MS = 600;

/** The install banner appears after 3 s and, once dismissed, stays away for 7 days. */
export const INSTALL_BANNER_DELAY_MS = 3 * SECOND_MS;
export const INSTALL_BANNER_SUPPRESS_MS = 7 * DAY_MS;

/** Gmail requires bulk senders to honour an unsubscribe within 2 days; after that a sender is "still sending". */
export const UNSUBSCRIBE_HONOUR_MS = 2 * DAY_MS;

/**
 * One spoken command or dictation (issue 16): at most 30 s and 1 MB (1,048,576 bytes) of WAV.
 * The browser stops recording at the time limit; the server refuses anything past either one.
 * 30 s of 16 kHz mono 16-bit audio is 960,044 bytes as WAV, so the two agree.
 */
export const VOICE_MAX_SECONDS = 30;
export const VOICE_MAX_BYTES = 1_048_576;
/** The one audio format the recogniser takes: 16 kHz mono 16-bit PCM WAV. */
export const VOICE_SAMPLE_RATE = 16_000;

/**
 * The jobs that keep the data promises above. The server defines and schedules them under these
 * names, and /privacy names them, so the page says which code keeps each promise.
 */
export const PROMISE_JOBS = {
  /** Daily: deletes derived data older than DERIVED_DATA_RETENTION_MS. */
  derivedDataRetention: 'retention.derived-data',
  /** Right after a disconnect: purges the account's data. */
  accountPurge: 'mail.purge-account',
  /** Hourly: re-runs any purge a restart or an outage interrupted, well within PURGE_DEADLINE_MS. */
  purgeSweep: 'mail.purge-sweep',
  /** Daily: removes the undo records of action batches older than ACTION_UNDO_WINDOW_MS. */
  actionBatchExpiry: 'recovery.expire-batches',
} as const;
