import { failedPrecondition } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { requireSend } from './sending.ts';

/** Deletes a failed send (a draft) and what was written in it. */
export const discardDraft: FnImpl<'discardDraft'> = async (ctx, { sendId }) => {
  const row = await requireSend(ctx, sendId);
  if (row.status === 'queued') throw failedPrecondition('ALREADY_SENT', 'This message is about to be sent; use Undo to stop it.');
  const deleted = await ctx.db.deleteFrom('outgoing_messages').where('id', '=', sendId).where('user_id', '=', ctx.principal.userId).where('status', '=', 'failed').executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw failedPrecondition('ALREADY_SENT', 'It has already gone to Gmail.');
  return { discarded: true };
};
