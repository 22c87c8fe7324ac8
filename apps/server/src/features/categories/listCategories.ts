import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { userCalendar } from './calendar.ts';
import { listCategoryRows } from './repository.ts';
import { describeCategories } from './service.ts';

/** Every category of the user with exact counts from the store (null for queries over bodies),
 * counted together and kept until the store changes (counts.ts). */
export const listCategories: FnImpl<'listCategories'> = async (ctx) => {
  const rows = await listCategoryRows(ctx.db, ctx.principal.userId);
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  return { success: true as const, categories: await describeCategories(ctx.db, account?.id ?? null, rows, await userCalendar(ctx)) };
};
