import { Alert, Button, Dialog, Icon } from '../../../shared/ui';
import type { usePush } from '../hooks/usePush';
import { rememberNotNow } from '../lib/opt-in';

interface Props {
  open: boolean;
  onClose: () => void;
  push: ReturnType<typeof usePush>;
}

/** What Mailroom notifies about, as the opt-in and Settings say it. */
export const NOTIFIED_EVENTS = [
  'New mail that matters to you (from people you write to, or above your priority threshold)',
  'Your daily digest is ready',
  'A bulk action finished or failed',
  'Gmail access was revoked or expired, or syncing has failed for over an hour',
] as const;

/**
 * Asks first in our own words, and only calls the browser's permission prompt when the user
 * says yes: a prompt out of the blue is usually refused, and a refusal is hard to undo. "Not now"
 * is remembered: the dialog does not come back by itself.
 */
export function NotificationOptInDialog({ open, onClose, push }: Props) {
  const { state, enable, problem } = push;
  const notNow = () => {
    rememberNotNow();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={state === 'off' ? notNow : onClose}
      title={state === 'on' ? 'Notifications are on' : 'Turn on notifications?'}
      description="Mailroom can notify this browser about your mailbox, even when the tab is closed."
      footer={
        state === 'off' ? (
          <>
            <Button variant="secondary" onClick={notNow}>
              Not now
            </Button>
            <Button icon="bell" busy={enable.isPending} onClick={() => enable.mutate()}>
              Allow notifications
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Done</Button>
        )
      }
    >
      <p className="text-sm font-medium text-fg">You will be told when:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-fg">
        {NOTIFIED_EVENTS.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
      <ul className="mt-4 space-y-3 text-sm text-fg">
        <li className="flex gap-3">
          <Icon name="bell" className="mt-0.5 shrink-0 text-accent" />
          <span>Choose which of these you want, and quiet hours, in Settings. Several within a minute arrive as one.</span>
        </li>
        <li className="flex gap-3">
          <Icon name="lock" className="mt-0.5 shrink-0 text-accent" />
          <span>They say what happened, never the content of an email, and go straight from this server to your browser’s push service.</span>
        </li>
      </ul>
      <div className="mt-4">
        {problem ? (
          <Alert tone="danger" role="alert" title="Notifications could not be turned on">
            <span data-error-code={problem.code}>{problem.message}</span>
          </Alert>
        ) : state === 'on' ? (
          <Alert tone="success" role="status" title="This browser will be notified">
            Turn them off, or send yourself a test, in Settings.
          </Alert>
        ) : state === 'blocked' ? (
          <Alert tone="warning" role="status" title="Notifications are blocked for this site">
            Your browser will not ask again. To allow them, open the site settings from the address bar and allow notifications.
          </Alert>
        ) : state === 'unsupported' ? (
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
