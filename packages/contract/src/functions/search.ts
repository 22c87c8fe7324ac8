import { z } from 'zod';
import { defineFn } from '../define.ts';
import { emailSummarySchema, noArgs } from './common.ts';

/**
 * Natural-language search (issue 14): a request in plain English (or Gmail syntax, or a mix)
 * becomes a Gmail query the person can see and edit, and the mail it matches.
 */

/** The longest request accepted (the translator reads at most this much: a search box is not a document). */
export const SEARCH_REQUEST_MAX_LENGTH = 1000;

const spanSchema = z.object({ start: z.number().int(), end: z.number().int() });

/** What a part of the query is about: the chip's kind (its icon and its words). */
export const searchPartKindSchema = z.enum(['syntax', 'date', 'person', 'list', 'label', 'category', 'status', 'folder', 'attachment', 'size', 'subject', 'text']);

/**
 * One part of the translated query, shown as a chip: the words of the request it came from
 * (`text`, at `span` in the request) and its piece of the query (`query`, at `querySpan` in the
 * whole query). The query is exactly the parts' queries joined with spaces, so removing a chip is
 * joining the others.
 */
export const searchPartSchema = z.object({
  text: z.string(),
  query: z.string(),
  kind: searchPartKindSchema,
  span: spanSchema,
  querySpan: spanSchema,
});
export type SearchPart = z.infer<typeof searchPartSchema>;

/**
 * Who translated the request: `local` is Mailroom's own translator (always available, offline);
 * `model` is the configured OpenAI-compatible model, asked only when the local translation is
 * unsure, and only used when its answer is a valid query that came within AI_STEP_TIMEOUT_MS.
 */
export const translatorSchema = z.enum(['local', 'model']);

const translationFields = {
  /** The Gmail query searched ('' matches all mail). */
  query: z.string(),
  parts: z.array(searchPartSchema),
  /** 0..1: how much of the request the local translator understood. */
  confidence: z.number().min(0).max(1),
  translator: translatorSchema,
  /** Why the model's proposal was not used (it failed, was not a valid query, or took too long); null otherwise. */
  fallbackReason: z.string().nullable(),
};

const requestField = z
  .string()
  .max(SEARCH_REQUEST_MAX_LENGTH, `request must be at most ${SEARCH_REQUEST_MAX_LENGTH} characters`)
  .refine((value) => value.trim() !== '', 'request must not be empty');

/** A recent search: what the person typed and, when they edited the translation, the query they ran instead. */
export const recentSearchSchema = z.object({
  request: z.string(),
  /** The edited query that was run; null when the request's own translation was (translated again when rerun, so "yesterday" moves on). */
  query: z.string().nullable(),
  searchedAt: z.string(),
});
export type RecentSearch = z.infer<typeof recentSearchSchema>;

/** How many recent searches are kept per user (older ones go first; all of them after 30 days). */
export const MAX_RECENT_SEARCHES = 20;

export const searchFunctions = {
  translateSearch: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'Translates a request into a Gmail query with the user’s correspondents, lists and labels, in the user’s time zone and week (the local translator only: it serves the chips as the person types); nothing is searched or recorded. INVALID_ARGUMENT {field: "request"} for an empty or over-long request.',
    request: z.object({ request: requestField }).strict(),
    response: z.object(translationFields),
  }),
  searchMail: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'Translates the request (with the configured language model instead when the local translator is unsure of it and the model answers in time with a valid query: `translator` says which, `fallbackReason` why the model was not used; pass the first page’s `query` with later pages then) or runs `query`, an edited translation, as given; answers a page of the mail it matches, newest first: header-only queries from the store with an exact total on the first page, queries over bodies by Gmail search (total null), as categories do. Messages in Mailroom/Quarantine are left out unless the query names that label. The first page records the search among the user’s recent searches. INVALID_ARGUMENT {field: "query", position} for an edited query that does not parse; sort "priority" lists header-only matches by priority score (highest first; not yet scored last); for queries answered by Gmail search it answers FAILED_PRECONDITION {reason: "PRIORITY_UNAVAILABLE"}.',
    request: z
      .object({
        request: requestField,
        /** The query to run instead of the request's translation (chips removed or edited, or the query text edited). */
        query: z.string().trim().min(1, 'query must not be empty').max(2000).optional(),
        pageToken: z.string().max(500).optional(),
        pageSize: z.number().int().min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').optional(),
        sort: z.enum(['date', 'priority']).optional(),
      })
      .strict(),
    response: z.object({
      ...translationFields,
      messages: z.array(emailSummarySchema),
      nextPageToken: z.string().nullable(),
      /** Exact number of matches, on the first page of a store-answered query; null otherwise. */
      total: z.number().int().nullable(),
      /** Who evaluated the query: Mailroom's store, or Gmail search (queries over bodies). */
      source: z.enum(['store', 'gmail']),
    }),
  }),
  listRecentSearches: defineFn({
    auth: 'user',
    mutates: false,
    summary: `The user’s recent searches, newest first (at most ${MAX_RECENT_SEARCHES}; each is forgotten 30 days after it was last run).`,
    request: noArgs,
    response: z.object({ searches: z.array(recentSearchSchema) }),
  }),
  clearRecentSearches: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Forgets the user’s recent searches.',
    request: noArgs,
    response: z.object({ cleared: z.number().int() }),
  }),
} as const;
