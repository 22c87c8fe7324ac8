import type { Category } from '@mailroom/contract';
import { useQuery } from '@tanstack/react-query';
import { callFn, categoriesQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';

export type { Category };

/**
 * listCategories for the signed-in user. The key carries the user's id, so categories reload
 * when the user changes; the client drops them on sign-out and on UNAUTHENTICATED.
 */
export function useCategories() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...categoriesQueryKey, userId],
    queryFn: async () => (await callFn('listCategories')).categories,
    enabled: userId !== null,
  });
}
