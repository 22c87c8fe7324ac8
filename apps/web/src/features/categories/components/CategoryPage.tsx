import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { describeError, isFnCallError } from '../../../shared/api';
import { Alert, Button, ButtonLink, Card, EmptyState, Page, PageSpinner } from '../../../shared/ui';
import { useCategory } from '../hooks/useCategory';
import { formatCount, messages } from '../lib/format';
import { CategoryEditorDialog } from './CategoryEditorDialog';
import { CategoryMail } from './CategoryMail';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';

/** /manual/{categoryId}: one category's mail, with selection, bulk actions, Undo and a reading pane. */
export function CategoryPage() {
  const { categoryId = '' } = useParams();
  const category = useCategory(categoryId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (category.isPending) return <PageSpinner label="Loading the category…" />;
  if (category.isError) {
    const missing = isFnCallError(category.error, 'NOT_FOUND');
    return (
      <Page title="Category">
        <Card>
          {missing ? (
            <EmptyState icon="tag" level={2} title="There is no such category" action={<ButtonLink to="/manual">All categories</ButtonLink>}>
              It may have been deleted, or the link is not one of yours.
            </EmptyState>
          ) : (
            <Alert
              tone="danger"
              role="alert"
              title="Could not load the category"
              action={
                <Button variant="secondary" size="sm" icon="refresh" onClick={() => void category.refetch()}>
                  Try again
                </Button>
              }
            >
              {describeError(category.error)}
            </Alert>
          )}
        </Card>
      </Page>
    );
  }

  const data = category.data;
  return (
    <Page
      title={data.name}
      width="wide"
      eyebrow={
        <ButtonLink to="/manual" variant="ghost" size="sm" icon="arrowLeft" className="-ml-3">
          Categories
        </ButtonLink>
      }
      description={
        <div className="space-y-1">
          <p className="font-mono text-sm break-all" data-testid="category-query">
            {data.query}
          </p>
          <p className="text-sm">
            {data.count === null ? (
              'Answered by Gmail search: no exact count.'
            ) : (
              <span data-testid="category-total">{messages(data.count)}</span>
            )}
            {data.unreadCount ? ` · ${formatCount(data.unreadCount)} unread` : ''}
          </p>
          {data.description ? <p className="text-sm">{data.description}</p> : null}
        </div>
      }
      actions={
        <>
          <Button variant="secondary" icon="settings" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="secondary" icon="trash" onClick={() => setDeleting(true)}>
            Delete category
          </Button>
        </>
      }
    >
      <CategoryMail key={`${data.categoryId}:${data.query}`} category={data} onEditQuery={() => setEditing(true)} />
      <CategoryEditorDialog open={editing} category={data} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      <DeleteCategoryDialog category={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/manual')} />
    </Page>
  );
}
