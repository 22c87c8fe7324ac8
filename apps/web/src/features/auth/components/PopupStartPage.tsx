import { useEffect, useState } from 'react';
import { callFn, describeError, fetchSession, queryClient, sessionQueryKey, FnCallError } from '../../../shared/api';
import { Spinner } from '../../../shared/ui';
import { signInUrl } from '../api/paths';
import { setIntent, storeResult, type AuthMessage } from '../api/storage';
import { PopupFrame } from './PopupFrame';

/** Set once per popup document so a re-run effect never starts the navigation twice. */
let started = false;

function report(message: AuthMessage): void {
  storeResult(message);
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, window.location.origin);
    window.close();
  }
}

/**
 * /auth/popup-start?flow=gmail[&write=1], opened in the popup by Connect Gmail. Signed out, it
 * signs in first (PopupCompletePage comes back here); signed in, it asks the server for Gmail's
 * consent URL and goes there. Opening the popup on our own page keeps the click's popup
 * permission even though the consent URL needs a server round trip.
 */
export function PopupStartPage() {
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (started) return;
    started = true;
    const params = new URLSearchParams(window.location.search);
    const write = params.get('write') === '1';
    void (async () => {
      const session = await fetchSession();
      queryClient.setQueryData(sessionQueryKey, session);
      if (!session.user) {
        setIntent({ flow: 'gmail', write, mode: 'popup' });
        window.location.replace(signInUrl('popup'));
        return;
      }
      try {
        const { authUrl } = await callFn('startGmailAuth', { mode: 'popup', write, returnTo: '/connect/success' });
        window.location.replace(authUrl);
      } catch (e) {
        const code = e instanceof FnCallError ? (e.network ? 'network' : e.status) : 'unknown';
        setError(describeError(e));
        report({ type: 'mailroom:auth', status: 'error', code, message: describeError(e), flow: 'gmail' });
      }
    })();
  }, []);

  if (error) {
    return (
      <PopupFrame title="Could not open Gmail’s consent page">
        <p role="alert">{error}</p>
        <p className="mt-2">You can close this window and try again.</p>
      </PopupFrame>
    );
  }
  return (
    <PopupFrame title="Opening Google…">
      <Spinner label="Opening Google’s consent page" className="text-accent" />
    </PopupFrame>
  );
}
