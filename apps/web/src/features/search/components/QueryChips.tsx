import type { SearchPart } from '@mailroom/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Icon } from '../../../shared/ui';
import { checkQuery, QueryErrorMarker } from '../../categories';
import { sourceWords } from './ChipPreview';

const KIND_NAMES: Record<SearchPart['kind'], string> = {
  syntax: 'Query',
  date: 'When',
  person: 'Who',
  list: 'List',
  label: 'Label',
  category: 'Tab',
  status: 'Status',
  folder: 'Where',
  attachment: 'Attachments',
  size: 'Size',
  subject: 'Subject',
  text: 'Words',
};

interface QueryChipsProps {
  parts: readonly SearchPart[];
  /** Runs the query made of the other parts. */
  onRemove: (index: number) => void;
  /** Runs the query with this part replaced by `query`. */
  onEdit: (index: number, query: string) => void;
  disabled?: boolean;
}

/**
 * The query being searched as chips, one per part of the translation, each with the words of
 * the request it came from. A chip can be removed (the query is the other parts joined, so the
 * results widen) or edited in place (its text is checked with the Gmail query parser as typed).
 */
export function QueryChips({ parts, onRemove, onEdit, disabled = false }: QueryChipsProps) {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <ul aria-label="Parts of the query" className="flex flex-wrap gap-2" data-testid="search-chips">
      {parts.map((part, i) =>
        editing === i ? (
          <li key={`${i}-${part.query}-editing`} className="w-full sm:w-auto">
            <ChipEditor
              part={part}
              onCancel={() => setEditing(null)}
              onSave={(query) => {
                setEditing(null);
                onEdit(i, query);
              }}
            />
          </li>
        ) : (
          <li
            key={`${i}-${part.query}`}
            className="inline-flex max-w-full items-stretch overflow-hidden rounded-full border border-line-strong bg-surface text-sm shadow-sm"
            data-testid="search-chip"
            data-query={part.query}
          >
            <button
              type="button"
              disabled={disabled}
              className="flex min-w-0 items-center gap-2 py-1 pr-1 pl-3 text-left hover:bg-surface-2"
              onClick={() => setEditing(i)}
            >
              {/* The name is the visible text, prefixed (WCAG 2.5.3): "Edit Who from:rohit ← from rohit". */}
              <span className="sr-only">Edit </span>
              <span className="shrink-0 text-xs font-medium text-muted">{KIND_NAMES[part.kind]}</span>
              <code className="min-w-0 truncate font-mono text-fg">{part.query}</code>
              {sourceWords(part) ? <span className="hidden min-w-0 truncate text-xs text-muted sm:inline">← {part.text}</span> : null}
            </button>
            <button
              type="button"
              disabled={disabled}
              aria-label={`Remove ${part.query}`}
              title={`Remove ${part.query}`}
              className="flex w-9 shrink-0 items-center justify-center border-l border-line text-muted hover:bg-surface-2 hover:text-fg"
              onClick={() => onRemove(i)}
              data-testid="chip-remove"
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ),
      )}
    </ul>
  );
}

function ChipEditor({ part, onCancel, onSave }: { part: SearchPart; onCancel: () => void; onSave: (query: string) => void }) {
  const [value, setValue] = useState(part.query);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const check = checkQuery(value);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.ok) onSave(value.trim());
  };
  return (
    <form onSubmit={submit} className="rounded-xl border border-accent bg-surface p-2 shadow-sm" aria-label={`Edit ${part.query}`}>
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {KIND_NAMES[part.kind]}
        {sourceWords(part) ? ` (from “${part.text}”)` : ''}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              onCancel();
            }
          }}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-invalid={!check.ok && !check.empty ? true : undefined}
          className="h-8 min-w-0 flex-1 rounded-lg border border-line-strong bg-surface px-2 font-mono text-sm text-fg aria-invalid:border-danger sm:w-72"
          data-testid="chip-input"
        />
        <Button type="submit" size="sm" disabled={!check.ok}>
          <Icon name="check" size={16} /> Apply
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {!check.ok && !check.empty ? <QueryErrorMarker query={value} problem={check} /> : null}
    </form>
  );
}
