import { requireConnectedAccount } from '../../providers/mailbox-access.ts';
import { requestSync } from '../../sync/jobs.ts';
import type { FnImpl } from '../registry.ts';

/** Asks for a sync of the caller's mailbox now; joins a sync already waiting. */
export const syncNow: FnImpl<'syncNow'> = async (ctx) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  await requestSync(ctx.jobs, account.id);
  return { requested: true };
};
