import type { FnRequest, SubscriptionFilter } from '@mailroom/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callFn, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { actionBatchesKey } from '../../recovery';

export const subscriptionsKey = ['unsubscribe', 'subscriptions'] as const;

/** listSubscriptions, page by page (100 a page), for one filter. */
export function useSubscriptions(filter: SubscriptionFilter) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useInfiniteQuery({
    queryKey: [...subscriptionsKey, userId, filter],
    queryFn: ({ pageParam }) => callFn('listSubscriptions', { filter, ...(pageParam ? { pageToken: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
    enabled: userId !== null,
  });
}

/** After any change: subscriptions, recent actions and lists of mail are re-read. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: subscriptionsKey }),
      client.invalidateQueries({ queryKey: actionBatchesKey }),
      client.invalidateQueries({ queryKey: mailQueryKey }),
    ]);
}

export function useUnsubscribe() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (data: FnRequest<'unsubscribe'>) => callFn('unsubscribe', data), onSettled: refresh });
}

/** Blocks one or more subscriptions, one blockSender each (each archive its own action batch). */
export function useBlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (subscriptionIds: readonly string[]) => {
      const blocked: Array<{ subscriptionId: string; batchId: string | null; count: number }> = [];
      for (const subscriptionId of subscriptionIds) {
        const { archive } = await callFn('blockSender', { subscriptionId });
        blocked.push({ subscriptionId, batchId: archive?.batchId ?? null, count: archive?.count ?? 0 });
      }
      return blocked;
    },
    onSettled: refresh,
  });
}

/** Unblocks, and puts back what blocking archived (when its batch is given and can still be undone). */
export function useUnblock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (items: ReadonlyArray<{ subscriptionId: string; batchId?: string | null }>) => {
      for (const { subscriptionId, batchId } of items) {
        await callFn('unblockSender', { subscriptionId });
        if (batchId) await callFn('undoActionBatch', { batchId });
      }
    },
    onSettled: refresh,
  });
}
