import type { Kysely } from 'kysely';

/**
 * Manual categories (a name and a Gmail query per user) and action batches: every bulk action
 * (quarantine, delete) with each message's labels from before it, so undo restores them exactly
 * for 7 days (DESIGN §1). A batch and all its message rows are written in one transaction before
 * Gmail is touched, so a batch is never half-recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Case-insensitive uniqueness of names per user.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text')
    .addColumn('icon', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_user_name_key').on('categories').columns(['user_id', 'name_key']).unique().execute();

  await db.schema
    .createTable('action_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('category_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message_count', 'integer', (c) => c.notNull())
    .addColumn('done_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('restored_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('undone_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('action_batches_account_created').on('action_batches').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('action_batch_messages')
    .addColumn('batch_id', 'text', (c) => c.notNull().references('action_batches.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    // Order within the batch, so chunks are taken in a stable order on both engines.
    .addColumn('position', 'integer', (c) => c.notNull())
    // JSON array of the message's Gmail label ids before the action.
    .addColumn('previous_labels', 'text', (c) => c.notNull())
    // pending: recorded, not yet changed in Gmail; applied; restored (undone).
    .addColumn('state', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('action_batch_messages_pk', ['batch_id', 'message_id'])
    .execute();
  await db.schema.createIndex('action_batch_messages_batch_state').on('action_batch_messages').columns(['batch_id', 'state', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('action_batch_messages').execute();
  await db.schema.dropTable('action_batches').execute();
  await db.schema.dropTable('categories').execute();
}
