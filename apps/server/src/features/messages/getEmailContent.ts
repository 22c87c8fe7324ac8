import type { FnImpl } from '../registry.ts';
import { readEmailContent } from './content.ts';

/**
 * One message, fetched from the user's own mailbox on demand (an id from anyone else's mailbox
 * is not there: NOT_FOUND), parsed and sanitised, never stored.
 */
export const getEmailContent: FnImpl<'getEmailContent'> = async (ctx, data) =>
  readEmailContent(ctx, ctx.principal.userId, data.messageId, { showRemoteImages: data.showRemoteImages ?? false });
