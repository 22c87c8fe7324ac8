import { requireConnectedAccount } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { setDelivery } from './service.ts';

/** Where a bundle's mail is shown: inbox, one grouped row, or held for the digest. */
export const setBundleRule: FnImpl<'setBundleRule'> = async (ctx, data) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  await setDelivery(ctx.db, account.id, data.bundleId, data.delivery, ctx.clock.now());
  return { bundleId: data.bundleId, delivery: data.delivery };
};
