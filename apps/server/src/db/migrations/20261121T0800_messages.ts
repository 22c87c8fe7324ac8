import type { Kysely } from 'kysely';

/**
 * The message store: metadata only, never a body (DESIGN §1). Row shapes and the derived
 * search columns (`search_*`, `*_key`, `has_*`) are defined by @mailroom/mail-query's
 * `toStoreRow` / `toLabelRow`, which `toSql` compiles Gmail queries against. JSON columns hold
 * arrays as text; times are epoch milliseconds; booleans are 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('history_id', 'text')
    .addColumn('label_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('internal_date', 'bigint', (c) => c.notNull())
    .addColumn('size_estimate', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('from_addresses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('to_addresses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cc_addresses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('bcc_addresses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reply_to_addresses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('delivered_to', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('snippet', 'text')
    .addColumn('message_id', 'text')
    .addColumn('in_reply_to', 'text')
    .addColumn('references_header', 'text')
    .addColumn('list_id', 'text')
    .addColumn('list_post', 'text')
    .addColumn('list_unsubscribe', 'text')
    .addColumn('list_unsubscribe_post', 'text')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('has_attachment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_from', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_to', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_cc', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_bcc', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_delivered_to', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_subject', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_list', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_filename', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('search_labels', 'text', (c) => c.notNull().defaultTo(' '))
    .addColumn('message_id_key', 'text')
    .addColumn('has_user_labels', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('messages_pkey', ['account_id', 'id'])
    .addForeignKeyConstraint('messages_account_fk', ['account_id'], 'mail_accounts', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  // Lists and date-bounded category queries (newest first), threads, rfc822msgid: lookups.
  await db.schema.createIndex('messages_account_date').on('messages').columns(['account_id', 'internal_date']).execute();
  await db.schema.createIndex('messages_account_thread').on('messages').columns(['account_id', 'thread_id']).execute();
  await db.schema.createIndex('messages_account_message_id').on('messages').columns(['account_id', 'message_id_key']).execute();

  await db.schema
    .createTable('labels')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('id_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('labels_pkey', ['account_id', 'id'])
    .addForeignKeyConstraint('labels_account_fk', ['account_id'], 'mail_accounts', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('labels_account_name_key').on('labels').columns(['account_id', 'name_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('labels').execute();
  await db.schema.dropTable('messages').execute();
}
