import type { BundleDelivery, BundleIdName, FnResponse, MailAction } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { actionBatchesKey, useActionBatches } from '../../recovery';
import { useEffect } from 'react';

export const bundlesQueryKey = ['bundles'] as const;

/** listBundles: the bundles with counts, newest senders, delivery, and the senders the user moved. */
export function useBundles() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...bundlesQueryKey, userId],
    queryFn: (): Promise<FnResponse<'listBundles'>> => callFn('listBundles'),
    enabled: userId !== null,
  });
}

/** After a change: bundles, every mail list and the action batches are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: bundlesQueryKey }),
      client.invalidateQueries({ queryKey: mailQueryKey }),
      client.invalidateQueries({ queryKey: actionBatchesKey }),
    ]);
}

export function useSetDelivery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: { bundleId: BundleIdName; delivery: BundleDelivery }) => callFn('setBundleRule', data),
    onSettled: refresh,
  });
}

export function useMoveSender() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: { address: string; bundleId: BundleIdName | null }) => callFn('moveSender', data),
    onSettled: refresh,
  });
}

/** Forgets where the user put a sender: their mail is filed by its headers again. */
export function useRemoveSenderRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: { address: string }) => callFn('removeSenderRule', data),
    onSettled: refresh,
  });
}

/** "Mark all read" / "Archive all": one action batch over the whole bundle (undoable for 7 days). */
export function useBundleAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ bundleId, action }: { bundleId: BundleIdName; action: MailAction }) =>
      callFn('modifyEmails', { target: { source: { kind: 'bundle', bundleId }, all: true }, action }),
    onSettled: refresh,
  });
}

/**
 * Counts follow every action batch's progress (an action from the list, an Undo, a batch
 * running as a job): when a batch changes, the bundles are read again.
 */
export function useBundlesFollowBatches() {
  const client = useQueryClient();
  const batches = useActionBatches();
  const signature = batches.data?.map((b) => `${b.batchId}:${b.status}:${b.done}:${b.restored}`).join(',') ?? '';
  useEffect(() => {
    if (signature) void client.invalidateQueries({ queryKey: bundlesQueryKey });
  }, [signature, client]);
}
