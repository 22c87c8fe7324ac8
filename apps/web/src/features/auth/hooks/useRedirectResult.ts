import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { categoriesQueryKey, describeError, fetchSession, sessionQueryKey } from '../../../shared/api';
import { startRedirect } from '../api/flows';
import { withoutSignInParams } from '../api/paths';
import { clearRedirectFallback, readIntent, setIntent, wasRedirectFallback } from '../api/storage';
import { AUTH_MESSAGES } from '../messages';

/**
 * The message for a failed redirect sign-in (`?signin=error&code=..&message=..` on return, or
 * `?gmail=error...` after Gmail's consent):
 * the catalogue's "Both popup and redirect failed..." when the redirect was the fallback after a
 * blocked popup, otherwise "Failed to complete sign-in. Please try again."
 */
export function useRedirectError(): string | null {
  const location = useLocation();
  const [message] = useState(() => {
    const params = new URLSearchParams(location.search);
    // The server sends a failed redirect sign-in to /connect?signin=error, a failed Gmail consent to ?gmail=error.
    if (params.get('signin') !== 'error' && params.get('gmail') !== 'error') return null;
    return wasRedirectFallback() ? AUTH_MESSAGES.bothFailed : AUTH_MESSAGES.redirectResult;
  });
  useEffect(() => {
    if (message) clearRedirectFallback();
  }, [message]);
  return message;
}

export type RedirectResultState = { kind: 'idle' } | { kind: 'continuing' } | { kind: 'failed'; message: string };

/**
 * Runs on every page load: after a successful redirect sign-in (`?signin=success`) it loads the
 * new session and, when the user had asked to connect Gmail, continues to Gmail's consent;
 * a failed one goes to the connect page, which explains it.
 */
export function useRedirectResult(): RedirectResultState {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [state, setState] = useState<RedirectResultState>({ kind: 'idle' });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const result = params.get('signin');
    if (result !== 'success' && result !== 'error') return;
    const key = `${location.key}:${result}`;
    if (handled.current === key) return;
    handled.current = key;

    if (result === 'error') {
      if (location.pathname !== '/connect' && location.pathname !== '/get-started') {
        navigate({ pathname: '/connect', search: location.search }, { replace: true });
      }
      return;
    }

    clearRedirectFallback();
    const intent = readIntent();
    void (async () => {
      client.removeQueries({ queryKey: categoriesQueryKey });
      const session = await fetchSession();
      client.setQueryData(sessionQueryKey, session);
      if (intent?.mode === 'redirect' && session.user) {
        setIntent(null);
        setState({ kind: 'continuing' });
        try {
          await startRedirect({ kind: 'gmail', returnTo: '/connect/success', write: intent.write });
        } catch (error) {
          setState({ kind: 'failed', message: describeError(error) });
        }
        return;
      }
      navigate({ pathname: location.pathname, search: withoutSignInParams(location.search), hash: location.hash }, { replace: true });
    })();
  }, [client, location, navigate]);

  return state;
}
