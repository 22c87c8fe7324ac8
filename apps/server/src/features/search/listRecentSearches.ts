import type { FnImpl } from '../registry.ts';
import { listRecentSearchRows } from './repository.ts';

/** The search box's dropdown: the user's own recent searches, newest first. */
export const listRecentSearches: FnImpl<'listRecentSearches'> = async (ctx) => ({
  searches: await listRecentSearchRows(ctx.db, ctx.principal.userId, ctx.clock.now()),
});
