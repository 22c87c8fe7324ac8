import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MailAccountsTable } from '../db/schema.ts';
import { FnError, failedPrecondition } from '../errors.ts';
import { writeScopeRequired } from '../auth/gmail-scopes.ts';
import { GrantRevokedError, InsufficientScopeError, NotFoundError, ProviderError, type MailProvider } from './mail-provider.ts';

export type ConnectedAccount = Selectable<MailAccountsTable>;

/** The user's mailbox if it is connected (holds a grant and was not disconnected); null otherwise. */
export async function connectedAccountOf(db: Db, userId: string): Promise<ConnectedAccount | null> {
  const account = await db
    .selectFrom('mail_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('token_ciphertext', 'is not', null)
    .where('disconnected_at', 'is', null)
    .executeTakeFirst();
  return account ?? null;
}

export function gmailNotConnected(): FnError {
  return failedPrecondition('GMAIL_NOT_CONNECTED', 'Connect Gmail first.');
}

/** The connected account, or FAILED_PRECONDITION {reason: GMAIL_NOT_CONNECTED}. */
export async function requireConnectedAccount(db: Db, userId: string): Promise<ConnectedAccount> {
  const account = await connectedAccountOf(db, userId);
  if (!account) throw gmailNotConnected();
  return account;
}

/**
 * The account's mail provider. FAILED_PRECONDITION when Gmail is not connected or the grant was
 * revoked (the web sends the user to reconnect).
 */
export async function requireProvider(
  providers: (accountId: string) => Promise<MailProvider | null>,
  account: ConnectedAccount,
): Promise<MailProvider> {
  if (account.needs_reconnect) throw reconnectRequired();
  const provider = await providers(account.id);
  if (!provider) throw gmailNotConnected();
  return provider;
}

function reconnectRequired(): FnError {
  return failedPrecondition('GMAIL_RECONNECT_REQUIRED', 'Gmail access was revoked or has expired; reconnect Gmail.');
}

/**
 * A provider failure as the error a callable function answers with. Retryable failures were
 * already retried with backoff by the provider, so what is left is reported, not hidden.
 */
export function toFnError(error: unknown): unknown {
  if (error instanceof FnError) return error;
  if (error instanceof GrantRevokedError) return reconnectRequired();
  if (error instanceof InsufficientScopeError) {
    return writeScopeRequired();
  }
  if (error instanceof NotFoundError) return new FnError('NOT_FOUND', 'No such message in your mailbox');
  if (error instanceof ProviderError) {
    if (error.status === 429 || error.reason === 'rateLimitExceeded' || error.reason === 'userRateLimitExceeded') {
      return new FnError('RESOURCE_EXHAUSTED', 'Gmail’s per-user quota is used up for the moment; try again in a minute.');
    }
    if (error.status === 400) return new FnError('INVALID_ARGUMENT', `Gmail refused the request: ${error.message}`);
    return new FnError('UNAVAILABLE', 'Gmail is not answering right now; try again shortly.');
  }
  return error;
}

/** Runs a provider call, answering its failure as a callable-function error. */
export async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toFnError(error);
  }
}
