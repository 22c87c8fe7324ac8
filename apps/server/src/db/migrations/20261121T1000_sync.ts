import type { Kysely } from 'kysely';

/**
 * Sync checkpoints. A full sync commits its page token with the page's messages, and an
 * incremental sync commits its history id with the changes it covers, so a process killed at
 * any point resumes exactly where the store is. `sync_seen` records the ids a full sync has
 * listed, so at its end the messages that vanished meanwhile are removed (reconciliation after a
 * history 404) without touching the message rows' own schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_state')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('never'))
    .addColumn('phase', 'text', (c) => c.notNull().defaultTo('full'))
    .addColumn('history_id', 'text')
    .addColumn('full_sync_history_id', 'text')
    .addColumn('page_token', 'text')
    .addColumn('full_sync_started', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messages_total', 'integer')
    .addColumn('messages_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sync_at', 'bigint')
    .addColumn('last_full_sync_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('watch_expires_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_seen')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_seen_pk', ['account_id', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_seen').execute();
  await db.schema.dropTable('sync_state').execute();
}
