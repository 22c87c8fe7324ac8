/**
 * What other features may use of categories: finding the user's category and the messages its
 * query matches (recovery's `all: true`), checking a query, and a page of the mail any query
 * matches with its exact count (search results use the same store/Gmail split, pages and counts).
 */
export { listCategoryRows, requireCategory, type CategoryRow } from './repository.ts';
export { compileCategoryQuery, type CompiledCategoryQuery } from './query.ts';
export { accountLabels, queryEmails, type EmailPage, type EmailPageRequest, type UserCalendar } from './service.ts';
export { parseCategoryQuery } from './query.ts';
