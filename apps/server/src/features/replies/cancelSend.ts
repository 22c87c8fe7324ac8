import { failedPrecondition } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { cancelQueued, draftOf } from './outbox.ts';
import { requireSend } from './sending.ts';

/**
 * Undo send: the queued send is deleted (what was written goes back to the editor in the
 * answer), unless the send job has already claimed it; the status decides which one wins.
 */
export const cancelSend: FnImpl<'cancelSend'> = async (ctx, { sendId }) => {
  const row = await requireSend(ctx, sendId);
  if (row.status === 'failed') throw failedPrecondition('ALREADY_SENT', 'This message was not sent; it is kept as a draft.');
  if (row.status !== 'queued' || !(await cancelQueued(ctx.db, ctx.principal.userId, sendId))) {
    throw failedPrecondition('ALREADY_SENT', 'Too late to undo: the message has gone to Gmail.');
  }
  return { cancelled: true, draft: draftOf(row) };
};
