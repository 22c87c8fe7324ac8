import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { forgetExpiredMessages, listLiveBatches, toActionBatch } from './repository.ts';

/** The action batches of the last 7 days, newest first; older ones are gone (and their undo data with them). */
export const listActionBatches: FnImpl<'listActionBatches'> = async (ctx) => {
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  if (!account) return { batches: [] };
  const now = ctx.clock.now();
  await forgetExpiredMessages(ctx.db, account.id, now);
  return { batches: (await listLiveBatches(ctx.db, account.id, now)).map(toActionBatch) };
};
