import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { userCalendar } from './calendar.ts';
import { parseCategoryQuery } from './query.ts';
import { insertCategory } from './repository.ts';
import { describeCategory } from './service.ts';

/** A new category; the query must parse (INVALID_ARGUMENT with its position) and the name be new (ALREADY_EXISTS). */
export const createCategory: FnImpl<'createCategory'> = async (ctx, data) => {
  parseCategoryQuery(data.query);
  const row = await insertCategory(ctx.db, ctx.principal.userId, data);
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  return describeCategory(ctx.db, account?.id ?? null, row, await userCalendar(ctx));
};
