import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { CLASSIFY_ACCOUNT_JOB } from './jobs.ts';
import { hasUnclassified } from './classify.ts';
import { listBundles as bundlesOf, senderRules } from './service.ts';

/** /bundles: every bundle with its counts; a store synced before bundles existed is classified by the job. */
export const listBundles: FnImpl<'listBundles'> = async (ctx) => {
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  if (!account) return { bundles: await bundlesOf(ctx.db, ''), senderRules: [] };
  // Checked when the counts are recounted (the store or the bundles changed), not on every call.
  const checkUnclassified = async () => {
    if (await hasUnclassified(ctx.db, account.id)) await ctx.jobs.enqueue(CLASSIFY_ACCOUNT_JOB, { accountId: account.id });
  };
  return { bundles: await bundlesOf(ctx.db, account.id, checkUnclassified), senderRules: await senderRules(ctx.db, account.id) };
};
