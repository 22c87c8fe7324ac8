import type { Profile } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn, sessionQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';

export function profileKey(userId: string | null) {
  return ['profile', userId] as const;
}

/**
 * The user's display name (getProfile) and updateProfile. A change also re-reads the session, whose
 * user carries the name that greetings and the account menu show.
 */
export function useProfile() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const client = useQueryClient();
  const profile = useQuery({ queryKey: profileKey(userId), queryFn: () => callFn('getProfile'), enabled: userId !== null });
  const update = useMutation({
    mutationFn: (displayName: string | null) => callFn('updateProfile', { displayName }),
    onSuccess: async (result: Profile) => {
      client.setQueryData(profileKey(userId), result);
      await client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
  return { profile, update };
}
