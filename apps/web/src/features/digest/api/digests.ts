import type { BundleIdName, FnResponse } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { actionBatchesKey } from '../../recovery';

export const digestsQueryKey = ['digests'] as const;
/** While today's digest is being built by the job, the list is read again this often. */
const BUILDING_POLL_MS = 2_000;

/** listDigests: the last 30 days of digests; asks the job for today's when it is due and missing. */
export function useDigests() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...digestsQueryKey, userId],
    queryFn: (): Promise<FnResponse<'listDigests'>> => callFn('listDigests'),
    enabled: userId !== null,
    // Due but not there yet: the job is building it.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const dueSince = Date.parse(data.nextDueAt) - 24 * 60 * 60 * 1000;
      const newest = data.digests[0];
      // (An hour either way: the day before a daylight-saving change is 23 or 25 hours long.)
      return newest && Date.parse(newest.periodEnd) >= dueSince - 2 * 60 * 60 * 1000 ? false : BUILDING_POLL_MS;
    },
  });
}

/** "Archive the group": the group's mail still in the inbox, as one action batch (undoable 7 days). */
export function useArchiveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ digestId, bundleId }: { digestId: string; bundleId: BundleIdName }) =>
      callFn('modifyEmails', { target: { source: { kind: 'digest', digestId, bundleId }, all: true }, action: 'archive' }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: mailQueryKey }), client.invalidateQueries({ queryKey: actionBatchesKey }), client.invalidateQueries({ queryKey: ['bundles'] })]),
  });
}
