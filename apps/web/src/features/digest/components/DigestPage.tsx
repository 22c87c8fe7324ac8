import { FeatureUnavailable } from '../../../shared/ui';

/** /digest: the daily digest of what arrived. */
export function DigestPage() {
  return (
    <FeatureUnavailable
      title="Daily digest"
      icon="newspaper"
      summary="The daily digest will summarise what arrived in the last day, grouped by category and priority, once a day at a time you choose."
    />
  );
}
