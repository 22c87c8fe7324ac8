import { requireConnectedAccount } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { bundleEmails } from './service.ts';

/** A page of one bundle's inbox mail with the reason each message is in it. */
export const getBundleEmails: FnImpl<'getBundleEmails'> = async (ctx, data) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  return bundleEmails(ctx.db, account.id, data);
};
