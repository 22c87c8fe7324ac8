import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useAuth } from '../../auth';
import { browserPushClient, pushSupported } from '../lib/browser-push';
import { isPushClientError, type PushErrorCode } from '../lib/push-client';
import { useNotificationPermission, type PermissionState } from './useNotificationPermission';

export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

export interface PushProblem {
  code: PushErrorCode | 'unknown';
  message: string;
}

function problemOf(error: unknown): PushProblem | null {
  if (!error) return null;
  if (isPushClientError(error)) return { code: error.code, message: error.message };
  return { code: 'unknown', message: error instanceof Error ? error.message : 'Something went wrong.' };
}

export function pushTokenKey(userId: string | null) {
  return ['notifications', 'push-token', userId] as const;
}

/**
 * This browser's push registration for the signed-in user: its state, turning it on (asking for
 * permission from the click) and off, and the token (for "Send test notification"). Once per page
 * load with a stored token, the token is checked against the client rules (renewed when 7 days
 * old, replaced when the subscription changed).
 */
export function usePush() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const client = useMemo(() => (userId ? browserPushClient(userId) : null), [userId]);
  const { permission, request, refresh } = useNotificationPermission();
  const queryClient = useQueryClient();
  const key = pushTokenKey(userId);

  const token = useQuery({
    queryKey: key,
    queryFn: async () => (client ? await client.storedToken() : null),
    enabled: client !== null,
    staleTime: Infinity,
  });

  const enable = useMutation({
    mutationFn: async () => {
      if (!client) throw new Error('Sign in first.');
      try {
        return await client.getToken({ ask: true });
      } finally {
        refresh();
      }
    },
    onSuccess: (value) => queryClient.setQueryData(key, value),
  });
  const disable = useMutation({
    mutationFn: async () => {
      if (!client) throw new Error('Sign in first.');
      await client.deleteToken();
    },
    onSuccess: () => queryClient.setQueryData(key, null),
  });

  // The rules on each visit: a stored token is reused, renewed or replaced (never asks).
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || !client || !token.data || permission !== 'granted') return;
    checked.current = true;
    client
      .getToken()
      .then((value) => queryClient.setQueryData(key, value))
      .catch(() => queryClient.setQueryData(key, null));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load and user
  }, [client, token.data, permission]);

  const state: PushState = !pushSupported() || permission === 'unsupported' ? 'unsupported' : permission === 'denied' ? 'blocked' : token.data && permission === 'granted' ? 'on' : 'off';
  return {
    state,
    permission: permission as PermissionState,
    request,
    token: token.data ?? null,
    enable,
    disable,
    problem: problemOf(enable.error ?? disable.error),
  };
}
