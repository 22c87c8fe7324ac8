import { z } from 'zod';
import { defineFn } from '../define.ts';
import { mailAddressSchema } from './common.ts';

/**
 * One-click unsubscribe (issue 17): the lists and bulk senders that mail the user, worked out
 * from the stored headers (List-Id, List-Unsubscribe, List-Unsubscribe-Post, From), and leaving
 * them by the standards: RFC 8058 one-click POST (only with a DKIM signature covering both
 * headers), else a mailto: message sent from the user's mailbox, else a link the user opens
 * themselves. Mailroom's server never fetches an unsubscribe link with GET.
 */

/** How a subscription is left: one-click POST, a mailto: message, a link for the user, or not at all. */
export const unsubscribeMethodSchema = z.enum(['one-click', 'mailto', 'link', 'none']);
export type UnsubscribeMethod = z.infer<typeof unsubscribeMethodSchema>;

/**
 * subscribed: nothing asked yet; requested: unsubscribe asked, within the sender's 2 days;
 * stopped: no mail from it for 2 days after the request; still_sending: mail arrived more than
 * 2 days after the request; failed: the last attempt did not go through (the list server refused
 * or could not be reached, Mailroom refused its address, the message could not be sent), with the
 * reason and the next method to try; blocked: Mailroom archives its new mail as it syncs.
 */
export const subscriptionStateSchema = z.enum(['subscribed', 'requested', 'stopped', 'still_sending', 'failed', 'blocked']);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const SUBSCRIPTION_FILTERS = ['all', 'never-opened', 'most-frequent', 'requested', 'blocked'] as const;
export const subscriptionFilterSchema = z.enum(SUBSCRIPTION_FILTERS);
export type SubscriptionFilter = z.infer<typeof subscriptionFilterSchema>;

/**
 * What to offer after a failed attempt, never another automatic request to the same address:
 * the mailto: message when the list offers one, else its page for the user to open themselves,
 * else blocking.
 */
export const unsubscribeFallbackSchema = z.enum(['mailto', 'link', 'block']);
export type UnsubscribeFallback = z.infer<typeof unsubscribeFallbackSchema>;

/** One earlier attempt at leaving a subscription. */
export const unsubscribeAttemptSchema = z.object({
  method: unsubscribeMethodSchema,
  outcome: z.enum(['unsubscribed', 'sent', 'open-link', 'failed', 'unavailable']),
  /** What happened, in words (the list server's answer, why it failed). */
  result: z.string(),
  at: z.string(),
});
export type UnsubscribeAttempt = z.infer<typeof unsubscribeAttemptSchema>;

/** A subscription's id: the list (List-Id) or the sender's address, encoded by the server. */
export const subscriptionIdSchema = (what = 'subscriptionId') =>
  z.string().min(1, `${what} is required`).max(400, `${what} is too long`).regex(/^[A-Za-z0-9_-]+$/, `${what} must be a subscription id from listSubscriptions`);

export const subscriptionSchema = z.object({
  id: z.string(),
  /** The list's or sender's name as shown. */
  name: z.string(),
  /** The List-Id identifier (without angle brackets), or null for a bulk sender without one. */
  listId: z.string().nullable(),
  sender: mailAddressSchema,
  messageCount: z.number().int(),
  /** Messages per month over the last 12 months, oldest first (`YYYY-MM`, in UTC). */
  months: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /** Average messages per month over the months it has mailed in the last year. */
  perMonth: z.number(),
  /** Messages the user opened (not unread). */
  opened: z.number().int(),
  lastMessageAt: z.string(),
  lastSubject: z.string(),
  /** What the headers offer, best first; one-click still needs DKIM when it is used. */
  methods: z.array(unsubscribeMethodSchema),
  /** The link (https: or http:) for the user to open themselves, when the list offers one. */
  link: z.string().nullable(),
  /** Where a mailto: unsubscribe goes, when the list offers one. */
  mailto: z.object({ to: z.array(z.string()), subject: z.string().nullable() }).nullable(),
  state: subscriptionStateSchema,
  requestedAt: z.string().nullable(),
  requestMethod: unsubscribeMethodSchema.nullable(),
  /** What happened with the request (the list server's answer, the message sent). */
  requestResult: z.string().nullable(),
  /** When the 2 days after the request passed without mail from it. */
  stoppedAt: z.string().nullable(),
  /** The mail that came more than 2 days after the request. */
  stillSending: z.object({ messageId: z.string(), date: z.string(), subject: z.string() }).nullable(),
  /** When the state is `failed`: what to offer next. */
  fallback: unsubscribeFallbackSchema.nullable(),
  /** Earlier attempts, oldest first (the current one is requestMethod/requestResult). */
  history: z.array(unsubscribeAttemptSchema),
  blocked: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const unsubscribeOutcomeSchema = z.enum([
  /** One-click POST answered 2xx. */
  'unsubscribed',
  /** The mailto: message was sent. */
  'sent',
  /** A link for the user to open (nothing was requested by the server). */
  'open-link',
  /** The request failed; `message` says why. */
  'failed',
  /** The sender offers no method Mailroom can use. */
  'unavailable',
]);

export const unsubscribeResultSchema = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  method: unsubscribeMethodSchema,
  outcome: unsubscribeOutcomeSchema,
  message: z.string(),
  /** For `open-link`: the URL to open in a new tab after the user confirms. */
  link: z.string().nullable(),
  /** Why a better method was not used (e.g. DKIM could not be checked). */
  note: z.string().nullable(),
  /** For `failed`: what to offer next (see unsubscribeFallbackSchema). */
  fallback: unsubscribeFallbackSchema.nullable(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

const archiveBatch = z.object({ batchId: z.string(), count: z.number().int(), status: z.enum(['done', 'running']) }).nullable();

export const unsubscribeFunctions = {
  listSubscriptions: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'The mailing lists and bulk senders in the user’s mail (messages with List-Id or List-Unsubscribe), most messages first, with counts per month, opened share, the unsubscribe methods offered and the state. Filters: never-opened, most-frequent (at least 4 a month), requested, blocked. FAILED_PRECONDITION GMAIL_NOT_CONNECTED without a mailbox.',
    request: z
      .object({
        filter: subscriptionFilterSchema.optional(),
        pageToken: z.string().max(20).regex(/^\d+$/, 'pageToken must come from a previous answer').optional(),
      })
      .strict()
      .nullable()
      .optional()
      .transform((v) => v ?? {}),
    response: z.object({ subscriptions: z.array(subscriptionSchema), nextPageToken: z.string().nullable(), total: z.number().int() }),
  }),
  unsubscribe: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Unsubscribes from each subscription by the best method it offers (RFC 8058 one-click when DKIM covers its headers, else mailto: sent from the user’s mailbox, else a link returned for the user to open). A failed attempt is recorded with its reason (state `failed`) and answers the next method to offer (`fallback`); `method` takes it. An unsubscribe request cannot be recalled. archiveExisting archives its inbox mail and block archives its future mail, as one action batch undoable for 7 days. Needs the write scope for mailto:, archiving and blocking: FAILED_PRECONDITION WRITE_SCOPE_REQUIRED.',
    request: z
      .object({
        subscriptionIds: z.array(subscriptionIdSchema('subscriptionIds')).min(1, 'subscriptionIds needs at least one id').max(100, 'at most 100 subscriptions at once'),
        archiveExisting: z.boolean().optional(),
        block: z.boolean().optional(),
        /**
         * Use this method instead of the best one offered: the fallback after a failed attempt
         * (mailto: sends the message, link answers the page for the user to open). A subscription
         * that does not offer it answers FAILED_PRECONDITION METHOD_NOT_OFFERED.
         */
        method: z.enum(['mailto', 'link']).optional(),
      })
      .strict(),
    response: z.object({ results: z.array(unsubscribeResultSchema), archive: archiveBatch }),
  }),
  blockSender: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Blocks a subscription: its inbox mail is archived now (one action batch, undoable for 7 days) and its new mail is archived as it syncs, until unblockSender. Needs the write scope.',
    request: z.object({ subscriptionId: subscriptionIdSchema() }).strict(),
    response: z.object({ archive: archiveBatch }),
  }),
  unblockSender: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Stops archiving a blocked subscription’s new mail. Mail already archived is put back from /recovery (undoActionBatch).',
    request: z.object({ subscriptionId: subscriptionIdSchema() }).strict(),
    response: z.object({ unblocked: z.boolean() }),
  }),
} as const;
