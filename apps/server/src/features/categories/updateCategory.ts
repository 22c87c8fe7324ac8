import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { userCalendar } from './calendar.ts';
import { parseCategoryQuery } from './query.ts';
import { updateCategoryRow } from './repository.ts';
import { describeCategory } from './service.ts';

export const updateCategory: FnImpl<'updateCategory'> = async (ctx, data) => {
  const { categoryId, ...patch } = data;
  if (patch.query !== undefined) parseCategoryQuery(patch.query);
  const row = await updateCategoryRow(ctx.db, ctx.principal.userId, categoryId, patch);
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  return describeCategory(ctx.db, account?.id ?? null, row, await userCalendar(ctx));
};
