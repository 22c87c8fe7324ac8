import { useId, useState } from 'react';
import { Button } from '../../../shared/ui';
import { prefersRedirect, setPrefersRedirect } from '../../auth';
import { NotificationOptInDialog, useNotificationPermission } from '../../notifications';
import { SettingsSection } from './SettingsSection';

const PERMISSION_LABEL = {
  default: 'Off (not asked yet)',
  granted: 'Allowed in this browser',
  denied: 'Blocked in this browser’s site settings',
  unsupported: 'Not supported by this browser',
} as const;

export function PreferencesSection() {
  const { permission, request } = useNotificationPermission();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [redirect, setRedirect] = useState(prefersRedirect);
  const groupId = useId();

  return (
    <SettingsSection id="prefs-heading" title="This browser" description="Preferences kept in this browser only.">
      <div className="space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-sm font-medium text-fg">Notifications</p>
            <p className="text-sm text-muted">{PERMISSION_LABEL[permission]}</p>
          </div>
          <Button variant="secondary" icon="bell" onClick={() => setDialogOpen(true)}>
            {permission === 'default' ? 'Turn on' : 'Details'}
          </Button>
        </div>
        <div className="border-t border-line pt-6">
          <fieldset aria-describedby={groupId}>
            <legend className="text-sm font-medium text-fg">Sign-in method</legend>
            <p id={groupId} className="text-sm text-muted">
              A popup keeps this page open. Redirect works where popups are blocked; it is chosen for you after a blocked popup.
            </p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:gap-6">
              {[
                { value: false, label: 'Popup window' },
                { value: true, label: 'Redirect in this window' },
              ].map((option) => (
                <label key={option.label} className="flex items-center gap-2 text-sm text-fg">
                  <input
                    type="radio"
                    name="signin-method"
                    checked={redirect === option.value}
                    onChange={() => {
                      setPrefersRedirect(option.value);
                      setRedirect(option.value);
                    }}
                    className="h-4 w-4 accent-accent-solid"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </div>
      <NotificationOptInDialog open={dialogOpen} onClose={() => setDialogOpen(false)} permission={permission} request={request} />
    </SettingsSection>
  );
}
