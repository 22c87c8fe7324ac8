import type { UserSettings } from '@mailroom/contract';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api';
import { Alert, Spinner } from '../../../shared/ui';
import { useSettings } from '../hooks/useSettings';
import { SettingsSection } from './SettingsSection';

type MailSettings = UserSettings['mail'];

const FIELD = 'w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg';

function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * Settings › Mail: the order mail lists open in, and when the daily digest is made (in the user's
 * time zone) and whether it is also emailed. The undo-send delay is with the reply settings.
 */
export function MailSettingsSection() {
  const { settings, update } = useSettings();
  const [saved, setSaved] = useState<string | null>(null);
  const sortId = useId();
  const hourId = useId();
  const sortHelpId = useId();
  const mail = settings.data?.settings.mail;
  const zone = settings.data?.settings.account.timeZone;
  const save = (patch: Partial<MailSettings>) => {
    setSaved(null);
    update.mutate({ patch: { mail: patch } }, { onSuccess: () => setSaved('Saved.') });
  };

  return (
    <SettingsSection id="mail-settings-heading" title="Mail" description="How your mail lists open, and your daily digest.">
      {!mail ? (
        settings.isError ? (
          <Alert tone="danger" role="alert">
            Settings could not be loaded: {describeError(settings.error)}
          </Alert>
        ) : (
          <Spinner label="Loading mail settings" />
        )
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={sortId} className="text-sm text-muted">
              Sort mail lists by
            </label>
            <select
              id={sortId}
              aria-describedby={sortHelpId}
              className={`mt-1 ${FIELD}`}
              value={mail.defaultSort}
              onChange={(e) => save({ defaultSort: e.target.value as MailSettings['defaultSort'] })}
            >
              <option value="date">Date, newest first</option>
              <option value="priority">Priority, most important first</option>
            </select>
            <p id={sortHelpId} className="mt-1 text-xs text-muted">
              Your categories open in this order. A category that Gmail search answers (one that reads message bodies) is always newest first.
            </p>
          </div>
          <div>
            <label htmlFor={hourId} className="text-sm text-muted">
              Make the daily digest at{zone ? ` (${zone.replace(/_/g, ' ')})` : ''}
            </label>
            <select id={hourId} className={`mt-1 ${FIELD}`} value={mail.digestHour} onChange={(e) => save({ digestHour: Number(e.target.value) })}>
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-3 text-sm text-fg sm:col-span-2">
            <input type="checkbox" className="h-4 w-4 accent-accent-solid" checked={mail.digestEmail} onChange={(e) => save({ digestEmail: e.target.checked })} />
            Also send me the digest by email
          </label>
          <p aria-live="polite" className="text-sm text-muted sm:col-span-2">
            {update.isError ? describeError(update.error) : saved}
          </p>
        </div>
      )}
    </SettingsSection>
  );
}
