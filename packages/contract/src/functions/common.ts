import { z } from 'zod';

/** Functions that take no arguments accept `{"data": {}}` or `{"data": null}`. */
export const noArgs = z
  .union([z.null(), z.object({}).strict()])
  .optional()
  .transform(() => ({}));

export const id = (what: string) => z.string().min(1, `${what} is required`).max(200);

/**
 * A message id as Gmail gives them: 16 hex digits today (users.messages, "id"), always drawn
 * from the URL-safe alphabet (letters, digits, `-`, `_`). Checked before anything else, so a
 * malformed id (a lone surrogate, a slash, a space) is INVALID_ARGUMENT naming the field, never
 * a request to Gmail.
 */
export const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const messageIdSchema = (what = 'messageId') =>
  z.string().min(1, `${what} is required`).regex(MESSAGE_ID_PATTERN, `${what} must be a Gmail message id (letters, digits, - and _, at most 64)`);

/** A mailbox as a header names it (RFC 5322 §3.4): the display name when there is one, and the address. */
export const mailAddressSchema = z.object({
  name: z.string().nullable(),
  address: z.string(),
});
export type MailAddress = z.infer<typeof mailAddressSchema>;

/**
 * One message in a list (any view: category, inbox, search, bundle, digest). The sender comes
 * parsed by the server, so the browser never parses headers; `starred` and `important` are
 * Gmail's STARRED and IMPORTANT labels, so the list can offer the opposite action.
 */
export const emailSummarySchema = z.object({
  id: z.string(),
  threadId: z.string(),
  from: mailAddressSchema,
  subject: z.string(),
  snippet: z.string(),
  date: z.string(),
  labels: z.array(z.string()),
  unread: z.boolean(),
  starred: z.boolean(),
  important: z.boolean(),
  hasAttachment: z.boolean(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/**
 * What a message action does in Gmail, as a label change recorded in an action batch (undoable
 * for 7 days): archive (remove INBOX), delete (add TRASH, never permanent), quarantine (into
 * Mailroom/Quarantine, out of the inbox), star / unstar (STARRED), important / not_important
 * (IMPORTANT), mark_read / mark_unread (UNREAD). The names match the actions priority learns from.
 */
export const mailActionSchema = z.enum(['archive', 'delete', 'quarantine', 'star', 'unstar', 'important', 'not_important', 'mark_read', 'mark_unread']);
export type MailAction = z.infer<typeof mailActionSchema>;

