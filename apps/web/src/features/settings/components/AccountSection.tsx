import type { AuthUser } from '@mailroom/contract';
import { Alert, Button } from '../../../shared/ui';
import { useSignOut } from '../../auth';
import { CalendarSettings } from './CalendarSettings';
import { DisplayNameSettings } from './DisplayNameSettings';
import { SettingsSection } from './SettingsSection';

export function AccountSection({ user }: { user: AuthUser }) {
  const { signOut, pending, error } = useSignOut();
  return (
    <SettingsSection id="account-heading" title="Account" description="You sign in to Mailroom with your Google account.">
      <dl className="text-sm">
        <dt className="text-muted">Email</dt>
        <dd className="mt-0.5 font-medium break-all text-fg">{user.email}</dd>
      </dl>
      <div className="mt-4">
        <DisplayNameSettings user={user} />
      </div>
      <div className="mt-5">
        <Button variant="secondary" icon="logOut" busy={pending} onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
      {error ? (
        <Alert tone="danger" role="alert" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <CalendarSettings />
    </SettingsSection>
  );
}
