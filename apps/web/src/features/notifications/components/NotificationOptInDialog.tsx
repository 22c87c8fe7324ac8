import { useState } from 'react';
import { Alert, Button, Dialog, Icon } from '../../../shared/ui';
import type { PermissionState } from '../hooks/useNotificationPermission';

interface Props {
  open: boolean;
  onClose: () => void;
  permission: PermissionState;
  request: () => Promise<PermissionState>;
}

/**
 * Asks first in our own words, and only calls the browser's permission prompt when the user
 * says yes: a prompt out of the blue is usually refused, and a refusal is hard to undo.
 */
export function NotificationOptInDialog({ open, onClose, permission, request }: Props) {
  const [asking, setAsking] = useState(false);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Turn on notifications?"
      description="Mailroom can notify this browser about your mailbox, even when the tab is closed."
      footer={
        permission === 'default' ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Not now
            </Button>
            <Button
              icon="bell"
              busy={asking}
              onClick={async () => {
                setAsking(true);
                try {
                  await request();
                } finally {
                  setAsking(false);
                }
              }}
            >
              Allow notifications
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Done</Button>
        )
      }
    >
      <ul className="space-y-3 text-sm text-fg">
        <li className="flex gap-3">
          <Icon name="bell" className="mt-0.5 shrink-0 text-accent" />
          <span>Notifications are sent to this browser only, and you can turn them off at any time in your browser’s site settings.</span>
        </li>
        <li className="flex gap-3">
          <Icon name="lock" className="mt-0.5 shrink-0 text-accent" />
          <span>They say what happened, never the content of an email.</span>
        </li>
      </ul>
      <div className="mt-4">
        {permission === 'granted' ? (
          <Alert tone="success" role="status" title="Notifications are allowed in this browser">
            This server does not send notifications yet; when it does, they will arrive here without asking again.
          </Alert>
        ) : permission === 'denied' ? (
          <Alert tone="warning" role="status" title="Notifications are blocked for this site">
            Your browser will not ask again. To allow them, open the site settings from the address bar and allow notifications.
          </Alert>
        ) : permission === 'unsupported' ? (
          <Alert tone="warning" role="status" title="This browser cannot show notifications">
            Try a current version of Chrome, Edge, Firefox or Safari, or install Mailroom as an app.
          </Alert>
        ) : (
          <p className="text-sm text-muted">Your browser will ask you to confirm.</p>
        )}
      </div>
    </Dialog>
  );
}
