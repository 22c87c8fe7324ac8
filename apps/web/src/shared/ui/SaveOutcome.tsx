import { Alert } from './Alert';
import { cx } from './cx';

interface SaveOutcomeProps {
  /** What the last save did, said politely once it is done ("Saved."); null before any save. */
  saved: string | null;
  /** A save is under way: the previous sentence is withdrawn. */
  pending: boolean;
  /** Why the last save failed, already put in words; null when it did not. */
  error: string | null;
  className?: string;
}

/**
 * The outcome of a settings form's save: a polite status line that keeps its height (so the form
 * does not jump), and an alert when the save failed.
 */
export function SaveOutcome({ saved, pending, error, className }: SaveOutcomeProps) {
  return (
    <>
      <p role="status" className={cx('min-h-5 text-sm text-success', className ?? 'mt-2')}>
        {saved && !pending ? saved : ''}
      </p>
      {error !== null ? (
        <Alert tone="danger" role="alert" className="mt-2">
          Not saved: {error}
        </Alert>
      ) : null}
    </>
  );
}
