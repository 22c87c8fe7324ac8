import { parseScopes } from '../../auth/gmail-scopes.ts';
import { deleteUserRows, purgeAccountData, rowsOf, tablesWithColumn } from '../../db/account-data.ts';
import type { Db } from '../../db/database.ts';

/** Version of the export's shape, so a reader can tell exports apart as the product grows. */
export const EXPORT_FORMAT = 'mailroom-export/1';

/** Tables exported field by field below (their secret columns never leave). */
const EXPORTED_EXPLICITLY = new Set(['users', 'sessions', 'api_tokens', 'mail_accounts', 'oauth_flows']);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Everything Mailroom stores about the user (DESIGN §1 "your data is yours"): profile, sessions,
 * API tokens and the mail account described field by field, and every other table keyed by the
 * user or by their mail account, row by row. Token values, hashes and ciphertexts are left out.
 */
export async function exportUserData(db: Db, userId: string, now: number = Date.now()): Promise<Record<string, unknown>> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const sessions = await db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const tokens = await db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const account = await db.selectFrom('mail_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();

  const byUser = (await tablesWithColumn(db, 'user_id')).filter((t) => !EXPORTED_EXPLICITLY.has(t));
  const byAccount = account ? (await tablesWithColumn(db, 'account_id')).filter((t) => !EXPORTED_EXPLICITLY.has(t)) : [];
  const tables = {
    ...(await rowsOf(db, byUser, 'user_id', userId)),
    ...(account ? await rowsOf(db, byAccount, 'account_id', account.id) : {}),
  };

  return {
    format: EXPORT_FORMAT,
    exportedAt: iso(now),
    user: { id: user.id, email: user.email, displayName: user.display_name, createdAt: iso(user.created_at) },
    sessions: sessions.map((s) => ({ createdAt: iso(s.created_at), expiresAt: iso(s.expires_at), lastSeenAt: iso(s.last_seen_at), userAgent: s.user_agent })),
    apiTokens: tokens.map((t) => ({ tokenId: t.id, name: t.name, createdAt: iso(t.created_at), lastUsedAt: iso(t.last_used_at) })),
    mailAccount: account
      ? {
          provider: account.provider,
          email: account.email,
          scopes: parseScopes(account.scopes),
          connected: account.token_ciphertext !== null && account.disconnected_at === null,
          connectedAt: iso(account.connected_at),
          disconnectedAt: iso(account.disconnected_at),
          tokenExpiresAt: iso(account.token_expires_at),
          lastRefreshAt: iso(account.last_refresh_at),
        }
      : null,
    tables,
  };
}

/** Deletes the user and every row stored for them; the mail account's data first. */
export async function deleteUserAndData(db: Db, userId: string): Promise<void> {
  const account = await db.selectFrom('mail_accounts').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (account) await purgeAccountData(db, account.id);
  await deleteUserRows(db, userId);
}
