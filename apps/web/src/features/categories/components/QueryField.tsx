import { useId, type ReactNode } from 'react';
import { describeError } from '../../../shared/api';
import { Spinner } from '../../../shared/ui';
import { useQueryPreview } from '../hooks/useCategory';
import { messages } from '../lib/format';
import { checkQuery, clampPosition } from '../lib/queryCheck';

export interface QueryProblem {
  message: string;
  position: number;
}

/** The query with the character at `position` marked, and a caret under it, as a terminal shows it. */
export function CaretMarker({ query, problem }: { query: string; problem: QueryProblem }) {
  const position = clampPosition(problem.position, query);
  const before = query.slice(0, position);
  const at = query.slice(position, position + 1);
  const after = query.slice(position + 1);
  return (
    <div className="mt-2 rounded-lg border border-danger/30 bg-danger-soft p-3" data-testid="query-error">
      <p className="text-sm text-fg">
        <span className="font-semibold text-danger">Not a valid search: </span>
        {problem.message}
        <span className="sr-only"> (at character {position + 1})</span>
      </p>
      <div aria-hidden="true" className="mt-2 overflow-x-auto font-mono text-sm leading-5 whitespace-pre text-fg">
        <div>
          {before}
          <mark className="rounded-sm bg-danger-solid px-px text-white" data-testid="query-error-mark">
            {at || ' '}
          </mark>
          {after}
        </div>
        <div className="font-bold text-danger">{`${' '.repeat(position)}^`}</div>
      </div>
    </div>
  );
}

interface QueryFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** A problem the server reported for the query last submitted. */
  serverProblem: QueryProblem | null;
}

/**
 * The category editor's query field. Every keystroke is checked with @mailroom/mail-query's
 * parser in the browser; once typing pauses, a valid query is counted by the server.
 */
export function QueryField({ value, onChange, serverProblem }: QueryFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();
  const check = checkQuery(value);
  const problem: QueryProblem | null = !check.ok && !check.empty ? { message: check.message, position: check.position } : serverProblem;
  const preview = useQueryPreview(value);

  let status: ReactNode = null;
  let announcement = '';
  if (problem) {
    announcement = preview.settled ? `Not a valid search: ${problem.message}` : '';
  } else if (check.ok) {
    if (!preview.settled || (preview.isFetching && !preview.data)) {
      status = (
        <span className="inline-flex items-center gap-2 text-muted">
          <Spinner size={14} decorative /> Counting matches…
        </span>
      );
    } else if (preview.isError) {
      status = <span className="text-danger">Could not count the matches: {describeError(preview.error)}</span>;
      announcement = `Could not count the matches: ${describeError(preview.error)}`;
    } else if (preview.data) {
      const { count, unreadCount } = preview.data;
      const text =
        count === null
          ? 'Gmail search answers this query (it looks inside message bodies), so there is no exact count.'
          : `Matches ${messages(count)}${unreadCount ? `, ${unreadCount.toLocaleString()} unread` : ''}, right now.`;
      status = <span className={preview.isFetching ? 'text-muted' : 'text-fg'}>{text}</span>;
      announcement = text;
    }
  }

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-fg">
        Gmail search query
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-muted">
        The same search language as Gmail’s search box, e.g. <code className="font-mono">from:github.com is:unread</code>.
      </p>
      <input
        id={inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        maxLength={2000}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${hintId} ${statusId}`}
        className="mt-1 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 font-mono text-sm text-fg placeholder:text-muted aria-invalid:border-danger"
        placeholder="category:promotions older_than:30d"
        data-testid="query-input"
      />
      <div id={statusId}>
        {problem ? <CaretMarker query={value} problem={problem} /> : status ? <p className="mt-2 text-sm" data-testid="query-count">{status}</p> : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
