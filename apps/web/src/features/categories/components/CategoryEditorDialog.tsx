import type { Category } from '@mailroom/contract';
import { useId, useState, type FormEvent } from 'react';
import { describeError, isFnCallError } from '../../../shared/api';
import { Alert, Button, Dialog, cx } from '../../../shared/ui';
import { useCategoryMutations } from '../hooks/useCategory';
import { checkQuery, queryErrorDetails } from '../lib/queryCheck';
import { QueryField, type QueryProblem } from './QueryField';

/** Colours a category can wear (its dot on cards and lists). Each reads on light and dark surfaces. */
export const CATEGORY_COLORS: ReadonlyArray<{ value: string; name: string }> = [
  { value: '#2563eb', name: 'Blue' },
  { value: '#7c3aed', name: 'Violet' },
  { value: '#db2777', name: 'Pink' },
  { value: '#dc2626', name: 'Red' },
  { value: '#d97706', name: 'Amber' },
  { value: '#059669', name: 'Green' },
  { value: '#0891b2', name: 'Teal' },
  { value: '#64748b', name: 'Slate' },
];

interface EditorProps {
  /** The category to edit; a new one when absent. */
  category?: Category | null;
  onClose: () => void;
  onSaved: (category: Category) => void;
}

const inputClasses = 'mt-1 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted aria-invalid:border-danger';

function EditorForm({ category, onClose, onSaved, formId }: EditorProps & { formId: string }) {
  const { create, update } = useCategoryMutations();
  const mutation = category ? update : create;
  const [name, setName] = useState(category?.name ?? '');
  const [query, setQuery] = useState(category?.query ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [color, setColor] = useState<string | null>(category?.color ?? null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverProblem, setServerProblem] = useState<QueryProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const nameId = useId();
  const nameErrorId = useId();
  const descriptionId = useId();

  const queryOk = checkQuery(query).ok && serverProblem === null;
  const canSave = name.trim() !== '' && queryOk;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setFailure(null);
    const fields = { name: name.trim(), query: query.trim(), description: description.trim() };
    const onError = (error: Error) => {
      if (isFnCallError(error, 'ALREADY_EXISTS')) {
        setNameError('You already have a category with this name.');
        return;
      }
      const details = isFnCallError(error, 'INVALID_ARGUMENT') ? queryErrorDetails(error.details) : null;
      if (details) {
        setServerProblem({ message: error.message.replace(/^query:\s*/, '').replace(/\s*\(at character \d+\)$/, ''), position: details.position });
        return;
      }
      setFailure(describeError(error));
    };
    if (category) {
      update.mutate({ categoryId: category.categoryId, ...fields, color }, { onSuccess: (saved) => onSaved(saved), onError });
    } else {
      create.mutate({ ...fields, ...(color ? { color } : {}) }, { onSuccess: (saved) => onSaved(saved), onError });
    }
  };

  return (
    <form id={formId} onSubmit={submit} className="space-y-5" noValidate>
      <div>
        <label htmlFor={nameId} className="block text-sm font-medium text-fg">
          Name
        </label>
        <input
          id={nameId}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          required
          maxLength={60}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? nameErrorId : undefined}
          placeholder="e.g. Receipts"
          className={inputClasses}
        />
        {nameError ? (
          <p id={nameErrorId} className="mt-1 text-sm text-danger">
            {nameError}
          </p>
        ) : null}
      </div>

      <QueryField
        value={query}
        onChange={(value) => {
          setQuery(value);
          setServerProblem(null);
        }}
        serverProblem={serverProblem}
      />

      <div>
        <label htmlFor={descriptionId} className="block text-sm font-medium text-fg">
          Description <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={500}
          rows={2}
          className={inputClasses}
        />
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-fg">Colour</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[{ value: null, name: 'None' }, ...CATEGORY_COLORS].map((option) => {
            const selected = color === option.value;
            return (
              <label
                key={option.name}
                className={cx(
                  'relative inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full border-2 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus',
                  selected ? 'border-fg' : 'border-transparent',
                )}
                title={option.name}
              >
                <input
                  type="radio"
                  name={`${formId}-color`}
                  className="sr-only"
                  checked={selected}
                  onChange={() => setColor(option.value)}
                  aria-label={option.name}
                />
                <span
                  aria-hidden="true"
                  className={cx('h-6 w-6 rounded-full', option.value ? undefined : 'border border-dashed border-line-strong bg-surface-2')}
                  style={option.value ? { backgroundColor: option.value } : undefined}
                />
              </label>
            );
          })}
        </div>
      </fieldset>

      {failure ? (
        <Alert tone="danger" role="alert" title="The category was not saved">
          {failure}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={mutation.isPending} disabled={!canSave}>
          {category ? 'Save changes' : 'Create category'}
        </Button>
      </div>
    </form>
  );
}

/** Create or edit a category: name, Gmail query (checked live, with a live count), description, colour. */
export function CategoryEditorDialog({ open, ...props }: EditorProps & { open: boolean }) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={props.onClose}
      size="lg"
      title={props.category ? `Edit “${props.category.name}”` : 'New category'}
      description="A category is a Gmail search kept up to date for you."
    >
      <EditorForm {...props} formId={formId} />
    </Dialog>
  );
}
