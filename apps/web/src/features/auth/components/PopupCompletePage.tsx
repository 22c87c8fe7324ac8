import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../shared/ui';
import { popupStartUrl } from '../api/paths';
import { readIntent, setIntent, storeResult, type AuthIntent, type AuthMessage } from '../api/storage';
import { messageForFailure } from '../messages';
import { PopupFrame } from './PopupFrame';

function messageFromUrl(search: string): AuthMessage {
  const params = new URLSearchParams(search);
  const status = params.get('status') === 'success' ? 'success' : 'error';
  const message: AuthMessage = { type: 'mailroom:auth', status };
  for (const key of ['code', 'message', 'flow'] as const) {
    const value = params.get(key);
    if (value) message[key] = value;
  }
  if (status === 'error' && !message.code) message.code = params.get('status') ?? 'unknown';
  return message;
}

interface Arrival {
  message: AuthMessage;
  opener: Window | null;
  /** Signed in as the first half of Connect Gmail: go on to Gmail's consent in this window. */
  continueToGmail: AuthIntent | null;
}

function readArrival(): Arrival {
  const message = messageFromUrl(window.location.search);
  const opener = window.opener as Window | null;
  const intent = readIntent();
  const continueToGmail = message.status === 'success' && message.flow !== 'gmail' && intent?.mode === 'popup' ? intent : null;
  return { message, opener: opener && !opener.closed ? opener : null, continueToGmail };
}

let handled = false;

/**
 * /auth/popup-complete?status=success|error[&code&message&flow]: where the sign-in popup ends.
 * It tells the opener (postMessage to our own origin only) and closes. After a sign-in that
 * was the first half of Connect Gmail, it goes on to Gmail's consent instead.
 */
export function PopupCompletePage() {
  const [arrival] = useState(readArrival);

  useEffect(() => {
    if (handled) return;
    handled = true;
    const { message, opener, continueToGmail } = arrival;
    if (continueToGmail) {
      setIntent(null);
      opener?.postMessage(message, window.location.origin);
      window.location.replace(popupStartUrl(continueToGmail.write));
      return;
    }
    if (message.status === 'error' || message.flow === 'gmail') setIntent(null);
    storeResult(message);
    if (opener) {
      opener.postMessage(message, window.location.origin);
      window.close();
    }
  }, [arrival]);

  const { message, opener, continueToGmail } = arrival;
  if (continueToGmail) {
    return (
      <PopupFrame title="Signed in">
        <Spinner label="Opening Gmail’s consent page" className="text-accent" />
      </PopupFrame>
    );
  }
  if (message.status === 'success') {
    return (
      <PopupFrame title={message.flow === 'gmail' ? 'Gmail connected' : 'Signed in'}>
        <p>{opener ? 'You can close this window and return to Mailroom.' : 'You can continue in Mailroom.'}</p>
        {!opener ? (
          <Link className="mt-4 inline-block font-medium text-accent underline" to={message.flow === 'gmail' ? '/connect/success' : '/dashboard'}>
            Continue
          </Link>
        ) : null}
      </PopupFrame>
    );
  }
  return (
    <PopupFrame title="Sign-in did not complete">
      <p role="alert">{messageForFailure(message.code, message.message)}</p>
      {opener ? (
        <p className="mt-2">You can close this window and try again.</p>
      ) : (
        <Link className="mt-4 inline-block font-medium text-accent underline" to="/connect">
          Back to sign-in
        </Link>
      )}
    </PopupFrame>
  );
}
