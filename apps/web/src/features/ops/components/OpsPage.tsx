import { FeatureUnavailable } from '../../../shared/ui';

/** /ops: the operator's view of jobs, sync and quota. */
export function OpsPage() {
  return (
    <FeatureUnavailable
      title="Operations"
      icon="activity"
      summary="Operations will show the server’s background jobs, sync runs and Gmail quota use, for whoever runs this Mailroom."
      alternatives={[
        { to: '/dashboard', label: 'Back to dashboard' },
        { to: '/oauth/diagnostic', label: 'Diagnostics' },
      ]}
    />
  );
}
