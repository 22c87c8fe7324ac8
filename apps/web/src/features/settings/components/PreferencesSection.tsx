import { useId, useState } from 'react';
import { prefersRedirect, setPrefersRedirect } from '../../auth';
import { SettingsSection } from './SettingsSection';

/** This browser's own preferences (its push registration is in Settings › Notifications). */
export function PreferencesSection() {
  const [redirect, setRedirect] = useState(prefersRedirect);
  const groupId = useId();

  return (
    <SettingsSection id="prefs-heading" title="This browser" description="Preferences kept in this browser only.">
      <div className="space-y-6">
        <div>
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
    </SettingsSection>
  );
}
