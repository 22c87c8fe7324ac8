import crypto from 'node:crypto';
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
 * OpenID provider vouches for). The display name follows the provider's latest value.
 */
export async function upsertUserByEmail(
  db: Db,
  input: { email: string; displayName: string | null },
  now: number = Date.now(),
): Promise<UserRecord> {
  const email = normalizeEmail(input.email);
  await db
    .insertInto('users')
    .values({ id: crypto.randomUUID(), email, display_name: input.displayName, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet(input.displayName === null ? { updated_at: now } : { display_name: input.displayName, updated_at: now }),
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
