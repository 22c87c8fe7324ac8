import { FeatureUnavailable } from '../../../shared/ui';

/** /manual: manual categories defined by Gmail searches (issue 7 fills this in). */
export function ManualPage() {
  return (
    <FeatureUnavailable
      title="Categories"
      icon="tag"
      summary="Categories will let you define groups of mail with Gmail’s own search language (for example from:github.com is:unread), see exactly what each matches, and quarantine or delete in bulk with a 7-day undo."
    />
  );
}
