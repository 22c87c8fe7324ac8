import { FeatureUnavailable } from '../../../shared/ui';

/** /bundles: groups of related mail (e.g. all of a trip's bookings) handled as one. */
export function BundlesPage() {
  return (
    <FeatureUnavailable
      title="Bundles"
      icon="layers"
      summary="Bundles will group related messages, such as every email about one order or one trip, so you can read, archive or undo them together."
      alternatives={[
        { to: '/dashboard', label: 'Back to dashboard' },
        { to: '/manual', label: 'Categories' },
      ]}
    />
  );
}
