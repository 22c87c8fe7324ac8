import type { UserSettings } from '@mailroom/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callFn, describeError } from '../../../shared/api';
import { Alert, Button, Card, CardHeader, Spinner } from '../../../shared/ui';
import { useSettings } from '../../settings';
import { usePush } from '../hooks/usePush';
import { NotificationOptInDialog } from './NotificationOptInDialog';

type NotificationSettings = UserSettings['notifications'];
type KindField = 'newMail' | 'digestReady' | 'bulkAction' | 'accountProblem' | 'syncFailing';

const KINDS: Array<{ field: KindField; label: string; detail: string }> = [
  { field: 'newMail', label: 'New important mail', detail: 'From people you write to, or above your priority threshold.' },
  { field: 'digestReady', label: 'Daily digest ready', detail: 'When the day’s digest has been made.' },
  { field: 'bulkAction', label: 'Bulk actions', detail: 'When a large quarantine, delete or undo finishes or fails.' },
  { field: 'accountProblem', label: 'Gmail access lost', detail: 'When access is revoked or expires and you need to reconnect.' },
  { field: 'syncFailing', label: 'Sync failing', detail: 'When your mail has not synced for more than an hour.' },
];

const PUSH_STATE_TEXT = {
  on: 'On: notifications arrive in this browser, even with Mailroom closed.',
  off: 'Off: this browser is not registered for notifications.',
  blocked: 'Blocked: this site may not show notifications (change it in the browser’s site settings).',
  unsupported: 'Not available: this browser cannot receive push notifications.',
} as const;

/**
 * Settings › Notifications: which events notify, quiet hours (in the user's time zone), and this
 * browser's push registration with "Send test notification".
 */
export function NotificationSettingsSection() {
  const { settings, update } = useSettings();
  const push = usePush();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const headingId = useId();
  const kindsId = useId();
  const quietId = useId();
  const test = useMutation({ mutationFn: (token: string) => callFn('sendTestNotification', { token }) });

  const values = settings.data?.settings.notifications;
  const zone = settings.data?.settings.account.timeZone;
  const save = (patch: Partial<NotificationSettings>) => {
    setSaved(null);
    update.mutate({ patch: { notifications: patch } }, { onSuccess: () => setSaved('Saved.') });
  };

  return (
    <Card aria-labelledby={headingId} id="notifications">
      <CardHeader id={headingId} title="Notifications" description="What Mailroom tells you about, in the bell and by push to your browsers." />
      {!values ? (
        settings.isError ? (
          <Alert tone="danger" role="alert" title="Settings could not be loaded">
            {describeError(settings.error)}
          </Alert>
        ) : (
          <Spinner label="Loading notification settings" />
        )
      ) : (
        <div className="space-y-6">
          <fieldset aria-describedby={kindsId}>
            <legend className="text-sm font-medium text-fg">Notify me about</legend>
            <p id={kindsId} className="text-sm text-muted">
              Several of one kind within a minute arrive as one notification.
            </p>
            <div className="mt-3 space-y-3">
              {KINDS.map((kind) => (
                <label key={kind.field} className="flex items-start gap-3 text-sm text-fg">
                  <input type="checkbox" className="mt-0.5 h-4 w-4 accent-accent-solid" checked={values[kind.field]} onChange={(e) => save({ [kind.field]: e.target.checked })} />
                  <span>
                    <span className="font-medium">{kind.label}</span>
                    <span className="block text-muted">{kind.detail}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="border-t border-line pt-6" aria-describedby={quietId}>
            <legend className="text-sm font-medium text-fg">Quiet hours</legend>
            <p id={quietId} className="text-sm text-muted">
              No pushes between these times{zone ? ` (${zone.replace(/_/g, ' ')})` : ''}; the bell still lists everything, and what waited is sent as one notification when quiet hours end.
            </p>
            <label className="mt-3 flex items-center gap-3 text-sm text-fg">
              <input type="checkbox" className="h-4 w-4 accent-accent-solid" checked={values.quietHours} onChange={(e) => save({ quietHours: e.target.checked })} />
              Hold notifications during quiet hours
            </label>
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-fg">
              <label className="flex items-center gap-2">
                From
                <input
                  type="time"
                  className="h-10 rounded-lg border border-line-strong bg-surface px-2 text-fg disabled:opacity-60"
                  value={values.quietStart}
                  disabled={!values.quietHours}
                  onChange={(e) => e.target.value && save({ quietStart: e.target.value })}
                />
              </label>
              <label className="flex items-center gap-2">
                until
                <input
                  type="time"
                  className="h-10 rounded-lg border border-line-strong bg-surface px-2 text-fg disabled:opacity-60"
                  value={values.quietEnd}
                  disabled={!values.quietHours}
                  onChange={(e) => e.target.value && save({ quietEnd: e.target.value })}
                />
              </label>
            </div>
          </fieldset>

          <div className="border-t border-line pt-6">
            <p className="text-sm font-medium text-fg">This browser</p>
            <p className="text-sm text-muted" data-testid="push-state">
              {PUSH_STATE_TEXT[push.state]}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {push.state === 'on' ? (
                <>
                  <Button icon="bell" busy={test.isPending} onClick={() => push.token && test.mutate(push.token)}>
                    Send test notification
                  </Button>
                  <Button variant="secondary" busy={push.disable.isPending} onClick={() => push.disable.mutate()}>
                    Turn off for this browser
                  </Button>
                </>
              ) : (
                <Button variant="secondary" icon="bell" onClick={() => setDialogOpen(true)}>
                  {push.state === 'off' ? 'Turn on for this browser' : 'Details'}
                </Button>
              )}
            </div>
            <div aria-live="polite" className="mt-3">
              {test.data ? (
                test.data.delivered ? (
                  <Alert tone="success" role="status" title="Test notification sent">
                    It should appear in a few seconds. If it does not, check that notifications for this browser are allowed by your system.
                  </Alert>
                ) : (
                  <Alert tone="warning" role="status" title="The test notification was not delivered">
                    {test.data.reason ?? 'The push service did not accept it.'}
                  </Alert>
                )
              ) : null}
              {test.error ? (
                <Alert tone="danger" role="alert" title="The test notification could not be sent">
                  {describeError(test.error)}
                </Alert>
              ) : null}
              {push.problem && !dialogOpen ? (
                <Alert tone="danger" role="alert" title="Notifications could not be changed">
                  <span data-error-code={push.problem.code}>{push.problem.message}</span>
                </Alert>
              ) : null}
            </div>
          </div>
          <p aria-live="polite" className="text-sm text-muted">
            {update.isError ? describeError(update.error) : saved}
          </p>
        </div>
      )}
      <NotificationOptInDialog open={dialogOpen} onClose={() => setDialogOpen(false)} push={push} />
    </Card>
  );
}
