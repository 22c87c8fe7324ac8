import type { Category, FnRequest } from '@mailroom/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callFn, categoriesQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { checkQuery } from '../lib/queryCheck';

function useUserId(): string | null {
  const auth = useAuth();
  return auth.status === 'signed-in' ? auth.user.id : null;
}

/** getCategory; NOT_FOUND (unknown or another user's id) is not retried. */
export function useCategory(categoryId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...categoriesQueryKey, userId, 'one', categoryId],
    queryFn: () => callFn('getCategory', { categoryId }),
    enabled: userId !== null && categoryId !== '',
  });
}

export type CategoryFields = Omit<FnRequest<'createCategory'>, 'color'> & { color?: string | null };

/** create / update / delete; each re-reads every category query (counts, lists, mail). */
export function useCategoryMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: categoriesQueryKey });
  const create = useMutation({
    mutationFn: ({ color, ...fields }: CategoryFields): Promise<Category> =>
      callFn('createCategory', { ...fields, ...(color ? { color } : {}) }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: (fields: CategoryFields & { categoryId: string }): Promise<Category> => callFn('updateCategory', fields),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (categoryId: string) => callFn('deleteCategory', { categoryId }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

/** How long the editor waits after the last keystroke before asking the server for a count. */
export const PREVIEW_DEBOUNCE_MS = 400;

export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The editor's live count: previewCategoryQuery for the query once typing pauses, and only for a
 * query the browser's parser accepts (an invalid one is answered locally, with no request).
 */
export function useQueryPreview(query: string) {
  const userId = useUserId();
  const debounced = useDebounced(query.trim(), PREVIEW_DEBOUNCE_MS);
  const valid = checkQuery(debounced).ok;
  const preview = useQuery({
    queryKey: [...categoriesQueryKey, userId, 'preview', debounced],
    queryFn: () => callFn('previewCategoryQuery', { query: debounced }),
    enabled: userId !== null && valid,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { ...preview, settled: debounced === query.trim(), valid };
}
