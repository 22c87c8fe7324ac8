import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callFn, categoriesQueryKey, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { gmailStatusKey } from './useGmailStatus';

/** How often a signed-in page asks whether new mail was synced (Gmail's push or the poll job brought it). */
export const FRESHNESS_POLL_MS = 15_000;

/**
 * New mail shows without a reload: while the page is visible, the sync status is re-read every
 * FRESHNESS_POLL_MS, and when the number of stored messages changed (mail arrived, or went), every
 * list of mail and the categories' counts are read again.
 */
export function useMailboxFreshness(): void {
  const auth = useAuth();
  const client = useQueryClient();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const status = useQuery({
    queryKey: gmailStatusKey(userId),
    queryFn: () => callFn('getGmailStatus'),
    enabled: userId !== null,
    refetchInterval: FRESHNESS_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const seen = useRef<number | null>(null);
  const count = status.data?.connected ? status.data.sync.messageCount : null;
  useEffect(() => {
    if (count === null) return;
    if (seen.current !== null && seen.current !== count) {
      void client.invalidateQueries({ queryKey: mailQueryKey });
      void client.invalidateQueries({ queryKey: categoriesQueryKey });
    }
    seen.current = count;
  }, [client, count]);
}
