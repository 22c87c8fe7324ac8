import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { NotificationsTable, PushRegistrationsTable } from '../../db/schema.ts';

/** Registrations a user may hold; registering one more drops their oldest (a browser long gone). */
export const MAX_REGISTRATIONS_PER_USER = 20;

export interface RegistrationInput {
  endpoint: string;
  auth: string;
  p256dh: string;
  applicationPubKey: string | null;
}

export type RegistrationRow = PushRegistrationsTable;
export type NotificationRow = NotificationsTable;

/** A new registration under a fresh token. The endpoint is one browser's: any older registration of it goes. */
export async function createRegistration(db: Db, userId: string, input: RegistrationInput, now: number): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_registrations').where('endpoint', '=', input.endpoint).execute();
    await trx
      .insertInto('push_registrations')
      .values({
        token,
        user_id: userId,
        endpoint: input.endpoint,
        auth: input.auth,
        p256dh: input.p256dh,
        application_pub_key: input.applicationPubKey,
        created_at: now,
        updated_at: now,
        last_push_at: null,
      })
      .execute();
    const surplus = await trx
      .selectFrom('push_registrations')
      .select('token')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('token')
      .offset(MAX_REGISTRATIONS_PER_USER)
      .limit(1000)
      .execute();
    if (surplus.length > 0) await trx.deleteFrom('push_registrations').where('token', 'in', surplus.map((r) => r.token)).execute();
  });
  return token;
}

/** Updates the user's registration; false when the user has no registration with that token. */
export async function updateRegistration(db: Db, userId: string, token: string, input: RegistrationInput, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = await trx.selectFrom('push_registrations').select('token').where('token', '=', token).where('user_id', '=', userId).executeTakeFirst();
    if (!own) return false;
    await trx.deleteFrom('push_registrations').where('endpoint', '=', input.endpoint).where('token', '<>', token).execute();
    await trx
      .updateTable('push_registrations')
      .set({ endpoint: input.endpoint, auth: input.auth, p256dh: input.p256dh, application_pub_key: input.applicationPubKey, updated_at: now })
      .where('token', '=', token)
      .where('user_id', '=', userId)
      .execute();
    return true;
  });
}

export async function deleteRegistration(db: Db, userId: string, token: string): Promise<boolean> {
  const result = await db.deleteFrom('push_registrations').where('token', '=', token).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function registrationsOf(db: Db, userId: string): Promise<RegistrationRow[]> {
  return db.selectFrom('push_registrations').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export async function registrationOf(db: Db, userId: string, token: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('push_registrations').selectAll().where('token', '=', token).where('user_id', '=', userId).executeTakeFirst();
}

/** The push service said the subscription is gone (404/410): the registration goes with it. */
export async function removeGoneRegistration(db: Db, token: string): Promise<void> {
  await db.deleteFrom('push_registrations').where('token', '=', token).execute();
}

export async function markPushed(db: Db, token: string, now: number): Promise<void> {
  await db.updateTable('push_registrations').set({ last_push_at: now }).where('token', '=', token).execute();
}

export const LIST_LIMIT = 50;

export async function latestNotifications(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Db, userId: string, ids: readonly string[] | undefined, now: number): Promise<void> {
  let query = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return;
    query = query.where('id', 'in', [...ids]);
  }
  await query.execute();
}
