import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface UserRecord {
  id: string;
  email: string;
  displayName: string | null;
}

/** Email addresses compare case-insensitively (RFC 5321 local parts may not, but Google's do). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Finds or creates the user with this email (accounts are identified by the verified email the
 * OpenID provider vouches for). The display name follows the provider's latest value, unless the
 * user chose their own in Settings (setDisplayName): then the provider's is kept aside for when
 * they go back to it.
 */
export async function upsertUserByEmail(
  db: Db,
  input: { email: string; displayName: string | null },
  now: number = Date.now(),
): Promise<UserRecord> {
  const email = normalizeEmail(input.email);
  await db
    .insertInto('users')
    .values({ id: crypto.randomUUID(), email, display_name: input.displayName, provider_display_name: input.displayName, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet(
        input.displayName === null
          ? { updated_at: now }
          : {
              provider_display_name: input.displayName,
              display_name: sql<string | null>`case when users.display_name_chosen = 1 then users.display_name else ${input.displayName} end`,
              updated_at: now,
            },
      ),
    )
    .execute();
  const row = await db.selectFrom('users').select(['id', 'email', 'display_name']).where('email', '=', email).executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, displayName: row.display_name };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, displayName: row.display_name } : null;
}

/** The user's name as Mailroom shows it, and where it comes from. */
export interface DisplayNameRecord {
  displayName: string | null;
  /** The sign-in provider's latest name. */
  providerDisplayName: string | null;
  /** The user chose displayName in Settings. */
  chosen: boolean;
}

export async function displayNameOf(db: Db, userId: string): Promise<DisplayNameRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(['display_name', 'provider_display_name', 'display_name_chosen'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { displayName: row.display_name, providerDisplayName: row.provider_display_name, chosen: Number(row.display_name_chosen) === 1 } : null;
}

/**
 * The user's own display name (already validated by the contract), kept across sign-ins; null goes
 * back to the sign-in provider's name, which later sign-ins update again.
 */
export async function setDisplayName(db: Db, userId: string, name: string | null, now: number): Promise<DisplayNameRecord | null> {
  await db
    .updateTable('users')
    .set(
      name === null
        ? { display_name: sql<string | null>`provider_display_name`, display_name_chosen: 0, updated_at: now }
        : { display_name: name, display_name_chosen: 1, updated_at: now },
    )
    .where('id', '=', userId)
    .execute();
  return displayNameOf(db, userId);
}
