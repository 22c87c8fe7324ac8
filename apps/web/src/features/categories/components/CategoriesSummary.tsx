import { isUnimplemented } from '../../../shared/api';
import { ButtonLink, EmptyState, Spinner } from '../../../shared/ui';
import { useCategories } from '../hooks/useCategories';
import { CategoriesLoadError } from './CategoriesLoadError';
import { CategoryList } from './CategoryList';

/** The categories with counts, or why there are none: for the dashboard and /categories. */
export function CategoriesSummary({ limit }: { limit?: number }) {
  const categories = useCategories();
  if (categories.isPending) {
    return (
      <div className="flex justify-center py-8 text-accent">
        <Spinner label="Loading categories…" />
      </div>
    );
  }
  if (categories.isError) {
    if (isUnimplemented(categories.error)) {
      return (
        <EmptyState icon="tag" title="Categories are not available on this server yet">
          This version of Mailroom cannot create or count categories.
        </EmptyState>
      );
    }
    return (
      <CategoriesLoadError error={categories.error} onRetry={() => void categories.refetch()} />
    );
  }
  if (categories.data.length === 0) {
    return (
      <EmptyState icon="tag" title="No categories yet" action={<ButtonLink to="/manual">Create a category</ButtonLink>}>
        A category is a Gmail search, such as from:github.com is:unread, kept up to date for you.
      </EmptyState>
    );
  }
  const shown = limit ? categories.data.slice(0, limit) : categories.data;
  return (
    <>
      <CategoryList categories={shown} />
      {limit && categories.data.length > limit ? (
        <p className="mt-3 text-sm text-muted">
          Showing {limit} of {categories.data.length}.
        </p>
      ) : null}
    </>
  );
}
