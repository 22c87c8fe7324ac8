import { Page, PageSpinner } from '../../../shared/ui';
import { useAuth } from '../../auth';
import { NotificationSettingsSection } from '../../notifications';
import { AiSettingsSection } from '../../replies';
import { VoiceSettingsSection } from '../../voice';
import { AccountSection } from './AccountSection';
import { ApiTokensSection } from './ApiTokensSection';
import { DataSection } from './DataSection';
import { GmailSection } from './GmailSection';
import { MailSettingsSection } from './MailSettingsSection';
import { PreferencesSection } from './PreferencesSection';

/** /settings: account, Gmail connection, notifications, mail, replies and AI, voice, API tokens, this browser's preferences, export and deletion. */
export function SettingsPage() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  return (
    <Page title="Settings" width="narrow">
      <div className="space-y-6">
        <AccountSection user={auth.user} />
        <GmailSection />
        <NotificationSettingsSection />
        <MailSettingsSection />
        <AiSettingsSection />
        <VoiceSettingsSection />
        <ApiTokensSection />
        <PreferencesSection />
        <DataSection user={auth.user} />
      </div>
    </Page>
  );
}
