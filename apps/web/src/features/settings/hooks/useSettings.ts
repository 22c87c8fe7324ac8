import type { FnRequest, SettingsResult } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn } from '../../../shared/api';
import { useAuth } from '../../auth';

export function settingsKey(userId: string | null) {
  return ['settings', userId] as const;
}

/** The signed-in user's settings (getSettings), and updateSettings keeping that cache exact. */
export function useSettings() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey(userId),
    queryFn: () => callFn('getSettings'),
    enabled: userId !== null,
    staleTime: 60_000,
  });
  const update = useMutation({
    mutationFn: (request: FnRequest<'updateSettings'>) => callFn('updateSettings', request),
    // The answer is every setting as stored: it replaces the cache, no second round trip.
    onSuccess: (result: SettingsResult) => client.setQueryData(settingsKey(userId), result),
  });
  return { settings, update };
}
