import { requireConnectedAccount } from '../../providers/mailbox-access.ts';
import { notFound } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { classifyMessages } from './classify.ts';
import { forgetSender } from './service.ts';

/** Forgets where the user put a sender; their mail is filed by its headers again. */
export const removeSenderRule: FnImpl<'removeSenderRule'> = async (ctx, data) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const now = ctx.clock.now();
  const refiled = await forgetSender(ctx.db, account.id, data.address, (ids) => classifyMessages(ctx.db, account.id, ids, now));
  if (refiled === null) throw notFound(`You have no choice for ${data.address}`);
  return { address: data.address, refiled };
};
