import { Link } from 'react-router';
import type { Category } from '../hooks/useCategories';
import { Icon } from '../../../shared/ui';

const numberFormat = new Intl.NumberFormat();

/** Categories with their exact counts, each linking to its mail. */
export function CategoryList({ categories }: { categories: Category[] }) {
  return (
    <ul className="divide-y divide-line">
      {categories.map((category) => (
        <li key={category.categoryId}>
          <Link
            to={`/manual/${encodeURIComponent(category.categoryId)}`}
            className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-surface-2"
          >
            <span
              className="h-2.5 w-2.5 shrink-0 rounded-full bg-accent-solid"
              style={category.color ? { backgroundColor: category.color } : undefined}
              aria-hidden="true"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-fg">{category.name}</span>
              <span className="block truncate font-mono text-xs text-muted">{category.query}</span>
            </span>
            <span className="shrink-0 text-right text-sm">
              {/* null: the query searches bodies, which only Gmail evaluates and Gmail gives no exact count */}
              <span className="font-semibold text-fg tabular-nums">{category.count === null ? 'Gmail search' : numberFormat.format(category.count)}</span>
              {category.unreadCount !== null && category.unreadCount > 0 ? (
                <span className="block text-xs text-muted tabular-nums">{numberFormat.format(category.unreadCount)} unread</span>
              ) : null}
            </span>
            <Icon name="chevronRight" size={18} className="shrink-0 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
