import { z } from 'zod';
import { errors } from './errors.ts';
import { BATCH_MODIFY_MAX_IDS } from './limits.ts';

/**
 * The request bodies the sandbox's Gmail routes accept, one zod schema each, shaped after the
 * Gmail API reference (users.labels, users.messages.modify / batchModify / send, users.watch).
 * Fields Gmail does not define are ignored. A body that does not match answers 400
 * invalidArgument in Google's error format, naming the field, as Gmail does
 * ("Invalid value at 'add_label_ids'").
 */

const labelIds = z.array(z.string(), { error: 'must be a list of label ids' }).optional().default([]);

export const labelBody = z.object({
  name: z.string().optional(),
  messageListVisibility: z.string().optional(),
  labelListVisibility: z.string().optional(),
  color: z.object({ textColor: z.string(), backgroundColor: z.string() }).optional(),
});

export const modifyBody = z.object({ addLabelIds: labelIds, removeLabelIds: labelIds });

export const batchModifyBody = z.object({
  ids: z
    .array(z.string(), { error: 'must be a list of message ids' })
    .optional()
    .default([])
    .refine((ids) => ids.length > 0, { error: 'ids must not be empty', abort: true })
    .refine((ids) => ids.length <= BATCH_MODIFY_MAX_IDS, { error: `Too many ids: at most ${BATCH_MODIFY_MAX_IDS} per request` }),
  addLabelIds: labelIds,
  removeLabelIds: labelIds,
});

export const sendBody = z.object({
  raw: z
    .string({ error: "'raw' RFC822 payload message string or uploading message via /upload/* URL required" })
    .min(1, { error: "'raw' RFC822 payload message string or uploading message via /upload/* URL required" }),
  threadId: z.string().optional(),
});

export const watchBody = z.object({
  topicName: z
    .string({ error: 'Invalid topicName does not match projects/*/topics/*' })
    .regex(/^projects\/[^/]+\/topics\/[^/]+$/, { error: 'Invalid topicName does not match projects/*/topics/*' }),
  labelIds,
  /** Gmail's field is labelFilterBehavior; older clients send labelFilterAction. */
  labelFilterBehavior: z.string().optional(),
  labelFilterAction: z.string().optional(),
});

export const revokeBody = z.object({ token: z.string().optional() });

/** Messages that are already a sentence for people; zod's own say what was expected. */
const OWN_MESSAGES = new Set([
  'ids must not be empty',
  `Too many ids: at most ${BATCH_MODIFY_MAX_IDS} per request`,
  "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
  'Invalid topicName does not match projects/*/topics/*',
]);

/** The body read by its schema; a mismatch is Gmail's 400 invalidArgument naming the field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  // Gmail reads a missing body as an empty message.
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? 'Invalid request';
  if (OWN_MESSAGES.has(message) || !field) throw errors.badRequest(message);
  throw errors.badRequest(`Invalid value at '${field}': ${message}`);
}
