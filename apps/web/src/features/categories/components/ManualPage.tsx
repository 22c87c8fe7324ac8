import type { Category } from '@mailroom/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isUnimplemented } from '../../../shared/api';
import { Button, Card, EmptyState, Page, Spinner } from '../../../shared/ui';
import { useCategories } from '../hooks/useCategories';
import { CategoriesLoadError } from './CategoriesLoadError';
import { CategoryCard } from './CategoryCard';
import { CategoryEditorDialog } from './CategoryEditorDialog';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';
import { StarterCategories } from './StarterCategories';

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; category: Category };

/** /manual: the user's categories as cards with counts; create, edit, delete, and suggested starters. */
export function ManualPage() {
  const categories = useCategories();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Category | null>(null);
  const close = () => setEditing({ mode: 'closed' });

  let body;
  if (categories.isPending) {
    body = (
      <div className="flex justify-center py-12 text-accent">
        <Spinner size={32} label="Loading categories…" />
      </div>
    );
  } else if (categories.isError) {
    body = isUnimplemented(categories.error) ? (
      <Card>
        <EmptyState icon="tag" title="Categories are not available on this server yet" />
      </Card>
    ) : (
      <CategoriesLoadError error={categories.error} onRetry={() => void categories.refetch()} />
    );
  } else {
    body = (
      <>
        {categories.data.length === 0 ? (
          <Card>
            <EmptyState
              icon="tag"
              level={2}
              title="No categories yet"
              action={
                <Button icon="tag" onClick={() => setEditing({ mode: 'create' })}>
                  Create a category
                </Button>
              }
            >
              A category is a Gmail search, such as <code className="font-mono">from:github.com is:unread</code>, kept up to date for you. Create
              your own or add a suggested one below.
            </EmptyState>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your categories">
            {categories.data.map((category) => (
              <li key={category.categoryId} className="flex min-w-0">
                <CategoryCard
                  category={category}
                  onEdit={() => setEditing({ mode: 'edit', category })}
                  onDelete={() => setDeleting(category)}
                />
              </li>
            ))}
          </ul>
        )}
        <StarterCategories categories={categories.data} />
      </>
    );
  }

  return (
    <Page
      title="Categories"
      width="wide"
      description="Groups of mail defined by Gmail searches, with exact counts. Open one to read, quarantine or delete its mail."
      actions={
        categories.isSuccess ? (
          <Button icon="tag" onClick={() => setEditing({ mode: 'create' })}>
            New category
          </Button>
        ) : null
      }
    >
      {body}
      <CategoryEditorDialog
        open={editing.mode !== 'closed'}
        category={editing.mode === 'edit' ? editing.category : null}
        onClose={close}
        onSaved={(saved) => {
          const created = editing.mode === 'create';
          close();
          if (created) void navigate(`/manual/${encodeURIComponent(saved.categoryId)}`);
        }}
      />
      <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
