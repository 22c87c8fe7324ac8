import { requireConnectedAccount, requireProvider, viaProvider } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { renderEmail } from './content.ts';

/**
 * One message, fetched from the user's own mailbox on demand (an id from anyone else's mailbox
 * is not there: NOT_FOUND), parsed and sanitised, never stored.
 */
export const getEmailContent: FnImpl<'getEmailContent'> = async (ctx, data) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const provider = await requireProvider(ctx.providers, account);
  const content = await viaProvider(() => provider.getMessageContent(data.messageId, 'raw'));
  if (content.format !== 'raw') throw new Error('the provider answered a raw fetch with another format');
  return renderEmail(content, { showRemoteImages: data.showRemoteImages ?? false });
};
