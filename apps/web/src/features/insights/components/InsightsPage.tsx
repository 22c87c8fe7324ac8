import { FeatureUnavailable } from '../../../shared/ui';

/** /insights: productivity insights about the mailbox. */
export function InsightsPage() {
  return (
    <FeatureUnavailable
      title="Insights"
      icon="chart"
      summary="Insights will show how your mail arrives over time: who writes most, which categories grow, and how quickly you answer, computed from message metadata only."
    />
  );
}
