import { useParams } from 'react-router';
import { FeatureUnavailable } from '../../../shared/ui';

/** /manual/{categoryId}: one category's mail with selection and bulk actions (issue 7 fills this in). */
export function CategoryPage() {
  const { categoryId } = useParams();
  return (
    <FeatureUnavailable
      title="Category"
      icon="tag"
      summary={`Here you will read the mail that category “${categoryId ?? ''}” matches, select messages, and quarantine or delete them with an Undo.`}
      alternatives={[
        { to: '/manual', label: 'All categories' },
        { to: '/dashboard', label: 'Dashboard' },
      ]}
    />
  );
}
