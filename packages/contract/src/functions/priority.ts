import { z } from 'zod';
import { defineFn } from '../define.ts';
import { bundleIdSchema } from './bundles.ts';
import { emailSummarySchema, mailAddressSchema, messageIdSchema } from './common.ts';

/**
 * Priority (issue 13): every message's score 0–100 (the calibrated probability that the user
 * acts on it), learned on the server from the user's own actions and the mail's metadata,
 * with an Important/Other threshold per user and the reasons behind each score. Inbox Flow
 * (/inbox) lists the inbox by it.
 */

/** Which side of the user's threshold: Important, Other, or the whole inbox. */
export const inboxSplitSchema = z.enum(['important', 'other', 'all']);
export type InboxSplit = z.infer<typeof inboxSplitSchema>;

/** What the model learns from: positive (open, reply, star, important) and negative acts. */
export const priorityActionSchema = z.enum(['open', 'reply', 'star', 'important', 'not_important', 'archive', 'delete', 'quarantine', 'ignore']);
export type PriorityActionName = z.infer<typeof priorityActionSchema>;

/** A message's priority as a list row shows it: the score, its side of the threshold, the reason that moved it most. */
export const messagePrioritySchema = z.object({
  score: z.number().int().min(0).max(100),
  important: z.boolean(),
  reason: z.string(),
});
export type MessagePriority = z.infer<typeof messagePrioritySchema>;

export const inboxEmailSchema = emailSummarySchema.extend({ priority: messagePrioritySchema });
export type InboxEmail = z.infer<typeof inboxEmailSchema>;

/** One reason a score moved, in words, with how far (log-odds; positive raised it). */
export const priorityContributionSchema = z.object({
  reason: z.enum(['sender', 'domain', 'list', 'thread', 'kind', 'promotion', 'content', 'labels', 'time', 'message', 'spam']),
  text: z.string(),
  weight: z.number(),
});
export type PriorityContribution = z.infer<typeof priorityContributionSchema>;

/**
 * A bundle the user shows in the inbox as one grouped row (issue 19's delivery "grouped", like
 * Shortwave): its unimportant inbox mail counted, with the newest senders; the row opens the bundle.
 */
export const inboxGroupSchema = z.object({
  bundleId: bundleIdSchema,
  name: z.string(),
  count: z.number().int(),
  unreadCount: z.number().int(),
  newestSenders: z.array(mailAddressSchema),
  newestAt: z.string(),
});
export type InboxGroup = z.infer<typeof inboxGroupSchema>;

export const INBOX_PAGE_SIZE_MAX = 100;

export const priorityFunctions = {
  listInbox: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'The inbox by priority, highest score first (newest first among equal scores), a page at a time: `important` and `other` are the two sides of the user’s threshold, `all` both. Each message comes with its score 0–100 and the one-line reason that moved it most; `counts` are both tabs’ sizes, `total` this split’s (first page). `unreadOnly` lists unread mail only (the dashboard’s top unread). Messages are scored as they are synced; ones not scored yet are scored before the answer. FAILED_PRECONDITION {reason: "GMAIL_NOT_CONNECTED"} without a connected mailbox.',
    request: z
      .object({
        split: inboxSplitSchema,
        pageToken: z.string().max(500).optional(),
        pageSize: z.number().int().min(1, 'pageSize must be at least 1').max(INBOX_PAGE_SIZE_MAX, `pageSize must be at most ${INBOX_PAGE_SIZE_MAX}`).optional(),
        unreadOnly: z.boolean().optional(),
      })
      .strict(),
    response: z.object({
      messages: z.array(inboxEmailSchema),
      nextPageToken: z.string().nullable(),
      /** This split's size, on the first page; null on later pages. */
      total: z.number().int().nullable(),
      /**
       * Bundles shown as one grouped row each, newest first: on the first page of `other` and
       * `all` (not with `unreadOnly`), else empty. Their mail is not among `messages`, and mail of
       * bundles held for the digest is in neither (nor in `counts`); important mail (above the
       * threshold, starred or marked important) is always among `messages`.
       */
      groups: z.array(inboxGroupSchema),
      counts: z.object({ important: z.number().int(), other: z.number().int() }),
      /** The user's Important/Other line, in score units (it moves as the model learns). */
      threshold: z.number().int(),
      /** How many of the user's actions the model has learned from. */
      learnedActions: z.number().int(),
      /** What the last action the model learned changed, in words ("Mail from Alice will rank higher"); null when nothing visible. */
      lastEffect: z.string().nullable(),
    }),
  }),
  explainPriority: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'Why a message has its score: the score, the user’s threshold, Important or Other, and the 3–5 contributions that moved it most, largest first, in words ("You reply to Alice 80 % of the time"). NOT_FOUND for a message that is not in the user’s mailbox.',
    request: z.object({ messageId: messageIdSchema() }).strict(),
    response: z.object({
      messageId: z.string(),
      score: z.number().int().min(0).max(100),
      threshold: z.number().int(),
      important: z.boolean(),
      contributions: z.array(priorityContributionSchema),
      learnedActions: z.number().int(),
    }),
  }),
  recordFeedback: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Teaches the model what the user did with a message (open, reply, star, important, not_important, archive, delete, quarantine, ignore) without changing it in Gmail (modifyEmails does that, and teaches the model too). Learned before the answer: the message’s new score and side, and what changed for its sender ("Mail from Alice will rank higher"), or null when nothing visible did. `undo: true` takes back the latest such act on the message learned in the last 7 days (nothing when there is none). NOT_FOUND for a message that is not in the user’s mailbox.',
    request: z.object({ messageId: messageIdSchema(), action: priorityActionSchema, undo: z.boolean().optional() }).strict(),
    response: z.object({
      messageId: z.string(),
      score: z.number().int().min(0).max(100),
      important: z.boolean(),
      threshold: z.number().int(),
      effect: z.string().nullable(),
    }),
  }),
} as const;
