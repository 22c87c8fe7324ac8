import crypto from 'node:crypto';
import { generateApiToken } from '../../auth/api-tokens.ts';
import { MAX_API_TOKENS_PER_USER } from '../../constants/sessions.ts';
import type { Db } from '../../db/database.ts';
import { FnError } from '../../errors.ts';

export interface ApiTokenSummary {
  tokenId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Creates a token for the user; the value is returned here and never again (only its hash is kept). */
export async function createApiToken(db: Db, userId: string, name: string, now: number = Date.now()) {
  const { count } = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_API_TOKENS_PER_USER) {
    throw new FnError('RESOURCE_EXHAUSTED', `You already have ${MAX_API_TOKENS_PER_USER} API tokens; revoke one first`);
  }
  const { token, hash } = generateApiToken();
  const tokenId = crypto.randomUUID();
  await db.insertInto('api_tokens').values({ id: tokenId, user_id: userId, name, token_hash: hash, created_at: now, last_used_at: null }).execute();
  return { tokenId, name, token, createdAt: iso(now) };
}

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    tokenId: row.id,
    name: row.name,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  }));
}

/** Deletes the user's token; false when the user has no token with this id (someone else's included). */
export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
