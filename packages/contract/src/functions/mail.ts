import { z } from 'zod';
import { defineFn } from '../define.ts';
import { id, mailActionSchema, messageIdSchema } from './common.ts';
import { bundleIdSchema } from './bundles.ts';
import { batchResult } from './recovery.ts';

/**
 * Where a list of messages comes from: the same value the web's mail list is fed from and the
 * server resolves `all: true` against. Each view adds its kind here (inbox split, bundle, ...)
 * and registers a resolver for it on the server (apps/server/src/features/mail/sources.ts).
 */
export const mailSourceSchema = z.discriminatedUnion('kind', [
  /** A manual category: the user's saved Gmail query. */
  z.object({ kind: z.literal('category'), categoryId: id('categoryId') }).strict(),
  /** Any Gmail search query (search results); evaluated like a category's query. */
  z.object({ kind: z.literal('query'), query: z.string().trim().min(1, 'query must not be empty').max(2000) }).strict(),
  /** A bundle's mail in the inbox (issue 19). */
  z.object({ kind: z.literal('bundle'), bundleId: bundleIdSchema }).strict(),
  /** One bundle's group of a daily digest: the bundle's mail of the digest's period still in the inbox. */
  z.object({ kind: z.literal('digest'), digestId: id('digestId'), bundleId: bundleIdSchema }).strict(),
  /** The inbox by priority (Inbox Flow): one side of the user's Important/Other threshold, or both. */
  z.object({ kind: z.literal('inbox'), split: z.enum(['important', 'other', 'all']) }).strict(),
]);
export type MailSource = z.infer<typeof mailSourceSchema>;
export type MailSourceKind = MailSource['kind'];

/** Every kind of mail source, from the schema itself (the server checks each has a resolver). */
export const MAIL_SOURCE_KINDS: readonly MailSourceKind[] = mailSourceSchema.options.map((option) => option.shape.kind.value);

/** The most message ids one request may name; "all of them" is `all: true`, resolved on the server. */
export const MAX_NAMED_MESSAGES = 10_000;

/**
 * The messages an action applies to: named ids (the selection) or every message the source
 * holds now (`all: true`: a selection of "all 2,994" travels as the source, not as 2,994 ids).
 */
export const mailTargetSchema = z
  .object({
    source: mailSourceSchema,
    messageIds: z.array(messageIdSchema()).min(1, 'messageIds must name at least one message').max(MAX_NAMED_MESSAGES).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((v) => (v.messageIds ? 1 : 0) + (v.all ? 1 : 0) === 1, {
    message: 'give either messageIds or all: true',
    path: ['messageIds'],
  });
export type MailTarget = z.infer<typeof mailTargetSchema>;

/** Acting on messages, from any list. */
export const mailFunctions = {
  modifyEmails: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Archives, deletes (to trash), quarantines, stars, unstars, marks important / not important, read / unread the target’s messages, recorded as an action batch undoable for 7 days (listActionBatches, undoActionBatch). NOT_FOUND for a source or message that is not the user’s; FAILED_PRECONDITION {reason: "WRITE_SCOPE_REQUIRED"} without the write scope, {reason: "NO_MESSAGES"} when the source is empty, {reason: "BATCH_TOO_LARGE"} above 50,000 messages.',
    request: z.object({ target: mailTargetSchema, action: mailActionSchema }).strict(),
    response: batchResult,
  }),
} as const;
