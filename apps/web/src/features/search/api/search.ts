import type { FnRequest, FnResponse, RecentSearch } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';

export type SearchResult = FnResponse<'searchMail'>;
export type ServerTranslation = FnResponse<'translateSearch'>;
export type SearchSort = NonNullable<FnRequest<'searchMail'>['sort']>;

function useUserId(): string | null {
  const auth = useAuth();
  return auth.status === 'signed-in' ? auth.user.id : null;
}

/** Recent searches and translations are the user's: keyed by their id, dropped with the mail cache on sign-out. */
const searchKey = (userId: string | null) => [...mailQueryKey, userId, 'search'] as const;
export const recentSearchesKey = (userId: string | null) => [...searchKey(userId), 'recent'] as const;

/** The first page of a search, shared by the page (chips, count) and its mail list (rows). */
export const searchPageKey = (userId: string | null, request: { request: string; query: string | null; sort: SearchSort; pageSize: number }) =>
  [...searchKey(userId), 'first-page', request.request, request.query, request.sort, request.pageSize] as const;

export function useUserKey(): string | null {
  return useUserId();
}

/** The user's recent searches (the search box's dropdown); read when the box is first used. */
export function useRecentSearches(enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: recentSearchesKey(userId),
    queryFn: async (): Promise<RecentSearch[]> => (await callFn('listRecentSearches')).searches,
    enabled: enabled && userId !== null,
    staleTime: 30_000,
  });
}

export function useClearRecentSearches() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callFn('clearRecentSearches'),
    onSuccess: () => client.setQueryData<RecentSearch[]>(recentSearchesKey(userId), []),
  });
}

/**
 * The server's translation (with the user's correspondents, lists and labels) of a request,
 * once typing has paused on it; kept a while, so returning to a request costs nothing.
 */
export function useServerTranslation(request: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...searchKey(userId), 'translate', request],
    queryFn: (): Promise<ServerTranslation> => callFn('translateSearch', { request }),
    enabled: userId !== null && request.trim() !== '',
    staleTime: 60_000,
    retry: false,
  });
}
