import { z } from 'zod';
import { defineFn } from '../define.ts';
import { emailSummarySchema, id, mailAddressSchema, noArgs } from './common.ts';

/**
 * Bundles (issue 19): mail of one kind, from headers and the snippet. The ids are the
 * classifier's (@mailroom/intelligence/bundles BUNDLE_IDS; the server checks they agree).
 */
export const BUNDLE_IDS = ['newsletters', 'promotions', 'receipts', 'travel', 'notifications', 'social', 'forums', 'finance', 'calendar'] as const;
export const bundleIdSchema = z.enum(BUNDLE_IDS, { error: () => `bundleId must be one of ${BUNDLE_IDS.join(', ')}` });
export type BundleIdName = z.infer<typeof bundleIdSchema>;

/**
 * Where a bundle's mail is shown: `inbox` (each message in the inbox as usual), `grouped` (the
 * inbox shows the bundle as one row, like Shortwave), `digest` (held out of the inbox and
 * delivered in the daily digest). Mailroom's own inbox view reads it; Gmail is not changed.
 */
export const bundleDeliverySchema = z.enum(['inbox', 'grouped', 'digest']);
export type BundleDelivery = z.infer<typeof bundleDeliverySchema>;

export const bundleSchema = z.object({
  bundleId: bundleIdSchema,
  name: z.string(),
  /** Messages of the bundle in the inbox now. */
  count: z.number().int(),
  unreadCount: z.number().int(),
  /** The newest distinct senders, newest first (at most 3). */
  newestSenders: z.array(mailAddressSchema),
  newestAt: z.string().nullable(),
  delivery: bundleDeliverySchema,
});
export type Bundle = z.infer<typeof bundleSchema>;

export const senderRuleSchema = z.object({
  address: z.string(),
  /** null: "always keep in inbox". */
  bundleId: bundleIdSchema.nullable(),
  updatedAt: z.string(),
});

/** A digest group: one bundle's mail in the digest's period. */
export const digestGroupSchema = z.object({
  bundleId: bundleIdSchema,
  name: z.string(),
  count: z.number().int(),
  /** The newest few (sender, subject, snippet), each opening the message. */
  top: z.array(emailSummarySchema.pick({ id: true, threadId: true, from: true, subject: true, snippet: true, date: true, unread: true })),
});

export const digestSchema = z.object({
  digestId: z.string(),
  /** The user's calendar day it is for (YYYY-MM-DD in their time zone). */
  day: z.string(),
  timeZone: z.string(),
  /** The mail that arrived in [periodStart, periodEnd). */
  periodStart: z.string(),
  periodEnd: z.string(),
  builtAt: z.string(),
  groups: z.array(digestGroupSchema),
  total: z.number().int(),
  /** What Mailroom did in the period: action batches by kind, batches undone, lists unsubscribed from (one-click or mailto sent). */
  actions: z.object({
    batches: z.array(z.object({ kind: z.string(), batches: z.number().int(), messages: z.number().int() })),
    undone: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  /** Action batches that can still be undone from /recovery. */
  recoverable: z.object({ batches: z.number().int(), messages: z.number().int() }),
  /** When the digest was emailed to the user; null when not (yet, or not asked for). */
  emailedAt: z.string().nullable(),
});
export type Digest = z.infer<typeof digestSchema>;

export const bundleFunctions = {
  listBundles: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Every bundle with the count and unread count of its mail in the inbox, its newest senders, and where it is delivered.',
    request: noArgs,
    response: z.object({ bundles: z.array(bundleSchema), senderRules: z.array(senderRuleSchema) }),
  }),
  getBundleEmails: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'A page of a bundle’s mail in the inbox, newest first, with why each message is in it (total on the first page).',
    request: z
      .object({
        bundleId: bundleIdSchema,
        pageToken: z.string().max(500).optional(),
        pageSize: z.number().int().min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').optional(),
      })
      .strict(),
    response: z.object({
      emails: z.array(emailSummarySchema),
      /** Why each message is in the bundle, by message id. */
      reasons: z.record(z.string(), z.string()),
      nextPageToken: z.string().nullable(),
      total: z.number().int().nullable(),
    }),
  }),
  setBundleRule: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Where a bundle’s mail is shown: in the inbox, as one grouped row, or held for the daily digest.',
    request: z.object({ bundleId: bundleIdSchema, delivery: bundleDeliverySchema }).strict(),
    response: z.object({ bundleId: bundleIdSchema, delivery: bundleDeliverySchema }),
  }),
  moveSender: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Moves a sender’s mail to another bundle, or out of bundles (bundleId null: always keep in inbox); learned for the sender’s future mail, and applied to their mail now.',
    request: z
      .object({
        address: z.string().trim().toLowerCase().min(3, 'address is required').max(320).regex(/^[^\s@]+@[^\s@]+$/, 'address must be an email address'),
        bundleId: bundleIdSchema.nullable(),
      })
      .strict(),
    response: z.object({ address: z.string(), bundleId: bundleIdSchema.nullable(), moved: z.number().int() }),
  }),
  removeSenderRule: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Forgets the user’s choice for a sender (a bundle, or "always keep in inbox"): their mail is filed by its headers again, now and from then on. NOT_FOUND when the user has no choice for that address.',
    request: z
      .object({
        address: z.string().trim().toLowerCase().min(3, 'address is required').max(320).regex(/^[^\s@]+@[^\s@]+$/, 'address must be an email address'),
      })
      .strict(),
    response: z.object({ address: z.string(), refiled: z.number().int() }),
  }),
  listDigests: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'The daily digests of the last 30 days, newest first (derived data, deleted after 30 days), and when the next one is due. Asks the digest job to build today’s when it is due and missing.',
    request: noArgs,
    response: z.object({ digests: z.array(digestSchema), nextDueAt: z.string(), digestHour: z.number().int(), timeZone: z.string() }),
  }),
  getDigest: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'One digest; NOT_FOUND for one that is not the user’s or has expired.',
    request: z.object({ digestId: id('digestId') }).strict(),
    response: digestSchema,
  }),
} as const;
