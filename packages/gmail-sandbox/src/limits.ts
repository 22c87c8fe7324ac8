/**
 * Gmail API numbers the sandbox reproduces, in one place (DESIGN §5, §7).
 * Sources: https://developers.google.com/workspace/gmail/api/reference/quota
 *          https://developers.google.com/workspace/gmail/api/guides/batch
 */

/** Quota units per method, from Google's "Per-method quota usage" table. */
export const QUOTA_COST = {
  'users.getProfile': 1,
  'users.watch': 100,
  'users.stop': 50,
  'labels.list': 1,
  'labels.get': 1,
  'labels.create': 5,
  'labels.patch': 5,
  'labels.delete': 5,
  'messages.list': 5,
  'messages.get': 5,
  'messages.modify': 5,
  'messages.batchModify': 50,
  'messages.delete': 10,
  'messages.trash': 5,
  'messages.untrash': 5,
  'messages.send': 100,
  'messages.attachments.get': 5,
  'threads.list': 10,
  'threads.get': 10,
  'history.list': 2,
} as const;

export type GmailMethod = keyof typeof QUOTA_COST;

/** Classic per-user quota: 15,000 units per user per minute (projects created before May 2026). */
export const CLASSIC_UNITS_PER_USER_PER_MINUTE = 15_000;
/** Per-user quota for projects created from May 2026. */
export const CURRENT_UNITS_PER_USER_PER_MINUTE = 6_000;
/** The quota window: Google states the per-user limit per minute. */
export const QUOTA_WINDOW_MS = 60_000;

/** messages.batchModify accepts at most 1,000 ids per request. */
export const BATCH_MODIFY_MAX_IDS = 1_000;

/** messages.list / threads.list / history.list: default and largest page size. */
export const LIST_DEFAULT_PAGE_SIZE = 100;
export const LIST_MAX_PAGE_SIZE = 500;

/** Gmail's snippet is about 200 characters of the body text. */
export const SNIPPET_LENGTH = 200;

/**
 * History records kept per mailbox. Gmail keeps history for at least a week and answers 404 for
 * an older startHistoryId (https://developers.google.com/workspace/gmail/api/guides/sync); the
 * sandbox bounds it by count so a test can make it small.
 */
export const DEFAULT_HISTORY_WINDOW = 50_000;

/** The demo mailbox's owner unless configured otherwise. */
export const DEFAULT_DEMO_EMAIL = 'demo@mailroom.local';

/** The newest seeded message is this old, so the demo mailbox looks like today's mail. */
export const SEED_NEWEST_AGE_MS = 60 * 60 * 1000;
