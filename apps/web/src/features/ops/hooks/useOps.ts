import type { OpsStatus } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn } from '../../../shared/api';
import { useAuth } from '../../auth';

export const opsKey = ['ops'] as const;

/** The caller's /ops status; the instance view too when `instance` (operators only). */
export function useOpsStatus(instance: boolean, enabled = true) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...opsKey, userId, instance],
    queryFn: (): Promise<OpsStatus> => callFn('getOpsStatus', instance ? { instance: true } : {}),
    enabled: userId !== null && enabled,
    // Work in progress moves: re-read every few seconds while a sync or a job runs or waits.
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy = data?.account?.state === 'syncing' || data?.jobs.some((j) => j.state === 'queued' || j.state === 'active' || j.state === 'retry');
      return busy ? 3000 : instance ? 15_000 : false;
    },
  });
}

/** Retries a failed job (or runs a retrying one now); the status is re-read either way. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => callFn('retryJob', { jobId }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKey }),
  });
}

/** The operators' fault drill against the embedded Gmail sandbox. */
export function useSandboxFaults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (errorRate: number) => callFn('setSandboxFaults', { errorRate, kind: 'failedPrecondition' }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKey }),
  });
}
