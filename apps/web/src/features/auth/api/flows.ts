import type { AuthSession } from '@mailroom/contract';
import { CSRF_HEADER, FnCallError, callFn, fetchSession, queryClient, sessionQueryKey } from '../../../shared/api';
import { AUTH_MESSAGES, messageForFailure } from '../messages';
import { popupStartUrl, signInUrl } from './paths';
import { isAuthMessage, markRedirectFallback, prefersRedirect, setIntent, setPrefersRedirect, takeResultSince, type AuthMessage } from './storage';

/** How often the opener checks whether the user closed the popup. */
export const POPUP_CLOSED_POLL_MS = 500;
const POPUP_NAME = 'mailroom-auth';
const POPUP_FEATURES = 'popup=yes,width=520,height=680';

export type AuthFlow =
  /** Sign in with Google (openid, email, profile). */
  | { kind: 'signin'; returnTo: string }
  /** Connect Gmail (read-only, or write: gmail.modify asked incrementally); signs in first if needed. */
  | { kind: 'gmail'; returnTo: string; write?: boolean };

export type AuthOutcome =
  | { kind: 'success' }
  /** The user closed the popup. */
  | { kind: 'cancelled' }
  /** The browser blocked the popup; the redirect preference is now remembered. */
  | { kind: 'blocked' }
  /** The page is navigating away to the provider. */
  | { kind: 'redirecting' }
  | { kind: 'error'; message: string; code?: string };

let activePopup: Window | null = null;

export function isPopupOpen(): boolean {
  return activePopup !== null && !activePopup.closed;
}

function failure(message: AuthMessage | { code?: string; message?: string }): AuthOutcome {
  const code = message.code;
  return { kind: 'error', message: messageForFailure(code, message.message), ...(code ? { code } : {}) };
}

/**
 * Navigates the whole page to the provider. Gmail consent needs a signed-in user, so a
 * signed-out user signs in first and the returning page continues (see useRedirectResult).
 * Throws when the navigation cannot even start.
 */
export async function startRedirect(flow: AuthFlow): Promise<AuthOutcome> {
  if (flow.kind === 'signin') {
    setIntent(null);
    window.location.assign(signInUrl('redirect', flow.returnTo));
    return { kind: 'redirecting' };
  }
  const session = queryClient.getQueryData<AuthSession>(sessionQueryKey) ?? (await fetchSession());
  if (!session.user) {
    setIntent({ flow: 'gmail', write: flow.write ?? false, mode: 'redirect' });
    window.location.assign(signInUrl('redirect', '/get-started'));
    return { kind: 'redirecting' };
  }
  setIntent(null);
  const { authUrl } = await callFn('startGmailAuth', { mode: 'redirect', write: flow.write ?? false, returnTo: flow.returnTo });
  window.location.assign(authUrl);
  return { kind: 'redirecting' };
}

/**
 * The seed's sign-in: a popup first; a blocked popup remembers the redirect preference (the
 * caller then shows "Popup was blocked..." and calls startRedirect). Resolves when the popup
 * reports back or is closed.
 */
export async function startAuthFlow(flow: AuthFlow, onSignedIn?: () => void): Promise<AuthOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { kind: 'error', message: AUTH_MESSAGES.network, code: 'network' };
  }
  if (prefersRedirect()) {
    try {
      return await startRedirect(flow);
    } catch (error) {
      return redirectFailure(error);
    }
  }
  if (isPopupOpen()) {
    activePopup?.focus();
    return { kind: 'error', message: AUTH_MESSAGES.inProgress };
  }

  // A plain sign-in must never continue into a Gmail consent left over from an abandoned attempt.
  setIntent(null);
  const url = flow.kind === 'signin' ? signInUrl('popup', flow.returnTo) : popupStartUrl(flow.write ?? false);
  const startedAt = Date.now();
  const popup = openPopup(url);
  if (!popup || popup.closed) {
    setPrefersRedirect(true);
    markRedirectFallback();
    return { kind: 'blocked' };
  }
  activePopup = popup;
  return waitForPopup(popup, flow, startedAt, onSignedIn);
}

function openPopup(url: string): Window | null {
  try {
    return window.open(url, POPUP_NAME, POPUP_FEATURES);
  } catch {
    return null; // some embedded browsers throw instead of returning null
  }
}

function redirectFailure(error: unknown): AuthOutcome {
  if (error instanceof FnCallError && error.network) return { kind: 'error', message: AUTH_MESSAGES.network, code: 'network' };
  return { kind: 'error', message: AUTH_MESSAGES.bothFailed };
}

/** After a blocked popup: redirect, or say that both methods failed. */
export async function fallBackToRedirect(flow: AuthFlow): Promise<AuthOutcome> {
  try {
    return await startRedirect(flow);
  } catch (error) {
    return redirectFailure(error);
  }
}

function isFinal(message: AuthMessage, flow: AuthFlow): boolean {
  // In a Gmail flow the sign-in step reports success too; only Gmail's own result ends it.
  return message.status === 'error' || flow.kind === 'signin' || message.flow === 'gmail';
}

function waitForPopup(popup: Window, flow: AuthFlow, startedAt: number, onSignedIn?: () => void): Promise<AuthOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AuthOutcome) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      if (activePopup === popup) activePopup = null;
      resolve(outcome);
    };
    const handle = (message: AuthMessage) => {
      if (!isFinal(message, flow)) {
        onSignedIn?.();
        return;
      }
      finish(message.status === 'success' ? { kind: 'success' } : failure(message));
    };
    function onMessage(event: MessageEvent) {
      // Only our own origin may report a result (the popup ends on our /auth/popup-complete).
      if (event.origin !== window.location.origin || !isAuthMessage(event.data)) return;
      handle(event.data);
    }
    window.addEventListener('message', onMessage);
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      const stored = takeResultSince(startedAt);
      if (stored && isFinal(stored, flow)) handle(stored);
      else finish({ kind: 'cancelled' });
    }, POPUP_CLOSED_POLL_MS);
  });
}

/** POST /api/auth/signout with the CSRF proof. */
export async function signOutRequest(csrfToken: string | null): Promise<void> {
  const headers: Record<string, string> = {};
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  const response = await fetch('/api/auth/signout', { method: 'POST', credentials: 'same-origin', headers });
  if (!response.ok && response.status !== 401) {
    throw new Error(`Sign-out failed (HTTP ${response.status})`);
  }
}
