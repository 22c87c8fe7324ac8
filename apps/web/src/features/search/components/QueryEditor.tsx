import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui';
import { checkQuery, QueryErrorMarker, type QueryProblem } from '../../categories';

interface QueryEditorProps {
  query: string;
  /** A problem the server found with the query last run (its position in `query`). */
  serverProblem: QueryProblem | null;
  onRun: (query: string) => void;
  onCancel: () => void;
}

/**
 * The whole query as text, editable: checked with the Gmail query parser on every keystroke
 * (the same one the server uses), a mistake marked at its character, and run on Enter.
 */
export function QueryEditor({ query, serverProblem, onRun, onCancel }: QueryEditorProps) {
  const [value, setValue] = useState(query);
  const id = useId();
  const hintId = useId();
  const check = checkQuery(value);
  const problem: QueryProblem | null = !check.ok && !check.empty ? check : value === query ? serverProblem : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.ok) onRun(value.trim());
  };
  return (
    <form onSubmit={submit} className="rounded-xl border border-line bg-surface p-3 shadow-sm" aria-label="Edit the query">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        Gmail search query
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-muted">
        Gmail’s own search language, e.g. <code className="font-mono">from:rohit is:unread newer_than:7d</code>.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              onCancel();
            }
          }}
          // The editor opens when asked for, to be typed in.
          autoFocus
          maxLength={2000}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={hintId}
          className="h-10 min-w-0 flex-1 rounded-lg border border-line-strong bg-surface px-3 font-mono text-sm text-fg aria-invalid:border-danger"
          data-testid="query-text"
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={!check.ok} icon="search">
            Search
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
      {problem ? <QueryErrorMarker query={value} problem={problem} /> : null}
    </form>
  );
}
