import type { FnImpl } from '../registry.ts';
import { markRead, unreadCount } from './repository.ts';

/** Marks some (or all) of the caller's notifications read; ids of others' notifications change nothing. */
export const markNotificationsRead: FnImpl<'markNotificationsRead'> = async (ctx, { ids }) => {
  await markRead(ctx.db, ctx.principal.userId, ids, ctx.clock.now());
  return { unread: await unreadCount(ctx.db, ctx.principal.userId) };
};
