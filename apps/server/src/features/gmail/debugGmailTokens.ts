import { parseScopes } from '../../auth/gmail-scopes.ts';
import type { FnImpl } from '../registry.ts';
import { findAccountOfUser, isConnected } from './repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Facts about the caller's own grant for troubleshooting. Built only from the columns beside
 * the ciphertext: the tokens are never decrypted here, so no token value or part of one can
 * end up in the answer.
 */
export const debugGmailTokens: FnImpl<'debugGmailTokens'> = async (ctx) => {
  const account = await findAccountOfUser(ctx.db, ctx.principal.userId);
  if (!isConnected(account)) {
    return { hasTokens: false, scopes: [], expiresAt: null, lastRefreshAt: null, refreshFailures: 0, lastError: null };
  }
  return {
    hasTokens: true,
    scopes: parseScopes(account.scopes),
    expiresAt: iso(account.token_expires_at),
    lastRefreshAt: iso(account.last_refresh_at),
    refreshFailures: account.refresh_failures,
    lastError: account.last_error,
  };
};
