import type { AppNotification } from '@mailroom/contract';
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Icon, Spinner, cx } from '../../../shared/ui';
import { useGmailStatus } from '../../gmail';
import { useNotifications, useServiceWorkerMessages } from '../hooks/useNotifications';
import { usePush } from '../hooks/usePush';
import { markOffered, shouldOfferOptIn, userIsBusy } from '../lib/opt-in';
import { NotificationOptInDialog } from './NotificationOptInDialog';

const PUSH_TEXT = {
  off: 'Push notifications are off for this browser.',
  on: 'Push notifications are on for this browser.',
  blocked: 'Notifications are blocked for this site in your browser’s settings.',
  unsupported: 'This browser cannot receive push notifications.',
} as const;

/** How long after the first sync is known finished the opt-in is offered (and how often it looks again while the user is busy). */
const OFFER_DELAY_MS = 1500;

function when(iso: string, now = Date.now()): string {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  if (minutes < 24 * 60) return rtf.format(-Math.round(minutes / 60), 'hour');
  return rtf.format(-Math.round(minutes / (24 * 60)), 'day');
}

/**
 * The header's bell: the latest notifications (unread ones marked, a dot on the bell while any
 * are unread), each opening the message or page it is about; "Mark all read"; and the opt-in,
 * offered by itself once the first sync has finished, on a page of the app (`appPage`).
 */
export function NotificationBell({ appPage }: { appPage: boolean }) {
  const push = usePush();
  const { list, markRead } = useNotifications();
  const status = useGmailStatus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  useServiceWorkerMessages();

  const firstSyncDone = Boolean(status.data?.connected && status.data.sync.lastSyncAt);
  useEffect(() => {
    if (!shouldOfferOptIn({ firstSyncDone, pushState: push.state, permission: push.permission, pathname, appPage })) return;
    // A moment after the page settles, not in the middle of it appearing, and not while the user
    // has a menu or dialog open or is typing: then it asks again a moment later.
    const timer = window.setInterval(() => {
      if (userIsBusy()) return;
      window.clearInterval(timer);
      markOffered();
      setDialogOpen(true);
    }, OFFER_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [firstSyncDone, push.state, push.permission, pathname, appPage]);

  const unread = list.data?.unread ?? 0;
  const items = list.data?.notifications ?? [];
  const openItem = (n: AppNotification) => {
    if (!n.read) markRead.mutate([n.id]);
    setOpen(false);
    void navigate(n.url);
  };

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-surface-2"
          data-tour="notifications"
        >
          <Icon name="bell" />
          {unread > 0 ? <span data-testid="unread-dot" className="absolute top-2 right-2 h-2.5 w-2.5 rounded-full bg-danger-solid ring-2 ring-surface" aria-hidden="true" /> : null}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={12}
            aria-label="Notifications"
            className="z-40 w-[min(24rem,calc(100vw-1.5rem))] rounded-xl border border-line bg-surface p-4 text-fg shadow-xl"
          >
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-sm font-semibold">Notifications</h2>
              {unread > 0 ? (
                <Button size="sm" variant="ghost" icon="check" onClick={() => markRead.mutate(undefined)}>
                  Mark all read
                </Button>
              ) : null}
            </div>
            {list.isPending ? (
              <div className="flex justify-center py-6">
                <Spinner label="Loading notifications" />
              </div>
            ) : list.isError ? (
              <p role="alert" className="mt-3 text-sm text-danger">
                Notifications could not be loaded. {list.error.message}
              </p>
            ) : items.length === 0 ? (
              <div className="mt-3 flex flex-col items-center rounded-lg bg-surface-2 px-4 py-6 text-center">
                <Icon name="bell" className="text-muted" size={24} />
                <p className="mt-2 text-sm font-medium">No notifications</p>
                <p className="mt-1 text-xs text-muted">{PUSH_TEXT[push.state]}</p>
              </div>
            ) : (
              <ul className="-mx-2 mt-2 max-h-[min(24rem,60vh)] overflow-y-auto" aria-label="Latest notifications">
                {items.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      onClick={() => openItem(n)}
                      className={cx('flex w-full gap-3 rounded-lg px-2 py-2 text-left hover:bg-surface-2 focus-visible:bg-surface-2', n.read ? 'text-muted' : 'text-fg')}
                    >
                      <span className={cx('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-accent-solid')} aria-hidden="true" />
                      <span className="min-w-0 flex-1">
                        <span className={cx('block truncate text-sm', n.read ? '' : 'font-semibold')}>
                          {n.read ? null : <span className="sr-only">Unread: </span>}
                          {n.title}
                        </span>
                        <span className="block truncate text-xs text-muted">{n.body}</span>
                        <span className="block text-xs text-muted">{when(n.createdAt)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
              {push.state === 'off' ? (
                <Button
                  size="sm"
                  icon="bell"
                  onClick={() => {
                    setOpen(false);
                    setDialogOpen(true);
                  }}
                >
                  Turn on notifications
                </Button>
              ) : (
                <span className="text-xs text-muted">{PUSH_TEXT[push.state]}</span>
              )}
              <Link to="/settings#notifications" onClick={() => setOpen(false)} className="text-sm text-accent underline-offset-2 hover:underline">
                Notification settings
              </Link>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationOptInDialog open={dialogOpen} onClose={() => setDialogOpen(false)} push={push} />
    </>
  );
}
