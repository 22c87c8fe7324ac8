import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn } from '../../../shared/api';
import { useAuth } from '../../auth';

function tokensKey(userId: string | null) {
  return ['apiTokens', userId] as const;
}

export function useApiTokens() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const client = useQueryClient();
  const list = useQuery({
    queryKey: tokensKey(userId),
    queryFn: async () => (await callFn('listApiTokens')).tokens,
    enabled: userId !== null,
  });
  const create = useMutation({
    mutationFn: (name: string) => callFn('createApiToken', { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey(userId) }),
  });
  const revoke = useMutation({
    mutationFn: (tokenId: string) => callFn('revokeApiToken', { tokenId }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey(userId) }),
  });
  return { list, create, revoke };
}
