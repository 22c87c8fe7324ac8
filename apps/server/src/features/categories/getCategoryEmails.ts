import { requireConnectedAccount, requireProvider } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { userCalendar } from './calendar.ts';
import { requireCategory } from './repository.ts';
import { categoryEmails } from './service.ts';

/** A page of the category's mail: from the store, or from Gmail search when the query reads bodies. */
export const getCategoryEmails: FnImpl<'getCategoryEmails'> = async (ctx, data) => {
  const row = await requireCategory(ctx.db, ctx.principal.userId, data.categoryId);
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  return categoryEmails({ db: ctx.db, accountId: account.id, provider: () => requireProvider(ctx.providers, account) }, row, data, await userCalendar(ctx));
};
