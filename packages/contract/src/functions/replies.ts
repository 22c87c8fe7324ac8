import { z } from 'zod';
import { defineFn } from '../define.ts';
import { id, messageIdSchema, noArgs } from './common.ts';

/**
 * Smart replies, reply / reply all / forward, and sending with Undo (issue 15). The message being
 * answered is fetched from the provider on demand and never stored; what the user writes waits in
 * the outbox for the undo-send delay (settings `mail.undoSendDelayMs`) and is deleted once Gmail
 * has it. Voice Reply (/reply/voice) uses the same functions.
 */

export const replyModeSchema = z.enum(['reply', 'reply-all', 'forward']);
export type ReplyMode = z.infer<typeof replyModeSchema>;

/** accept: says yes / agrees; decline: says no / can't; ask: asks a question or defers. */
export const replyStanceSchema = z.enum(['accept', 'decline', 'ask']);
export type ReplyStance = z.infer<typeof replyStanceSchema>;

export const replySuggestionSchema = z.object({
  /** The whole reply in the user's style: greeting, body, sign-off. What a chip puts in the editor. */
  text: z.string(),
  /** The reply without greeting and sign-off: what a chip shows. */
  body: z.string(),
  stance: replyStanceSchema,
});
export type ReplySuggestion = z.infer<typeof replySuggestionSchema>;

/** The most recipients one field may name (Gmail allows 500 per message in all). */
export const MAX_RECIPIENTS_PER_FIELD = 100;

/**
 * Recipients as people type them: each entry is an RFC 5322 address list ("Ann Smith
 * <ann@example.com>, bo@example.com"), parsed on the server; an entry that names no valid
 * address answers INVALID_ARGUMENT naming the field (`to`, `cc`, `bcc`).
 */
const recipientList = z.array(z.string().max(4000, 'at most 4,000 characters per entry')).max(MAX_RECIPIENTS_PER_FIELD);

/** The editor's starting recipients for a mode, each one mailbox as a header writes it. */
const recipientsSchema = z.object({ to: z.array(z.string()), cc: z.array(z.string()) });

export const suggestRepliesResultSchema = z.object({
  messageId: z.string(),
  /** Whether the message deserves suggestions at all (no: newsletters, notifications, no-reply senders, spam). */
  trigger: z.boolean(),
  /** Why, as a code (person-to-person, bulk, list, automated, no-reply, too-large ...) and in a sentence. */
  code: z.string(),
  reason: z.string(),
  /** What the message mostly is (scheduling, request, question, thanks ...), null when not triggered. */
  kind: z.string().nullable(),
  /** Three replies, each a different stance, in the user's style; none when trigger is false. */
  suggestions: z.array(replySuggestionSchema),
  /** learned: from the user's own sent replies (how many); otherwise Mailroom's default style. */
  style: z.object({ learned: z.boolean(), samples: z.number().int() }),
  /** What the editor starts from: recipients per mode (the user's own addresses left out) and subjects. */
  compose: z.object({
    reply: recipientsSchema,
    replyAll: recipientsSchema,
    subjects: z.object({ reply: z.string(), forward: z.string() }),
  }),
  /** A model is configured: "Draft with AI" is offered (POST DRAFT_REPLY_PATH). */
  modelAvailable: z.boolean(),
});
export type SuggestRepliesResult = z.infer<typeof suggestRepliesResultSchema>;

/** Which suggestion a reply started from, for the count of replies sent from suggestions. */
export const fromSuggestionSchema = z
  .object({
    stance: replyStanceSchema,
    /** The user changed the suggestion's text before sending. */
    edited: z.boolean(),
  })
  .strict();

/** What the user wrote: enough to open the editor again (Undo, a failed send). Never the original's text. */
export const outgoingDraftSchema = z.object({
  mode: replyModeSchema,
  messageId: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  fromSuggestion: fromSuggestionSchema.nullable(),
});
export type OutgoingDraft = z.infer<typeof outgoingDraftSchema>;

/**
 * queued: waiting for the undo-send delay; sending: being handed to Gmail; sent: Gmail has it (the
 * body is deleted here); failed: Gmail refused or could not be reached: kept as a draft with the
 * reason, never lost (retrySend, or discardDraft).
 */
export const sendStatusSchema = z.enum(['queued', 'sending', 'sent', 'failed']);
export type SendStatus = z.infer<typeof sendStatusSchema>;

export const queuedSendSchema = z.object({
  sendId: z.string(),
  status: z.literal('queued'),
  /** When it goes (ISO 8601): now + the user's undo-send delay. */
  sendAt: z.string(),
  delayMs: z.number().int(),
  subject: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
});
export type QueuedSend = z.infer<typeof queuedSendSchema>;

export const sendRecordSchema = outgoingDraftSchema.extend({
  sendId: z.string(),
  status: sendStatusSchema,
  threadId: z.string().nullable(),
  sendAt: z.string(),
  /** Why it was not sent (failed), in a sentence. */
  error: z.string().nullable(),
  /** Gmail's id of the sent message (sent). */
  sentMessageId: z.string().nullable(),
  updatedAt: z.string(),
});
export type SendRecord = z.infer<typeof sendRecordSchema>;

/** The model's state as Settings shows it: "Connected to llama3.1 at http://localhost:11434/v1 · 1.2 s last reply". */
export const aiModelStatusSchema = z.object({
  model: z.string(),
  /** The endpoint, never with credentials. */
  baseUrl: z.string(),
  state: z.enum(['ok', 'failing', 'unknown']),
  description: z.string(),
  lastLatencyMs: z.number().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
});

export const aiStatusSchema = z.object({
  /** Which engine writes drafts: the local one only, or a configured model (the local suggestions stay as the fallback). */
  engine: z.enum(['local', 'model']),
  local: z.object({ description: z.string() }),
  model: aiModelStatusSchema.nullable(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/**
 * "Draft with AI" streams, so it is an HTTP route of the replies feature rather than a callable
 * function: `POST DRAFT_REPLY_PATH` with this JSON body (session cookie + CSRF header, or a
 * bearer token), answered as Server-Sent Events (text/event-stream) of DraftReplyEvent, one JSON
 * object per `data:` line. Errors before the stream starts answer the callable-function error
 * envelope with its HTTP status (NOT_FOUND, FAILED_PRECONDITION AI_NOT_CONFIGURED, ...).
 */
export const DRAFT_REPLY_PATH = '/api/replies/draft';

export const draftReplyRequestSchema = z
  .object({
    messageId: messageIdSchema(),
    mode: z.enum(['reply', 'reply-all']).default('reply'),
    /** One line from the user: "say yes but next week". */
    instruction: z.string().max(300, 'instruction must be at most 300 characters').optional(),
  })
  .strict();
export type DraftReplyRequest = z.input<typeof draftReplyRequestSchema>;

export const draftReplyEventSchema = z.discriminatedUnion('type', [
  /** The model was asked. */
  z.object({ type: z.literal('start'), model: z.string() }),
  /** A piece of the draft, in order; append it to the editor. */
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The model's whole, checked draft. */
  z.object({ type: z.literal('done'), source: z.literal('model'), text: z.string(), model: z.string(), latencyMs: z.number() }),
  /**
   * The model failed, took too long or wrote something unusable: the local suggestions stand,
   * with the reason in a sentence. `discardStreamed`: the pieces already shown must go.
   */
  z.object({
    type: z.literal('fallback'),
    text: z.string(),
    suggestions: z.array(z.string()),
    reason: z.string(),
    discardStreamed: z.boolean(),
  }),
]);
export type DraftReplyEvent = z.infer<typeof draftReplyEventSchema>;

export const replyFunctions = {
  suggestReplies: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'Smart replies for one message of the user’s mailbox, fetched on demand and never stored: whether it deserves suggestions and why, and three short replies of different stances in the user’s style (learned from their sent replies). Also the editor’s starting recipients and subjects. NOT_FOUND for a message not in the user’s mailbox.',
    request: z.object({ messageId: messageIdSchema() }).strict(),
    response: suggestRepliesResultSchema,
  }),
  sendMessage: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Queues a reply, reply-all or forward of a message for the user’s undo-send delay (settings mail.undoSendDelayMs, 10 s unless changed); cancelSend stops it until then. Built as MIME with In-Reply-To and References and sent in the original’s thread. FAILED_PRECONDITION WRITE_SCOPE_REQUIRED without gmail.modify; INVALID_ARGUMENT naming the field for a bad recipient or an empty forward; NOT_FOUND for a message not in the user’s mailbox. A send that fails later is kept as a draft with the reason (listDrafts).',
    request: z
      .object({
        mode: replyModeSchema,
        /** The message answered or forwarded. */
        messageId: messageIdSchema(),
        /** Replies: when omitted, the computed recipients (Reply-To or From; reply-all adds the others as Cc). Forwards: required. */
        to: recipientList.optional(),
        cc: recipientList.optional(),
        bcc: recipientList.optional(),
        /** Default: "Re: " or "Fwd: " and the original's subject. */
        subject: z.string().max(998, 'subject must be at most 998 characters').optional(),
        body: z.string().max(100_000, 'body must be at most 100,000 characters'),
        fromSuggestion: fromSuggestionSchema.nullable().optional(),
        /** A failed send this one replaces (edited and sent again): it is discarded once this is queued. */
        replacesSendId: id('replacesSendId').optional(),
      })
      .strict(),
    response: queuedSendSchema,
  }),
  cancelSend: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Undo send: stops a queued send before it goes and answers what was written, to reopen the editor. FAILED_PRECONDITION ALREADY_SENT once it has gone (or is being handed to Gmail); NOT_FOUND for another user’s send.',
    request: z.object({ sendId: id('sendId') }).strict(),
    response: z.object({ cancelled: z.literal(true), draft: outgoingDraftSchema }),
  }),
  getSend: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Where one send stands: queued, sending, sent (with Gmail’s message id) or failed (with the reason).',
    request: z.object({ sendId: id('sendId') }).strict(),
    response: sendRecordSchema,
  }),
  listDrafts: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'Sends that have not gone yet (queued, sending) and sends that failed (drafts, with the reason), newest first; with messageId, only those answering that message. Drafts are deleted after 30 days.',
    request: z.object({ messageId: messageIdSchema().optional() }).strict(),
    response: z.object({ drafts: z.array(sendRecordSchema) }),
  }),
  retrySend: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Queues a failed send again, with the undo-send delay. FAILED_PRECONDITION WRITE_SCOPE_REQUIRED without gmail.modify; NOT_FOUND for another user’s send.',
    request: z.object({ sendId: id('sendId') }).strict(),
    response: queuedSendSchema,
  }),
  discardDraft: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Deletes a failed send (a draft). FAILED_PRECONDITION ALREADY_SENT for one that has gone; a queued one is stopped with cancelSend.',
    request: z.object({ sendId: id('sendId') }).strict(),
    response: z.object({ discarded: z.literal(true) }),
  }),
  getAiStatus: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Which reply engine is active: the local one, or the configured OpenAI-compatible model with its state and last latency.',
    request: noArgs,
    response: aiStatusSchema,
  }),
  testAi: defineFn({
    auth: 'user',
    // Not a change of state, but it makes the server call out: a forged request must not trigger it.
    mutates: true,
    summary: 'Asks the configured model for a one-word answer and reports how long it took. FAILED_PRECONDITION AI_NOT_CONFIGURED without one.',
    request: noArgs,
    response: z.object({ ok: z.boolean(), latencyMs: z.number(), reply: z.string().nullable(), error: z.string().nullable(), status: aiStatusSchema }),
  }),
} as const;
