import { failedPrecondition, type FnError } from '../errors.ts';

/** Google's OAuth scope strings (https://developers.google.com/workspace/gmail/api/auth/scopes). */
export const GMAIL_SCOPES = {
  readonly: 'https://www.googleapis.com/auth/gmail.readonly',
  modify: 'https://www.googleapis.com/auth/gmail.modify',
  labels: 'https://www.googleapis.com/auth/gmail.labels',
} as const;

/** Sign-in asks only who the user is (OIDC Core §5.4). */
export const SIGNIN_SCOPES = ['openid', 'email', 'profile'] as const;

/**
 * Connecting asks for reading only (the product is read-only by default, DESIGN §1); `openid
 * email` tells us which Gmail address was granted. Write access is asked for incrementally.
 */
export const GMAIL_READ_SCOPES = ['openid', 'email', GMAIL_SCOPES.readonly] as const;
export const GMAIL_WRITE_SCOPES = [GMAIL_SCOPES.modify, GMAIL_SCOPES.labels] as const;

/** The resource server the Gmail scopes are for (RFC 8707); the embedded provider binds tokens to it. */
export const GMAIL_RESOURCE = 'https://gmail.googleapis.com/';

export function isGmailScope(scope: string): boolean {
  return scope.startsWith('https://www.googleapis.com/auth/gmail.') || scope === 'https://mail.google.com/';
}

export function parseScopes(scopes: string | null | undefined): string[] {
  return (scopes ?? '').split(' ').filter((s) => s.length > 0);
}

/** Whether a grant allows write actions (quarantine, delete, label, unsubscribe-and-archive). */
export function hasWriteScope(scopes: string | readonly string[]): boolean {
  const granted = typeof scopes === 'string' ? parseScopes(scopes) : scopes;
  return granted.includes(GMAIL_SCOPES.modify) || granted.includes('https://mail.google.com/');
}

/**
 * The guard every write action calls first. FAILED_PRECONDITION with the reason
 * WRITE_SCOPE_REQUIRED is what the web turns into a "Grant write access" button, which calls
 * startGmailAuth with `write: true`.
 */
export function requireWriteScope(account: { scopes: string } | null | undefined): void {
  if (!account || !hasWriteScope(account.scopes)) throw writeScopeRequired();
}

/** The answer to a write without the write scope (also what a provider's 403 insufficient-scope becomes). */
export function writeScopeRequired(): FnError {
  return failedPrecondition('WRITE_SCOPE_REQUIRED', 'This action changes your mailbox; grant Mailroom write access to Gmail first.');
}

/**
 * The words a consent screen uses for each scope: Google's own descriptions, so the embedded
 * provider's consent reads like the real one.
 */
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Associate you with your personal info on this account',
  email: 'See your primary email address',
  profile: 'See your personal info, including any personal info you have made publicly available',
  offline_access: 'Keep access when you are not using the app',
  [GMAIL_SCOPES.readonly]: 'View your email messages and settings',
  [GMAIL_SCOPES.modify]: 'Read, compose, and send emails from your mail account',
  [GMAIL_SCOPES.labels]: 'See and edit your email labels',
};
