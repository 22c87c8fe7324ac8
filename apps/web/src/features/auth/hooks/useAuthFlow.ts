import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { categoriesQueryKey, fetchSession, sessionQueryKey } from '../../../shared/api';
import { fallBackToRedirect, startAuthFlow, type AuthFlow } from '../api/flows';
import { AUTH_MESSAGES } from '../messages';

export interface AuthFlowState {
  /** A popup is open or the page is about to navigate to the provider. */
  pending: boolean;
  /** What to tell the user (the error catalogue's wording); null when there is nothing to say. */
  message: string | null;
  /** The last attempt failed or was cancelled: the caller may relabel its button "Try Again". */
  failed: boolean;
}

interface Options {
  /** Show the catalogue's "Sign-in cancelled..." when the user closes the popup (connect page only). */
  reportCancel?: boolean;
  onSuccess: () => void;
}

/** Runs sign-in or Gmail connection (popup first, redirect fallback) and keeps the user told. */
export function useAuthFlow({ reportCancel = false, onSuccess }: Options) {
  const client = useQueryClient();
  const [state, setState] = useState<AuthFlowState>({ pending: false, message: null, failed: false });

  const refreshSession = useCallback(async () => {
    // Categories belong to the previous user (or none): drop them and load the new session.
    client.removeQueries({ queryKey: categoriesQueryKey });
    client.setQueryData(sessionQueryKey, await fetchSession());
    // A sign-in or a Gmail consent changes what the server says about the user: read it again.
    await client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  }, [client]);

  const start = useCallback(
    async (flow: AuthFlow) => {
      setState({ pending: true, message: null, failed: false });
      let outcome = await startAuthFlow(flow, () => void refreshSession());
      if (outcome.kind === 'blocked') {
        setState({ pending: true, message: AUTH_MESSAGES.popupBlocked, failed: false });
        outcome = await fallBackToRedirect(flow);
      }
      switch (outcome.kind) {
        case 'success':
          await refreshSession();
          setState({ pending: false, message: null, failed: false });
          onSuccess();
          return;
        case 'redirecting':
          return; // the page is leaving; keep the pending state and any message on screen
        case 'cancelled':
          setState({ pending: false, message: reportCancel ? AUTH_MESSAGES.cancelled : null, failed: true });
          return;
        case 'error':
          setState({ pending: false, message: outcome.message, failed: true });
          return;
        case 'blocked':
          return; // handled above; fallBackToRedirect never answers blocked
      }
    },
    [onSuccess, refreshSession, reportCancel],
  );

  return { ...state, start };
}
