import type { Db } from '../db/database.ts';
import type { OAuthClient, TokenSet } from './oidc-client.ts';
import { decryptSecret, encryptSecret } from './token-cipher.ts';

/**
 * A Gmail grant as stored (encrypted) in mail_accounts.token_ciphertext. The field names are
 * google-auth-library's `Credentials`, so providers/gmail can hand them to its OAuth2Client
 * as they are.
 */
export interface GmailCredentials {
  access_token: string;
  refresh_token: string | null;
  /** Epoch ms. */
  expiry_date: number | null;
  scope: string;
  token_type: string;
}

/** The additional authenticated data that binds a ciphertext to its mail account row. */
function contextFor(accountId: string): string {
  return `mail_accounts:${accountId}`;
}

export function sealGmailCredentials(key: Buffer, accountId: string, credentials: GmailCredentials): string {
  return encryptSecret(key, JSON.stringify(credentials), contextFor(accountId));
}

export function openGmailCredentials(key: Buffer, accountId: string, sealed: string): GmailCredentials {
  return JSON.parse(decryptSecret(key, sealed, contextFor(accountId))) as GmailCredentials;
}

export function credentialsFromTokenSet(tokens: TokenSet, requestedScopes: readonly string[], previous: GmailCredentials | null): GmailCredentials {
  return {
    access_token: tokens.accessToken,
    // Google may omit the refresh token on a repeated consent; the earlier one stays valid.
    refresh_token: tokens.refreshToken ?? previous?.refresh_token ?? null,
    expiry_date: tokens.expiresAt,
    // RFC 6749 §5.1: no `scope` in the response means exactly the scopes asked for.
    scope: tokens.scope ?? requestedScopes.join(' '),
    token_type: tokens.tokenType,
  };
}

/** The account's decrypted credentials, or null when it holds none (never connected, or disconnected). */
export async function loadGmailCredentials(db: Db, key: Buffer, accountId: string): Promise<GmailCredentials | null> {
  const row = await db.selectFrom('mail_accounts').select('token_ciphertext').where('id', '=', accountId).executeTakeFirst();
  if (!row?.token_ciphertext) return null;
  return openGmailCredentials(key, accountId, row.token_ciphertext);
}

/**
 * Stores refreshed credentials (google-auth-library's `tokens` event carries only what changed,
 * so they are merged into the stored ones). Does nothing for an account that was disconnected
 * meanwhile: a refresh racing a disconnect must not bring the tokens back.
 */
export async function storeRefreshedGmailCredentials(
  db: Db,
  key: Buffer,
  accountId: string,
  update: Partial<{ access_token: string | null; refresh_token: string | null; expiry_date: number | null; scope: string; token_type: string | null }>,
  now: number = Date.now(),
): Promise<void> {
  const current = await loadGmailCredentials(db, key, accountId);
  if (!current) return;
  const next: GmailCredentials = {
    access_token: update.access_token ?? current.access_token,
    refresh_token: update.refresh_token ?? current.refresh_token,
    expiry_date: update.expiry_date ?? current.expiry_date,
    scope: update.scope ?? current.scope,
    token_type: update.token_type ?? current.token_type,
  };
  await db
    .updateTable('mail_accounts')
    .set({
      token_ciphertext: sealGmailCredentials(key, accountId, next),
      token_expires_at: next.expiry_date,
      scopes: next.scope,
      last_refresh_at: now,
      refresh_failures: 0,
      last_error: null,
      updated_at: now,
    })
    .where('id', '=', accountId)
    .where('token_ciphertext', 'is not', null)
    .execute();
}

/**
 * Revokes the account's grant at the provider (Google's revocation endpoint, or the embedded
 * provider's). The refresh token is revoked when there is one, which takes every access token
 * of the grant with it. Returns false when the account holds no tokens.
 */
export async function revokeGmailGrant(db: Db, key: Buffer, oauth: Pick<OAuthClient, 'revoke'>, accountId: string): Promise<boolean> {
  const credentials = await loadGmailCredentials(db, key, accountId);
  if (!credentials) return false;
  await oauth.revoke(credentials.refresh_token ?? credentials.access_token);
  return true;
}
