import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { normalizeEmail } from '../users.ts';

/**
 * The embedded provider's own accounts: it plays Google, so these are the "Google accounts"
 * people choose from. They are local and have no password; the chooser says so.
 */
export interface IdpAccount {
  id: string;
  email: string;
  displayName: string;
}

export const DEMO_ACCOUNT = { email: 'demo@mailroom.local', displayName: 'Demo User' } as const;

function toAccount(row: { id: string; email: string; display_name: string }): IdpAccount {
  return { id: row.id, email: row.email, displayName: row.display_name };
}

export async function findIdpAccount(db: Db, id: string): Promise<IdpAccount | null> {
  const row = await db.selectFrom('idp_accounts').select(['id', 'email', 'display_name']).where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function findIdpAccountByEmail(db: Db, email: string): Promise<IdpAccount | null> {
  const row = await db
    .selectFrom('idp_accounts')
    .select(['id', 'email', 'display_name'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? toAccount(row) : null;
}

/**
 * Creates the account, or for an existing email takes the newly typed name (as changing your
 * name on a Google account would). `keepName` leaves an existing account's name alone.
 */
export async function upsertIdpAccount(
  db: Db,
  input: { email: string; displayName: string },
  options: { keepName?: boolean } = {},
): Promise<IdpAccount> {
  const email = normalizeEmail(input.email);
  await db
    .insertInto('idp_accounts')
    .values({ id: crypto.randomUUID(), email, display_name: input.displayName, created_at: Date.now() })
    .onConflict((oc) => (options.keepName ? oc.column('email').doNothing() : oc.column('email').doUpdateSet({ display_name: input.displayName })))
    .execute();
  const account = await findIdpAccountByEmail(db, email);
  if (!account) throw new Error(`idp account ${email} vanished after upsert`);
  return account;
}

export function ensureDemoAccount(db: Db): Promise<IdpAccount> {
  return upsertIdpAccount(db, DEMO_ACCOUNT, { keepName: true });
}
