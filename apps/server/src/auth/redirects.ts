import type { AuthMode } from '@mailroom/contract';
import { withQuery } from './return-to.ts';

/** The SPA page a popup lands on; it posts the outcome to window.opener and closes. */
export const POPUP_COMPLETE_PATH = '/auth/popup-complete';
/** Where a successful sign-in or Gmail consent goes when no returnTo was given. */
export const DEFAULT_RETURN_TO = '/connect/success';

export type OAuthFlowKind = 'signin' | 'gmail';

/** Where the browser goes when the dance succeeded (AUTH HTTP API in the issue). */
export function successLocation(kind: OAuthFlowKind, mode: AuthMode, returnTo: string | null): string {
  if (mode === 'popup') {
    return kind === 'gmail'
      ? withQuery(POPUP_COMPLETE_PATH, { status: 'success', flow: 'gmail' })
      : withQuery(POPUP_COMPLETE_PATH, { status: 'success' });
  }
  const target = returnTo ?? DEFAULT_RETURN_TO;
  return kind === 'signin' ? withQuery(target, { signin: 'success' }) : target;
}

/** Where the browser goes when it failed, with a machine `code` and a sentence for people. */
export function failureLocation(kind: OAuthFlowKind, mode: AuthMode, code: string, message: string): string {
  if (mode === 'popup') {
    return withQuery(POPUP_COMPLETE_PATH, { status: 'error', ...(kind === 'gmail' ? { flow: 'gmail' } : {}), code, message });
  }
  return withQuery('/connect', kind === 'gmail' ? { gmail: 'error', code, message } : { signin: 'error', code, message });
}

/** Plain words for the errors an authorization server returns (RFC 6749 §4.1.2.1). */
export function describeAuthorizationError(code: string, description: string | undefined): string {
  switch (code) {
    case 'access_denied':
      return 'Access was not granted.';
    case 'temporarily_unavailable':
    case 'server_error':
      return 'The sign-in service is unavailable right now. Please try again in a moment.';
    default:
      return description && description.length <= 200 ? description : 'The sign-in service refused the request.';
  }
}
