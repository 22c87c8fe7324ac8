import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { Button, Icon } from '../../../shared/ui';
import { useNotificationPermission } from '../hooks/useNotificationPermission';
import { NotificationOptInDialog } from './NotificationOptInDialog';

const PERMISSION_TEXT = {
  default: 'Notifications are off for this browser.',
  granted: 'Notifications are allowed in this browser.',
  denied: 'Notifications are blocked for this site in your browser’s settings.',
  unsupported: 'This browser cannot show notifications.',
} as const;

/** The header's bell: what has arrived (nothing until the notifications feature delivers) and the opt-in. */
export function NotificationBell() {
  const { permission, request } = useNotificationPermission();
  const [open, setOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-label="Notifications"
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-surface-2"
          data-tour="notifications"
        >
          <Icon name="bell" />
          {permission === 'default' ? (
            <span className="absolute top-2 right-2 h-2 w-2 rounded-full bg-accent-solid ring-2 ring-surface" aria-hidden="true" />
          ) : null}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={12}
            aria-label="Notifications"
            className="z-40 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-line bg-surface p-4 text-fg shadow-xl"
          >
            <h2 className="text-sm font-semibold">Notifications</h2>
            <div className="mt-3 flex flex-col items-center rounded-lg bg-surface-2 px-4 py-6 text-center">
              <Icon name="bell" className="text-muted" size={24} />
              <p className="mt-2 text-sm font-medium">No notifications</p>
              <p className="mt-1 text-xs text-muted">{PERMISSION_TEXT[permission]}</p>
            </div>
            {permission === 'default' ? (
              <Button
                className="mt-3 w-full"
                icon="bell"
                onClick={() => {
                  setOpen(false);
                  setDialogOpen(true);
                }}
              >
                Turn on notifications
              </Button>
            ) : (
              <Button
                variant="secondary"
                className="mt-3 w-full"
                onClick={() => {
                  setOpen(false);
                  setDialogOpen(true);
                }}
              >
                Notification settings
              </Button>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationOptInDialog open={dialogOpen} onClose={() => setDialogOpen(false)} permission={permission} request={request} />
    </>
  );
}
