import type { FnResponse } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn } from '../../../shared/api';
import { useAuth } from '../../auth';

export type GmailStatus = FnResponse<'getGmailStatus'>;

/** While the first sync runs, its progress is re-read this often. */
export const SYNC_POLL_INTERVAL_MS = 2_000;

export function gmailStatusKey(userId: string | null) {
  return ['gmail', 'status', userId] as const;
}

/** getGmailStatus for the signed-in user; polled while a sync is running. */
export function useGmailStatus({ poll = false }: { poll?: boolean } = {}) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: gmailStatusKey(userId),
    queryFn: () => callFn('getGmailStatus'),
    enabled: userId !== null,
    refetchInterval: (query) => (poll && query.state.data?.sync.state === 'syncing' ? SYNC_POLL_INTERVAL_MS : false),
  });
}

/** disconnectGmail: revokes the grant, deletes the tokens and starts the purge of the account's mail data. */
export function useDisconnectGmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callFn('disconnectGmail'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gmail'] }),
  });
}
