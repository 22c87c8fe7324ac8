import type { AuthUser } from '@mailroom/contract';
import { Alert, Button } from '../../../shared/ui';
import { useSignOut } from '../../auth';
import { CalendarSettings } from './CalendarSettings';
import { SettingsSection } from './SettingsSection';

export function AccountSection({ user }: { user: AuthUser }) {
  const { signOut, pending, error } = useSignOut();
  return (
    <SettingsSection id="account-heading" title="Account" description="You sign in to Mailroom with your Google account.">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Name</dt>
          <dd className="mt-0.5 font-medium text-fg">{user.displayName ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted">Email</dt>
          <dd className="mt-0.5 font-medium break-all text-fg">{user.email}</dd>
        </div>
      </dl>
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
