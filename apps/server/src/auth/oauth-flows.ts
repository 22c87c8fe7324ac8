import { OAUTH_FLOW_TTL_MS } from '../constants/oauth.ts';
import type { Db } from '../db/database.ts';
import type { OAuthFlowsTable } from '../db/schema.ts';
import { sha256Hex } from './principal.ts';
import { randomToken } from './sessions.ts';

export interface OAuthFlow {
  purpose: OAuthFlowsTable['purpose'];
  userId: string | null;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
  mode: OAuthFlowsTable['mode'];
  scopes: string[];
}

/**
 * Starts an authorization request: fresh `state`, `nonce` and PKCE `code_verifier` (RFC 6749
 * §10.12, OIDC Core §3.1.2.1, RFC 7636 §4.1), remembered server-side under the state's hash.
 */
export async function startOAuthFlow(
  db: Db,
  input: Omit<OAuthFlow, 'codeVerifier' | 'nonce'>,
  now: number = Date.now(),
): Promise<{ state: string; flow: OAuthFlow }> {
  const state = randomToken();
  const flow: OAuthFlow = { ...input, codeVerifier: randomToken(), nonce: randomToken() };
  // Abandoned flows (popup closed) are cleared as new ones start.
  await db.deleteFrom('oauth_flows').where('expires_at', '<=', now).execute();
  await db
    .insertInto('oauth_flows')
    .values({
      id: sha256Hex(state),
      purpose: flow.purpose,
      user_id: flow.userId,
      code_verifier: flow.codeVerifier,
      nonce: flow.nonce,
      return_to: flow.returnTo,
      mode: flow.mode,
      scopes: flow.scopes.join(' '),
      created_at: now,
      expires_at: now + OAUTH_FLOW_TTL_MS,
    })
    .execute();
  return { state, flow };
}

/**
 * The flow a callback's `state` names, consumed: a state works once (so a replayed callback
 * fails) and not after it expired. Null for an unknown state or another purpose.
 */
export async function takeOAuthFlow(
  db: Db,
  state: string,
  purpose: OAuthFlow['purpose'],
  now: number = Date.now(),
): Promise<OAuthFlow | null> {
  const id = sha256Hex(state);
  const row = await db.selectFrom('oauth_flows').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom('oauth_flows').where('id', '=', id).executeTakeFirst();
  // Two callbacks racing with the same state: only the one that deleted the row proceeds.
  if (Number(deleted.numDeletedRows) !== 1) return null;
  if (row.purpose !== purpose || row.expires_at <= now) return null;
  return {
    purpose: row.purpose,
    userId: row.user_id,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    returnTo: row.return_to,
    mode: row.mode,
    scopes: row.scopes.split(' ').filter(Boolean),
  };
}
