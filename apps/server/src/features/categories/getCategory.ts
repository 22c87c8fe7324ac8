import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { userCalendar } from './calendar.ts';
import { requireCategory } from './repository.ts';
import { describeCategory } from './service.ts';

export const getCategory: FnImpl<'getCategory'> = async (ctx, data) => {
  const row = await requireCategory(ctx.db, ctx.principal.userId, data.categoryId);
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  return describeCategory(ctx.db, account?.id ?? null, row, await userCalendar(ctx));
};
