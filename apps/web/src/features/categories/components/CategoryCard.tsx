import type { Category } from '@mailroom/contract';
import { Link } from 'react-router';
import { Card, Icon, IconButton, type IconName } from '../../../shared/ui';
import { formatCount, messages } from '../lib/format';

const KNOWN_ICONS: ReadonlySet<string> = new Set<IconName>(['tag', 'newspaper', 'bell', 'info', 'mail', 'inbox', 'layers', 'key', 'shield']);

export function categoryIcon(category: Pick<Category, 'icon'>): IconName {
  return category.icon && KNOWN_ICONS.has(category.icon) ? (category.icon as IconName) : 'tag';
}

interface CategoryCardProps {
  category: Category;
  onEdit: () => void;
  onDelete: () => void;
}

/** One category on /manual: its name (the link to its mail), query, counts, Edit and Delete. */
export function CategoryCard({ category, onEdit, onDelete }: CategoryCardProps) {
  const headingId = `category-${category.categoryId}`;
  return (
    <Card as="article" padded={false} className="relative flex w-full min-w-0 flex-col p-5 hover:border-line-strong" aria-labelledby={headingId}>
      <div className="flex items-start gap-3">
        <span
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-accent-solid text-white"
          style={category.color ? { backgroundColor: category.color } : undefined}
          aria-hidden="true"
        >
          <Icon name={categoryIcon(category)} size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold [overflow-wrap:anywhere] text-fg">
            {/* The whole card opens the category; Edit and Delete sit above that link. */}
            <Link to={`/manual/${encodeURIComponent(category.categoryId)}`} className="after:absolute after:inset-0 after:rounded-xl hover:underline">
              {category.name}
            </Link>
          </h2>
          <p className="mt-0.5 truncate font-mono text-xs text-muted" title={category.query}>
            {category.query}
          </p>
        </div>
        <div className="relative z-10 -mt-1 -mr-2 flex shrink-0">
          <IconButton icon="settings" label={`Edit ${category.name}`} onClick={onEdit} className="h-9 w-9" />
          <IconButton icon="trash" label={`Delete ${category.name}`} onClick={onDelete} className="h-9 w-9" />
        </div>
      </div>
      {category.description ? <p className="mt-3 line-clamp-2 text-sm [overflow-wrap:anywhere] text-muted">{category.description}</p> : null}
      <p className="mt-auto flex items-baseline gap-3 pt-4 text-sm">
        {category.count === null ? (
          <span className="font-medium text-fg">Gmail search</span>
        ) : (
          <span className="font-semibold text-fg tabular-nums" data-testid="category-count">
            {messages(category.count)}
          </span>
        )}
        {category.unreadCount ? <span className="text-muted tabular-nums">{formatCount(category.unreadCount)} unread</span> : null}
      </p>
    </Card>
  );
}
