import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { SIGNED_OUT, currentCsrfToken, sessionQueryKey } from '../../../shared/api';
import { signOutRequest } from '../api/flows';

/** Signs out: the server removes the session; the app forgets everything cached for the user. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOut = useCallback(async () => {
    setPending(true);
    setError(null);
    try {
      await signOutRequest(currentCsrfToken());
      client.clear();
      client.setQueryData(sessionQueryKey, SIGNED_OUT);
      navigate('/', { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPending(false);
    }
  }, [client, navigate]);

  return { signOut, pending, error };
}
