import type { FnImpl } from '../registry.ts';
import { deleteRecentSearches } from './repository.ts';

/** Forgets the user's recent searches (theirs only). */
export const clearRecentSearches: FnImpl<'clearRecentSearches'> = async (ctx) => ({
  cleared: await deleteRecentSearches(ctx.db, ctx.principal.userId),
});
