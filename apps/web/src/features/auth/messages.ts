/**
 * The seed's sign-in error catalogue, word for word (issue 5). Tests compare against these
 * strings, so change them only together with the seed's text.
 */
export const AUTH_MESSAGES = {
  /** Popup closed by the user; shown on the connect page only, ignored elsewhere. */
  cancelled: 'Sign-in cancelled. Click "Connect Gmail Now" to try again.',
  popupBlocked: 'Popup was blocked. Redirecting to sign in...',
  bothFailed: 'Both popup and redirect failed. Please allow popups or try a normal browser window (not incognito).',
  inProgress: 'Another sign-in attempt is already in progress. Please wait...',
  network: 'Network error. Please check your internet connection and try again.',
  redirectResult: 'Failed to complete sign-in. Please try again.',
} as const;

export function signInFailedMessage(code: string, message: string): string {
  return `Sign-in failed: ${code} - ${message}`;
}

/** Error codes that mean the network, not the provider, failed. */
const NETWORK_CODES = new Set(['network', 'network_error', 'network-request-failed', 'auth/network-request-failed', 'fetch_failed']);

export function messageForFailure(code: string | undefined, message: string | undefined): string {
  if (code && NETWORK_CODES.has(code)) return AUTH_MESSAGES.network;
  return signInFailedMessage(code || 'unknown', message || 'no details were given');
}
