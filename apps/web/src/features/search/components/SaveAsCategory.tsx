import type { Category } from '@mailroom/contract';
import { useState } from 'react';
import { describeError, isFnCallError } from '../../../shared/api';
import { Button, ButtonLink } from '../../../shared/ui';
import { useCategoryMutations } from '../../categories';

/** Category names are at most this long (the contract's limit). */
const MAX_NAME = 60;

/** A name for the category from the request: its words, shortened at a word if long, capitalised. */
export function categoryNameFor(request: string, attempt: number): string {
  const suffix = attempt === 0 ? '' : ` (${attempt + 1})`;
  let name = request.replace(/\s+/g, ' ').trim();
  const room = MAX_NAME - suffix.length;
  if (name.length > room) {
    const cut = name.slice(0, room - 1);
    name = `${cut.slice(0, cut.lastIndexOf(' ') > 20 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`;
  }
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${suffix}`;
}

/** Names tried before giving up: "Unread from rohit", "Unread from rohit (2)" ... */
const MAX_ATTEMPTS = 5;

/**
 * "Save as category": one click makes a manual category of the query being searched (named after
 * the request, with a number when that name is taken), then offers to open it.
 */
export function SaveAsCategory({ request, query }: { request: string; query: string }) {
  const { create } = useCategoryMutations();
  const [saved, setSaved] = useState<Category | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        try {
          setSaved(await create.mutateAsync({ name: categoryNameFor(request, attempt), query }));
          return;
        } catch (failure) {
          if (!isFnCallError(failure, 'ALREADY_EXISTS') || attempt === MAX_ATTEMPTS - 1) throw failure;
        }
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      {saved ? (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-fg" data-testid="saved-category">
          Saved as the category “{saved.name}”.
          <ButtonLink to={`/manual/${encodeURIComponent(saved.categoryId)}`} variant="secondary" size="sm">
            Open it
          </ButtonLink>
        </p>
      ) : (
        <Button variant="secondary" icon="tag" busy={busy} onClick={() => void save()}>
          Save as category
        </Button>
      )}
      {error ? (
        <p role="alert" className="max-w-sm text-sm text-danger">
          Could not save it: {describeError(error)}
        </p>
      ) : null}
    </div>
  );
}
