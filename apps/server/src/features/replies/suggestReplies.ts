import type { FnImpl } from '../registry.ts';
import { replyContextOf, suggestionsFor } from './service.ts';

/**
 * Smart replies for a message the user opened: fetched on demand (never stored), its thread
 * from the store, the user's style, the local engine in-process (milliseconds).
 */
export const suggestReplies: FnImpl<'suggestReplies'> = async (ctx, { messageId }) => {
  const rc = await replyContextOf(ctx, ctx.principal);
  return (await suggestionsFor(ctx, rc, messageId)).result;
};
