import type Provider from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { GMAIL_RESOURCE, isGmailScope, parseScopes } from './gmail-scopes.ts';
import { findIdpAccount } from './idp/accounts.ts';

/** What a valid Gmail access token stands for (the shape gmail-sandbox's TokenVerifier returns). */
export interface VerifiedAccessToken {
  email: string;
  scopes: string[];
}

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccessToken | null>;

/**
 * Checks an access token issued by the embedded provider, for the Gmail sandbox: the token
 * must exist (not revoked), not be expired, be bound to the Gmail resource (RFC 8707 audience)
 * and belong to an account that still exists. The answer carries the account's email (the
 * mailbox) and the Gmail scopes the token holds. Tokens for sign-in only (openid email
 * profile) are not Gmail tokens and answer null.
 */
export function createIdpTokenVerifier(provider: Provider, db: Db): AccessTokenVerifier {
  return async (token) => {
    if (typeof token !== 'string' || token.length === 0) return null;
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired || !accessToken.accountId) return null;
    const audience = (accessToken as unknown as { aud?: string | string[] }).aud;
    const audiences = Array.isArray(audience) ? audience : audience ? [audience] : [];
    if (!audiences.includes(GMAIL_RESOURCE)) return null;
    const account = await findIdpAccount(db, accessToken.accountId);
    if (!account) return null;
    return { email: account.email, scopes: parseScopes(accessToken.scope).filter(isGmailScope) };
  };
}
