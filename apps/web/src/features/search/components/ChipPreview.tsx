import type { SearchPart } from '@mailroom/contract';
import { cx } from '../../../shared/ui';

/** What a part of the query came from, when the words differ from the query itself. */
export function sourceWords(part: Pick<SearchPart, 'text' | 'query'>): string | null {
  return part.text.trim() !== '' && part.text !== part.query ? part.text : null;
}

/**
 * The translated query as chips, read-only: each part of the query with the words of the
 * request it came from ("from:rohit ← from rohit"). The search box shows it as the person types.
 */
export function ChipPreview({ parts, className, id }: { parts: readonly SearchPart[]; className?: string; id?: string }) {
  if (parts.length === 0) return null;
  return (
    <ul id={id} aria-label="Searching for" className={cx('flex flex-wrap gap-1.5', className)} data-testid="chip-preview">
      {parts.map((part, i) => {
        const words = sourceWords(part);
        return (
          <li key={`${i}-${part.query}`} className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-xs text-fg">
            <code className="truncate font-mono">{part.query}</code>
            {words ? <span className="truncate text-muted">← {words}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
