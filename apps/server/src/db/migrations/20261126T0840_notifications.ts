import type { Kysely } from 'kysely';

/**
 * Notifications (issue 20, features/notifications):
 *
 * - `push_registrations`: the seed's push registrations (POST /v1/projects/{projectId}/registrations):
 *   a browser's Web Push subscription (endpoint, auth secret, p256dh key, and the application key it
 *   subscribed with) under a random token, owned by one user. Removed when the user deletes it, the
 *   push service answers 404/410, or the user goes. Not derived from mail: no retention by age.
 * - `notifications`: what the bell lists and push delivers (kind, title, body, link, how many events
 *   it groups, read and push state). Derived data (`created_at`), deleted after 30 days.
 * - `notified_messages`: which messages already notified, so a message synced twice notifies once.
 *   Derived data (`notified_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_registrations')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('application_pub_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_push_at', 'bigint')
    .execute();
  await db.schema.createIndex('push_registrations_user').on('push_registrations').column('user_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    // 'pending' (to push), 'held' (quiet hours), 'sent', 'none' (nothing to push to, or push off).
    .addColumn('push_state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('notifications_push_state').on('notifications').columns(['push_state', 'user_id']).execute();

  await db.schema
    .createTable('notified_messages')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notified_messages_pk', ['account_id', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notified_messages').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('push_registrations').execute();
}
