import { FeatureUnavailable } from '../../../shared/ui';

/** /unsubscribe: one-click unsubscribe from mailing lists. */
export function UnsubscribePage() {
  return (
    <FeatureUnavailable
      title="Unsubscribe"
      icon="mailMinus"
      summary="Unsubscribe will list the mailing lists that write to you and leave them in one click, using the list’s own unsubscribe method, with a 7-day undo for any archiving it does."
    />
  );
}
