import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../messages';
import { POPUP_CLOSED_POLL_MS, startAuthFlow } from './flows';
import { prefersRedirect, storeResult, wasRedirectFallback } from './storage';

interface FakePopup {
  closed: boolean;
  focus: () => void;
}

function openReturning(popup: FakePopup | null) {
  return vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
}

function postFromPopup(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('sign-in popup flow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens the sign-in popup and succeeds when the popup reports success', async () => {
    const popup = { closed: false, focus: vi.fn() };
    const open = openReturning(popup);
    const outcome = startAuthFlow({ kind: 'signin', returnTo: '/dashboard' });
    expect(open).toHaveBeenCalledWith('/api/auth/signin?mode=popup&returnTo=%2Fdashboard', 'mailroom-auth', expect.any(String));
    postFromPopup({ type: 'mailroom:auth', status: 'success' });
    await expect(outcome).resolves.toEqual({ kind: 'success' });
  });

  it('ignores messages from other origins', async () => {
    const popup = { closed: false, focus: vi.fn() };
    openReturning(popup);
    const outcome = startAuthFlow({ kind: 'signin', returnTo: '/' });
    postFromPopup({ type: 'mailroom:auth', status: 'success' }, 'https://evil.example');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
  });

  it('reports a closed popup as cancelled', async () => {
    const popup = { closed: false, focus: vi.fn() };
    openReturning(popup);
    const outcome = startAuthFlow({ kind: 'signin', returnTo: '/' });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
  });

  it('still finds the result when the popup closed before its message was handled', async () => {
    const popup = { closed: false, focus: vi.fn() };
    openReturning(popup);
    const outcome = startAuthFlow({ kind: 'signin', returnTo: '/' });
    storeResult({ type: 'mailroom:auth', status: 'success' });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    await expect(outcome).resolves.toEqual({ kind: 'success' });
  });

  it('says "Sign-in failed: {code} - {message}" for a provider error', async () => {
    openReturning({ closed: false, focus: vi.fn() });
    const outcome = startAuthFlow({ kind: 'signin', returnTo: '/' });
    postFromPopup({ type: 'mailroom:auth', status: 'error', code: 'access_denied', message: 'Access was not granted.' });
    await expect(outcome).resolves.toMatchObject({ kind: 'error', message: 'Sign-in failed: access_denied - Access was not granted.' });
  });

  it('says the network failed for a network error code', async () => {
    openReturning({ closed: false, focus: vi.fn() });
    const outcome = startAuthFlow({ kind: 'signin', returnTo: '/' });
    postFromPopup({ type: 'mailroom:auth', status: 'error', code: 'auth/network-request-failed', message: 'x' });
    await expect(outcome).resolves.toMatchObject({ kind: 'error', message: AUTH_MESSAGES.network });
  });

  it('refuses a second popup while one is open', async () => {
    const popup = { closed: false, focus: vi.fn() };
    openReturning(popup);
    const first = startAuthFlow({ kind: 'signin', returnTo: '/' });
    await expect(startAuthFlow({ kind: 'signin', returnTo: '/' })).resolves.toEqual({ kind: 'error', message: AUTH_MESSAGES.inProgress });
    expect(popup.focus).toHaveBeenCalled();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    await first;
  });

  it('remembers the redirect preference when the popup is blocked', async () => {
    openReturning(null);
    await expect(startAuthFlow({ kind: 'signin', returnTo: '/' })).resolves.toEqual({ kind: 'blocked' });
    expect(prefersRedirect()).toBe(true);
    expect(wasRedirectFallback()).toBe(true);
  });

  it('in a Gmail flow, waits past the sign-in step for Gmail’s own result', async () => {
    const popup = { closed: false, focus: vi.fn() };
    const open = openReturning(popup);
    const signedIn = vi.fn();
    const outcome = startAuthFlow({ kind: 'gmail', returnTo: '/connect/success' }, signedIn);
    expect(open).toHaveBeenCalledWith('/auth/popup-start?flow=gmail', 'mailroom-auth', expect.any(String));
    postFromPopup({ type: 'mailroom:auth', status: 'success' });
    expect(signedIn).toHaveBeenCalledOnce();
    postFromPopup({ type: 'mailroom:auth', status: 'success', flow: 'gmail' });
    await expect(outcome).resolves.toEqual({ kind: 'success' });
  });
});

describe('the seed’s error catalogue', () => {
  it('keeps the seed’s words exactly', () => {
    expect(AUTH_MESSAGES).toEqual({
      cancelled: 'Sign-in cancelled. Click "Connect Gmail Now" to try again.',
      popupBlocked: 'Popup was blocked. Redirecting to sign in...',
      bothFailed: 'Both popup and redirect failed. Please allow popups or try a normal browser window (not incognito).',
      inProgress: 'Another sign-in attempt is already in progress. Please wait...',
      network: 'Network error. Please check your internet connection and try again.',
      redirectResult: 'Failed to complete sign-in. Please try again.',
    });
  });
});
