import { UNDO_DAYS } from '../../../shared/promises';
import { Icon } from '../../../shared/ui';

/** Example categories, written in Gmail's own search language. Illustrations: no counts, no mail. */
const EXAMPLES = [
  { name: 'Code reviews', query: 'from:github.com is:unread', color: 'bg-violet-500' },
  { name: 'Receipts', query: 'subject:(receipt OR invoice) newer_than:1y', color: 'bg-emerald-500' },
  { name: 'Newsletters', query: 'category:promotions -is:starred', color: 'bg-amber-500' },
  { name: 'Big attachments', query: 'has:attachment larger:10M', color: 'bg-sky-500' },
];

/**
 * A live preview of the categories screen, drawn with the app's own components. It shows how a
 * category is defined; it does not pretend to show anyone's mail.
 */
export function ProductPreview() {
  return (
    <figure className="relative min-w-0">
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-xl">
        <div className="flex items-center gap-2 border-b border-line bg-surface-2 px-4 py-3">
          <span className="h-2.5 w-2.5 rounded-full bg-line-strong" aria-hidden="true" />
          <span className="h-2.5 w-2.5 rounded-full bg-line-strong" aria-hidden="true" />
          <span className="h-2.5 w-2.5 rounded-full bg-line-strong" aria-hidden="true" />
          <span className="ml-2 text-xs font-medium text-muted">Categories</span>
        </div>
        <ul className="divide-y divide-line">
          {EXAMPLES.map((example) => (
            <li key={example.name} className="flex items-center gap-3 px-4 py-3.5">
              <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${example.color}`} aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-fg">{example.name}</p>
                <p className="truncate font-mono text-xs text-muted">{example.query}</p>
              </div>
              <Icon name="chevronRight" size={18} className="text-muted" />
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2 border-t border-line bg-surface-2 px-4 py-3 text-xs text-muted">
          <Icon name="undo" size={16} />
          Quarantine or delete a whole category; undo it for {UNDO_DAYS} days.
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-muted">Example categories: each one is a Gmail search you can read and edit.</figcaption>
    </figure>
  );
}
