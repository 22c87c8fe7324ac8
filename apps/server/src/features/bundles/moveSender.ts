import { requireConnectedAccount } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { classifyMessages } from './classify.ts';
import { moveSender as learnSender } from './service.ts';

/** Learns where a sender's mail goes (or that it stays in the inbox) and re-files their mail already here. */
export const moveSender: FnImpl<'moveSender'> = async (ctx, data) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const now = ctx.clock.now();
  const moved = await learnSender(ctx.db, account.id, data.address, data.bundleId, now, (ids) => classifyMessages(ctx.db, account.id, ids, now));
  return { address: data.address, bundleId: data.bundleId, moved };
};
