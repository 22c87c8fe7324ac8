/**
 * Gmail API limits the Gmail provider works within (DESIGN §5). Sources:
 * https://developers.google.com/workspace/gmail/api/reference/quota ("Per-method quota usage")
 * https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/batchModify
 * https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/list
 *
 * The Gmail sandbox (packages/gmail-sandbox) reproduces the same numbers for its own side; a
 * test checks the two agree, and production code never imports the sandbox's copy.
 */

/** Quota units per method. */
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

/** The classic per-user quota: 15,000 units per user per minute; it cannot be raised. */
export const CLASSIC_UNITS_PER_USER_PER_MINUTE = 15_000;
export const QUOTA_WINDOW_MS = 60_000;

/** messages.batchModify takes at most 1,000 ids per request. */
export const BATCH_MODIFY_MAX_IDS = 1_000;

/** messages.list and history.list return at most 500 items per page. */
export const LIST_MAX_PAGE_SIZE = 500;
