import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { compileCategoryQuery } from './query.ts';
import { listCategoryRows } from './repository.ts';
import { accountLabels, countQuery, toCategory } from './service.ts';

/** Every category of the user with exact counts from the store (null for queries over bodies). */
export const listCategories: FnImpl<'listCategories'> = async (ctx) => {
  const rows = await listCategoryRows(ctx.db, ctx.principal.userId);
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  const accountId = account?.id ?? null;
  const labels = await accountLabels(ctx.db, accountId);
  const now = new Date();
  const categories = [];
  for (const row of rows) {
    const compiled = compileCategoryQuery(row.query, { now, labels });
    categories.push(toCategory(row, await countQuery(ctx.db, accountId, compiled)));
  }
  return { success: true as const, categories };
};
