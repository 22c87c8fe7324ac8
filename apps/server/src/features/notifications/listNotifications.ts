import type { FnImpl } from '../registry.ts';
import { latestNotifications, unreadCount } from './repository.ts';
import { toApi } from './service.ts';

/** The bell's list: the latest notifications, newest first, and the unread count. */
export const listNotifications: FnImpl<'listNotifications'> = async (ctx) => {
  const userId = ctx.principal.userId;
  const [rows, unread] = await Promise.all([latestNotifications(ctx.db, userId), unreadCount(ctx.db, userId)]);
  return { notifications: rows.map(toApi), unread };
};
