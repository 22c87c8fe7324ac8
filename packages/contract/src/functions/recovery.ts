import { z } from 'zod';
import { defineFn } from '../define.ts';
import { emailSummarySchema, id, mailActionSchema, messageIdSchema, noArgs } from './common.ts';

/** What a batch did: one of the message actions (quarantine and delete included). */
export const actionBatchKindSchema = mailActionSchema;
/**
 * running: being applied (a job with progress); done: applied to every message; failed: stopped
 * part-way after retries (undo puts back what was applied); undoing / undone / undo_failed: the
 * same for the undo.
 */
export const actionBatchStatusSchema = z.enum(['running', 'done', 'failed', 'undoing', 'undone', 'undo_failed']);

export const actionBatchSchema = z.object({
  batchId: z.string(),
  kind: actionBatchKindSchema,
  /** The category it was started from; null once that category was deleted, or when it came from another view. */
  categoryId: z.string().nullable(),
  /** The category's name when the batch was made (kept after the category is deleted). */
  categoryName: z.string().nullable(),
  /** Messages in the batch. */
  count: z.number().int(),
  /** Messages already changed in Gmail (progress while running). */
  done: z.number().int(),
  /** Messages already put back (progress while undoing). */
  restored: z.number().int(),
  status: actionBatchStatusSchema,
  error: z.string().nullable(),
  createdAt: z.string(),
  /** Undo is possible until then (created + 7 days); afterwards the batch is gone from the list. */
  expiresAt: z.string(),
  undoneAt: z.string().nullable(),
});
export type ActionBatch = z.infer<typeof actionBatchSchema>;

export const bulkTarget = z
  .object({
    categoryId: id('categoryId'),
    messageIds: z.array(messageIdSchema()).min(1).max(10_000).optional(),
    all: z.literal(true).optional(),
  })
  .refine((v) => (v.messageIds ? 1 : 0) + (v.all ? 1 : 0) === 1, {
    message: 'give either messageIds or all: true',
    path: ['messageIds'],
  });

/** Messages of one batch per page of listActionBatchMessages. */
export const BATCH_MESSAGES_PAGE_SIZE = 50;

/** One message an action covered: where it is in the action, and the message as the store has it now. */
export const actionBatchMessageSchema = z.object({
  messageId: z.string(),
  /** pending: not changed yet; applied: changed by the action; restored: put back by its undo. */
  state: z.enum(['pending', 'applied', 'restored']),
  /** Sender, subject, date and labels now; null when the message is no longer in the mailbox (deleted in Gmail). */
  email: emailSummarySchema.nullable(),
});
export type ActionBatchMessage = z.infer<typeof actionBatchMessageSchema>;

/** `done`: every message was changed before the answer; `running`: a job carries on (see listActionBatches). */
export const batchResult = z.object({ batchId: z.string(), count: z.number().int(), status: z.enum(['done', 'running']) });

/** Bulk actions recorded as action batches, undoable for 7 days. */
export const recoveryFunctions = {
  quarantineEmails: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Moves messages out of the inbox into Mailroom/Quarantine (undoable for 7 days). Needs the write scope: FAILED_PRECONDITION {reason: "WRITE_SCOPE_REQUIRED"} otherwise.',
    request: bulkTarget,
    response: batchResult,
  }),
  bulkDeleteEmails: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Moves messages to Gmail’s trash (undoable for 7 days; never permanent). Needs the write scope: FAILED_PRECONDITION {reason: "WRITE_SCOPE_REQUIRED"} otherwise.',
    request: bulkTarget,
    response: batchResult,
  }),
  listActionBatches: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The bulk actions of the last 7 days, newest first, with their progress; older ones are gone.',
    request: noArgs,
    response: z.object({ batches: z.array(actionBatchSchema) }),
  }),
  listActionBatchMessages: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'The messages one bulk action covered, in the order it changed them, with sender and subject, 50 a page. NOT_FOUND for an action that is not the user’s or is past its 7 days.',
    request: z.object({ batchId: id('batchId'), pageToken: z.string().regex(/^\d{1,9}$/, 'not a page token').optional() }).strict(),
    response: z.object({ messages: z.array(actionBatchMessageSchema), nextPageToken: z.string().nullable() }),
  }),
  undoActionBatch: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Puts the messages of a bulk action back exactly as they were (labels restored, trash undone). FAILED_PRECONDITION with reason BATCH_EXPIRED after 7 days, ALREADY_UNDONE, or BATCH_IN_PROGRESS; WRITE_SCOPE_REQUIRED without the write scope.',
    request: z.object({ batchId: id('batchId') }).strict(),
    response: z.object({ batchId: z.string(), status: z.enum(['undone', 'undoing']), restored: z.number().int() }),
  }),
} as const;
