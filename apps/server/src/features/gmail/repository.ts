import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { credentialsFromTokenSet, openGmailCredentials, sealGmailCredentials } from '../../auth/gmail-tokens.ts';
import type { TokenSet } from '../../auth/oidc-client.ts';
import { normalizeEmail } from '../../auth/users.ts';
import { purgeAccountData } from '../../db/account-data.ts';
import type { Db } from '../../db/database.ts';
import type { MailAccountsTable } from '../../db/schema.ts';

export type MailAccountRow = Selectable<MailAccountsTable>;

/** The user's mail account row (connected, or disconnected and waiting for its purge). */
export async function findAccountOfUser(db: Db, userId: string): Promise<MailAccountRow | null> {
  return (await db.selectFrom('mail_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null;
}

/** Connected: holds tokens and was not disconnected. */
export function isConnected(account: MailAccountRow | null): account is MailAccountRow {
  return account !== null && account.token_ciphertext !== null && account.disconnected_at === null;
}

/**
 * Stores a fresh Gmail grant for the user. Reconnecting the same mailbox keeps the account (and
 * its synced mail); a different mailbox, or an account still waiting for its purge after a
 * disconnect, is purged first so no mail of the old grant survives into the new one.
 */
export async function saveGmailGrant(
  db: Db,
  key: Buffer,
  input: { userId: string; email: string; tokens: TokenSet; requestedScopes: readonly string[] },
  now: number = Date.now(),
): Promise<string> {
  const email = normalizeEmail(input.email);
  let existing = await findAccountOfUser(db, input.userId);
  if (existing && (existing.disconnected_at !== null || existing.email !== email)) {
    await purgeAccountData(db, existing.id);
    existing = null;
  }
  if (existing) {
    const previous = existing.token_ciphertext ? openGmailCredentials(key, existing.id, existing.token_ciphertext) : null;
    const credentials = credentialsFromTokenSet(input.tokens, input.requestedScopes, previous);
    await db
      .updateTable('mail_accounts')
      .set({
        scopes: credentials.scope,
        token_ciphertext: sealGmailCredentials(key, existing.id, credentials),
        token_expires_at: credentials.expiry_date,
        refresh_failures: 0,
        last_error: null,
        needs_reconnect: 0,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const id = crypto.randomUUID();
  const credentials = credentialsFromTokenSet(input.tokens, input.requestedScopes, null);
  await db
    .insertInto('mail_accounts')
    .values({
      id,
      user_id: input.userId,
      provider: 'gmail',
      email,
      scopes: credentials.scope,
      token_ciphertext: sealGmailCredentials(key, id, credentials),
      token_expires_at: credentials.expiry_date,
      last_refresh_at: null,
      refresh_failures: 0,
      last_error: null,
      needs_reconnect: 0,
      connected_at: now,
      created_at: now,
      updated_at: now,
      disconnected_at: null,
    })
    .execute();
  return id;
}

/** Deletes the tokens at once and marks the account for its purge job. */
export async function markDisconnected(db: Db, accountId: string, now: number = Date.now()): Promise<void> {
  await db
    .updateTable('mail_accounts')
    .set({ token_ciphertext: null, token_expires_at: null, scopes: '', needs_reconnect: 0, disconnected_at: now, updated_at: now })
    .where('id', '=', accountId)
    .execute();
}
