import { z } from 'zod';
import { authModeSchema } from './auth.ts';
import { defineFn } from './define.ts';

/** Functions that take no arguments accept `{"data": {}}` or `{"data": null}`. */
export const noArgs = z
  .union([z.null(), z.object({}).strict()])
  .optional()
  .transform(() => ({}));

const id = (what: string) => z.string().min(1, `${what} is required`).max(200);

export const categoryFields = {
  name: z.string().trim().min(1, 'name must not be empty').max(60, 'name must be at most 60 characters'),
  query: z.string().trim().min(1, 'query must not be empty').max(2000),
  description: z.string().max(500).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'color must be a #rrggbb hex colour')
    .optional(),
  icon: z.string().max(40).optional(),
};

export const categorySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  query: z.string(),
  description: z.string(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  /**
   * Exact number of matching messages, counted in Mailroom's store. Null when only Gmail can
   * evaluate the query, and Gmail gives no exact count: it searches message bodies (free words,
   * AROUND, has:drive ...), which Mailroom does not store, or it can match spam (in:spam,
   * in:anywhere), which Mailroom does not sync.
   */
  count: z.number().int().nullable(),
  unreadCount: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const emailSummarySchema = z.object({
  id: z.string(),
  threadId: z.string(),
  from: z.string(),
  subject: z.string(),
  snippet: z.string(),
  date: z.string(),
  labels: z.array(z.string()),
  unread: z.boolean(),
  hasAttachment: z.boolean(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/** What a category's query counts to, without saving it (the editor's live count); null as in categorySchema. */
export const queryCountSchema = z.object({
  count: z.number().int().nullable(),
  unreadCount: z.number().int().nullable(),
});

export const actionBatchKindSchema = z.enum(['quarantine', 'delete']);
/**
 * running: being applied (a job with progress); done: applied to every message; failed: stopped
 * part-way after retries (undo puts back what was applied); undoing / undone / undo_failed: the
 * same for the undo.
 */
export const actionBatchStatusSchema = z.enum(['running', 'done', 'failed', 'undoing', 'undone', 'undo_failed']);

export const actionBatchSchema = z.object({
  batchId: z.string(),
  kind: actionBatchKindSchema,
  /** The category it was started from; null once that category was deleted. */
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

const bulkTarget = z
  .object({
    categoryId: id('categoryId'),
    messageIds: z.array(id('messageId')).min(1).max(10_000).optional(),
    all: z.literal(true).optional(),
  })
  .refine((v) => (v.messageIds ? 1 : 0) + (v.all ? 1 : 0) === 1, {
    message: 'give either messageIds or all: true',
    path: ['messageIds'],
  });

/** `done`: every message was changed before the answer; `running`: a job carries on (see listActionBatches). */
const batchResult = z.object({ batchId: z.string(), count: z.number().int(), status: z.enum(['done', 'running']) });

export const syncStatusSchema = z.object({
  state: z.enum(['idle', 'syncing', 'error', 'never']),
  messageCount: z.number().int(),
  lastSyncAt: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
  error: z.string().nullable(),
});

export const apiTokenSchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The one answer that carries a token's value; it is never shown again. */
export const apiTokenCreatedSchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  token: z.string(),
  createdAt: z.string(),
});

/**
 * Every callable function, by the seed's names (DESIGN §3). The server validates requests and
 * responses against these; the web derives its client types from them.
 */
export const functions = {
  startGmailAuth: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Returns the authorization URL that grants Mailroom access to Gmail.',
    request: z
      .object({
        write: z.boolean().optional(),
        returnTo: z.string().max(500).optional(),
        mode: authModeSchema.optional(),
      })
      .nullish()
      .transform((v) => v ?? {}),
    response: z.object({ authUrl: z.string().url() }),
  }),
  getGmailStatus: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Connection, scopes and sync state of the signed-in user’s Gmail account.',
    request: noArgs,
    response: z.object({
      connected: z.boolean(),
      email: z.string().nullable(),
      scopes: z.array(z.string()),
      canWrite: z.boolean(),
      needsReconnect: z.boolean(),
      sync: syncStatusSchema,
    }),
  }),
  disconnectGmail: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Revokes the grant, deletes tokens at once and purges the account’s mail data.',
    request: noArgs,
    response: z.object({ disconnected: z.boolean(), purgeJobId: z.string().nullable() }),
  }),
  createCategory: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Creates a manual category defined by a Gmail search query. ALREADY_EXISTS for a name the user already has; INVALID_ARGUMENT with details {field: "query", position, expected} for a query that does not parse.',
    request: z.object(categoryFields).strict(),
    response: categorySchema,
  }),
  previewCategoryQuery: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Counts what a query would match, without saving it (the category editor’s live count); errors as createCategory.',
    request: z.object({ query: categoryFields.query }).strict(),
    response: queryCountSchema,
  }),
  listCategories: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The user’s categories with exact counts.',
    request: noArgs,
    response: z.object({ success: z.literal(true), categories: z.array(categorySchema) }),
  }),
  getCategory: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'One category.',
    request: z.object({ categoryId: id('categoryId') }).strict(),
    response: categorySchema,
  }),
  updateCategory: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Changes a category’s fields (null clears color or icon); errors as createCategory.',
    request: z
      .object({
        categoryId: id('categoryId'),
        name: categoryFields.name.optional(),
        query: categoryFields.query.optional(),
        description: categoryFields.description,
        color: categoryFields.color.unwrap().nullable().optional(),
        icon: categoryFields.icon.unwrap().nullable().optional(),
      })
      .strict(),
    response: categorySchema,
  }),
  deleteCategory: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Deletes a category (the mail itself is untouched).',
    request: z.object({ categoryId: id('categoryId') }).strict(),
    response: z.object({ deleted: z.literal(true) }),
  }),
  getCategoryEmails: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'The messages a category’s query matches, newest first, a page at a time (Gmail’s semantics; messages in Mailroom/Quarantine are left out unless the query names that label). Header-only queries are answered from the store with an exact total on the first page; queries over bodies or that can match spam (in:spam, in:anywhere; spam is never synced) by Gmail search (total null). sort "priority" answers FAILED_PRECONDITION {reason: "PRIORITY_UNAVAILABLE"} until priority scores exist.',
    request: z
      .object({
        categoryId: id('categoryId'),
        pageToken: z.string().max(500).optional(),
        pageSize: z.number().int().min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').optional(),
        sort: z.enum(['date', 'priority']).optional(),
      })
      .strict(),
    response: z.object({
      emails: z.array(emailSummarySchema),
      nextPageToken: z.string().nullable(),
      /** Exact number of matches, on the first page of a store-answered query; null otherwise. */
      total: z.number().int().nullable(),
      /** Who evaluated the query: Mailroom's store, or Gmail search (queries over bodies). */
      source: z.enum(['store', 'gmail']),
    }),
  }),
  getEmailContent: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'A message fetched from the provider on demand, sanitised; never stored.',
    request: z
      .object({
        messageId: id('messageId'),
        /** The user chose "Show images": keep remote https images in the HTML. */
        showRemoteImages: z.boolean().optional(),
      })
      .strict(),
    response: z.object({
      id: z.string(),
      threadId: z.string(),
      labelIds: z.array(z.string()),
      headers: z.object({
        from: z.string(),
        to: z.string(),
        cc: z.string(),
        replyTo: z.string(),
        subject: z.string(),
        date: z.string(),
      }),
      html: z.string().nullable(),
      text: z.string().nullable(),
      attachments: z.array(z.object({ filename: z.string(), mimeType: z.string(), size: z.number().int() })),
      remoteImagesBlocked: z.number().int(),
    }),
  }),
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
  undoActionBatch: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Puts the messages of a bulk action back exactly as they were (labels restored, trash undone). FAILED_PRECONDITION with reason BATCH_EXPIRED after 7 days, ALREADY_UNDONE, or BATCH_IN_PROGRESS; WRITE_SCOPE_REQUIRED without the write scope.',
    request: z.object({ batchId: id('batchId') }).strict(),
    response: z.object({ batchId: z.string(), status: z.enum(['undone', 'undoing']), restored: z.number().int() }),
  }),
  debugGmailTokens: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Token facts for the own account: scopes, expiry, refreshes; never token material.',
    request: noArgs,
    response: z.object({
      hasTokens: z.boolean(),
      scopes: z.array(z.string()),
      expiresAt: z.string().nullable(),
      lastRefreshAt: z.string().nullable(),
      refreshFailures: z.number().int(),
      lastError: z.string().nullable(),
    }),
  }),
  createApiToken: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Creates a personal API token for `Authorization: Bearer`; the token is shown only once.',
    request: z
      .object({ name: z.string().trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters') })
      .strict(),
    response: apiTokenCreatedSchema,
  }),
  listApiTokens: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The user’s personal API tokens (never the token values).',
    request: noArgs,
    response: z.object({ tokens: z.array(apiTokenSchema) }),
  }),
  revokeApiToken: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Revokes one of the user’s personal API tokens at once.',
    request: z.object({ tokenId: id('tokenId') }).strict(),
    response: z.object({ revoked: z.literal(true) }),
  }),
  exportMyData: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Everything Mailroom stores about the user, as one JSON object (never token material).',
    request: noArgs,
    response: z.record(z.string(), z.unknown()),
  }),
  deleteMyAccount: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Deletes the user and everything stored for them, after confirming their email address.',
    request: z.object({ confirmEmail: z.string().trim().min(1, 'confirmEmail is required').max(320) }).strict(),
    response: z.object({ deleted: z.literal(true) }),
  }),
} as const;

export type Functions = typeof functions;
export type FnName = keyof Functions;
export type FnRequest<N extends FnName> = z.input<Functions[N]['request']>;
export type FnParsedRequest<N extends FnName> = z.output<Functions[N]['request']>;
export type FnResponse<N extends FnName> = z.output<Functions[N]['response']>;

export function isFnName(name: string): name is FnName {
  return Object.hasOwn(functions, name);
}
