import type { Category } from '@mailroom/contract';
import { describeError } from '../../../shared/api';
import { Alert, Button, Dialog, useToast } from '../../../shared/ui';
import { useCategoryMutations } from '../hooks/useCategory';

/** Confirms deleting a category; the mail it matches is not touched. */
export function DeleteCategoryDialog({ category, onClose, onDeleted }: { category: Category | null; onClose: () => void; onDeleted?: () => void }) {
  const { remove } = useCategoryMutations();
  const toast = useToast();
  return (
    <Dialog
      open={category !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      role="alertdialog"
      size="sm"
      title={`Delete “${category?.name ?? ''}”?`}
      description="Only the category goes. The messages it matches stay in Gmail exactly as they are."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            icon="trash"
            busy={remove.isPending}
            onClick={() => {
              if (!category) return;
              remove.mutate(category.categoryId, {
                onSuccess: () => {
                  toast.show({ tone: 'success', title: `Category “${category.name}” deleted` });
                  onClose();
                  onDeleted?.();
                },
              });
            }}
          >
            Delete category
          </Button>
        </>
      }
    >
      {remove.isError ? (
        <Alert tone="danger" role="alert" title="The category was not deleted">
          {describeError(remove.error)}
        </Alert>
      ) : null}
    </Dialog>
  );
}
