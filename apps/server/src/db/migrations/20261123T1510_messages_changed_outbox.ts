import type { Kysely } from 'kysely';

/**
 * The outbox of sync's "messages changed" events (sync/messages-changed.ts): written in the
 * same transaction as the page of changes it describes, delivered to subscribing features by a
 * job and then deleted. Message ids only, never content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages_changed_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    // JSON arrays of message ids.
    .addColumn('added', 'text', (c) => c.notNull())
    .addColumn('relabelled', 'text', (c) => c.notNull())
    .addColumn('deleted', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_changed_outbox_created').on('messages_changed_outbox').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages_changed_outbox').execute();
}
