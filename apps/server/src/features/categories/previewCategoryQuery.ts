import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { userCalendar } from './calendar.ts';
import { accountLabels, compileForAccount, countQuery } from './service.ts';

/** The category editor's live count: what a query would match now, without saving anything. */
export const previewCategoryQuery: FnImpl<'previewCategoryQuery'> = async (ctx, data) => {
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  const accountId = account?.id ?? null;
  const calendar = await userCalendar(ctx);
  const compiled = await compileForAccount(ctx.db, accountId, data.query, { ...calendar, labels: await accountLabels(ctx.db, accountId) });
  return countQuery(ctx.db, accountId, compiled, calendar.now);
};
