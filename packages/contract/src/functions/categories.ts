import { z } from 'zod';
import { defineFn } from '../define.ts';
import { emailSummarySchema, id, noArgs } from './common.ts';

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

export const queryCountSchema = z.object({
  count: z.number().int().nullable(),
  unreadCount: z.number().int().nullable(),
});

/** Manual categories: Gmail search queries with a name. */
export const categoryFunctions = {
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
      'The messages a category’s query matches, newest first, a page at a time (Gmail’s semantics; messages in Mailroom/Quarantine are left out unless the query names that label). Header-only queries are answered from the store with an exact total on the first page; queries over bodies or that can match spam (in:spam, in:anywhere; spam is never synced) by Gmail search (total null). sort "priority" lists header-only matches by priority score (highest first; not yet scored last); for queries answered by Gmail search it answers FAILED_PRECONDITION {reason: "PRIORITY_UNAVAILABLE"}.',
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
} as const;
