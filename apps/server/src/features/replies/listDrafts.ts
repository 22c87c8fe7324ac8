import type { FnImpl } from '../registry.ts';
import { recordOf } from './outbox.ts';

/** The user's sends still waiting and the ones that failed (drafts), newest first; optionally for one message. */
export const listDrafts: FnImpl<'listDrafts'> = async (ctx, { messageId }) => {
  let query = ctx.db
    .selectFrom('outgoing_messages')
    .selectAll()
    .where('user_id', '=', ctx.principal.userId)
    .where('status', 'in', ['queued', 'sending', 'failed'])
    .orderBy('updated_at', 'desc')
    .limit(200);
  if (messageId) query = query.where('original_message_id', '=', messageId);
  return { drafts: (await query.execute()).map(recordOf) };
};
