import type { Kysely } from 'kysely';

/**
 * Messages a sync could not read (Gmail refused that one message, or its metadata could not be
 * parsed) and skipped so the rest of the mailbox syncs (issue 22). Kept so the skip is visible
 * and retried by later syncs; removed when the message is read or gone. Ids and a reason only,
 * never content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_skipped_messages')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('first_skipped_at', 'bigint', (c) => c.notNull())
    .addColumn('last_tried_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_skipped_messages_pk', ['account_id', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_skipped_messages').execute();
}
