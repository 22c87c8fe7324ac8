/**
 * What other features may use of categories: finding the user's category and the messages its
 * query matches (recovery's `all: true`).
 */
export { requireCategory, type CategoryRow } from './repository.ts';
export { compileCategoryQuery, type CompiledCategoryQuery } from './query.ts';
export { accountLabels } from './service.ts';
