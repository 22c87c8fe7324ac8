import { ButtonLink, Card, Page } from '../../../shared/ui';
import { CategoriesSummary } from './CategoriesSummary';

/** /categories: every category with its exact count; editing happens on /manual. */
export function CategoriesPage() {
  return (
    <Page
      title="All categories"
      description="Every category with the number of messages it matches right now."
      actions={<ButtonLink to="/manual" variant="secondary" icon="tag">Manage categories</ButtonLink>}
    >
      <Card>
        <CategoriesSummary />
      </Card>
    </Page>
  );
}
