import type { ActionBatch } from '@mailroom/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn, categoriesQueryKey, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { BATCH_POLL_INTERVAL_MS } from '../lib/constants';
import { isBusy } from '../lib/batchText';

export const actionBatchesKey = ['recovery', 'batches'] as const;

/** listActionBatches: the last 7 days' bulk actions; re-read every second while one is running or undoing. */
export function useActionBatches() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...actionBatchesKey, userId],
    queryFn: async (): Promise<ActionBatch[]> => (await callFn('listActionBatches')).batches,
    enabled: userId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? BATCH_POLL_INTERVAL_MS : false),
  });
}

/** listActionBatchMessages: the messages one action covered, page by page, read once it is opened. */
export function useBatchMessages(batchId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...actionBatchesKey, 'messages', batchId],
    queryFn: ({ pageParam }) => callFn('listActionBatchMessages', { batchId, ...(pageParam ? { pageToken: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
    enabled,
  });
}

/** undoActionBatch; afterwards the batches, every category's counts and every list of mail are re-read. */
export function useUndoBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => callFn('undoActionBatch', { batchId }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: actionBatchesKey }),
        client.invalidateQueries({ queryKey: categoriesQueryKey }),
        client.invalidateQueries({ queryKey: mailQueryKey }),
      ]);
    },
  });
}
