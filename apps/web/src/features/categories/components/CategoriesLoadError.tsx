import { describeError } from '../../../shared/api';
import { Alert, Button } from '../../../shared/ui';

/** The categories could not be loaded: say why, and offer to try again. */
export function CategoriesLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      tone="danger"
      role="alert"
      title="Could not load your categories"
      action={
        <Button variant="secondary" size="sm" icon="refresh" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {describeError(error)}
    </Alert>
  );
}
