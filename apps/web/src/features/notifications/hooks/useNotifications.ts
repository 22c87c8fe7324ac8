import type { FnResponse } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { callFn } from '../../../shared/api';
import { useAuth } from '../../auth';

export type NotificationList = FnResponse<'listNotifications'>;

export function notificationsKey(userId: string | null) {
  return ['notifications', 'list', userId] as const;
}

/** How often the bell looks for new notifications while the page is open (a push refreshes it at once). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The bell's list (listNotifications) and marking read. */
export function useNotifications() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const client = useQueryClient();
  const key = notificationsKey(userId);
  const list = useQuery({
    queryKey: key,
    queryFn: () => callFn('listNotifications'),
    enabled: userId !== null,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
  const markRead = useMutation({
    mutationFn: (ids?: string[]) => callFn('markNotificationsRead', ids ? { ids } : {}),
    onMutate: (ids) => {
      client.setQueryData<NotificationList>(key, (old) =>
        old
          ? {
              notifications: old.notifications.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)),
              unread: ids ? Math.max(0, old.unread - old.notifications.filter((n) => ids.includes(n.id) && !n.read).length) : 0,
            }
          : old,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  return { list, markRead, userId };
}

/**
 * Messages from the service worker (public/sw.js): a push arrived (the bell refreshes), or a
 * notification was clicked (marked read, and the app goes where it points).
 */
export function useServiceWorkerMessages() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: string; id?: string } | null;
      if (data?.type === 'mailroom:notification') void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
      if (data?.type === 'mailroom:open' && typeof data.url === 'string' && data.url.startsWith('/')) {
        if (data.id) void callFn('markNotificationsRead', { ids: [data.id] }).finally(() => client.invalidateQueries({ queryKey: ['notifications', 'list'] }));
        void navigate(data.url);
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [client, navigate]);
}
