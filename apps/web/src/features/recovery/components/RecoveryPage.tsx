import { FeatureUnavailable } from '../../../shared/ui';

/** /recovery: the last 7 days of bulk actions, each with Undo (issue 7 fills this in). */
export function RecoveryPage() {
  return (
    <FeatureUnavailable
      title="Recovery"
      icon="undo"
      summary="Recovery will list every bulk action of the last 7 days (quarantine, delete to trash) with an Undo button that restores the messages exactly as they were."
    />
  );
}
