import crypto from 'node:crypto';
import { API_TOKEN_LAST_USED_RESOLUTION_MS } from '../constants/sessions.ts';
import type { Db } from '../db/database.ts';
import { sha256Hex, type Authenticator } from './principal.ts';

/** Personal API tokens start with this, so they are recognisable in configs and secret scanners. */
export const API_TOKEN_PREFIX = 'mrt_';

/** A new token: 256 random bits. Only its SHA-256 is stored; the value is shown once. */
export function generateApiToken(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: sha256Hex(token) };
}

/** The token in an `Authorization: Bearer` header (RFC 6750 §2.1), or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Resolves callers that present a personal API token. A high-entropy random token needs no
 * slow hash: SHA-256 lookup is enough, and a leaked database yields no usable token.
 */
export function apiTokenAuthenticator(db: Db, now: () => number = Date.now): Authenticator {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token?.startsWith(API_TOKEN_PREFIX)) return null;
    const row = await db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .select(['api_tokens.id', 'api_tokens.last_used_at', 'users.id as user_id', 'users.email', 'users.display_name'])
      .where('api_tokens.token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row) return null;
    const at = now();
    if (row.last_used_at === null || at - row.last_used_at >= API_TOKEN_LAST_USED_RESOLUTION_MS) {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', row.id).execute();
    }
    return { userId: row.user_id, email: row.email, displayName: row.display_name, via: 'token', sessionId: null, csrfToken: null };
  };
}
