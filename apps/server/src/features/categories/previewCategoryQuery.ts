import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { compileCategoryQuery } from './query.ts';
import { accountLabels, countQuery } from './service.ts';

/** The category editor's live count: what a query would match now, without saving anything. */
export const previewCategoryQuery: FnImpl<'previewCategoryQuery'> = async (ctx, data) => {
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  const accountId = account?.id ?? null;
  const compiled = compileCategoryQuery(data.query, { now: new Date(), labels: await accountLabels(ctx.db, accountId) });
  return countQuery(ctx.db, accountId, compiled);
};
