import { FeatureUnavailable } from '../../../shared/ui';

/** /inbox: Inbox Flow, the inbox ordered by priority. */
export function InboxPage() {
  return (
    <FeatureUnavailable
      title="Inbox Flow"
      icon="inbox"
      summary="Inbox Flow will show your inbox ordered by a priority score from 0 to 100, with suggested replies, so the mail that matters comes first."
      alternatives={[
        { to: '/dashboard', label: 'Back to dashboard' },
        { to: '/manual', label: 'Categories' },
      ]}
    />
  );
}
