import { SqliteAdapter, type Kysely } from 'kysely';

/**
 * One-click unsubscribe (features/unsubscribe, issue 17). Subscriptions themselves are not
 * stored: they are worked out from the message store's headers on each listing.
 *
 * `unsubscribe_requests`: the last unsubscribe asked per subscription (method, what the list
 * server answered or which message was sent) and what the watch job found afterwards (no mail
 * for 2 days: stopped; mail after 2 days: still sending, with that message as evidence). Derived
 * data under the 30-day retention rule (age: `requested_at`); the watch is long over by then.
 *
 * `blocked_senders`: subscriptions the user blocked, whose new mail Mailroom archives as it
 * syncs. A choice of the user's (like a filter), kept until they unblock or disconnect.
 *
 * `messages_account_bulk`: the columns listSubscriptions groups and counts, so SQLite answers
 * it from the index alone instead of reading every message row (CPU per call about a third,
 * bench/unsubscribe.bench.ts). SQLite only: a PostgreSQL btree entry may not exceed 2,704
 * bytes, and a hostile message's headers can be longer than that, which would make storing that
 * message fail and stop the mailbox's sync (issue 22); PostgreSQL scans the table instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unsubscribe_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('subscription_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('checked_at', 'bigint')
    .addColumn('stopped_at', 'bigint')
    .addColumn('still_sending_message_id', 'text')
    .addColumn('still_sending_date', 'bigint')
    .addColumn('still_sending_subject', 'text')
    .execute();
  await db.schema.createIndex('unsubscribe_requests_account_key').unique().on('unsubscribe_requests').columns(['account_id', 'subscription_key']).execute();
  await db.schema.createIndex('unsubscribe_requests_age').on('unsubscribe_requests').column('requested_at').execute();

  await db.schema
    .createTable('blocked_senders')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('subscription_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocked_senders_pkey', ['account_id', 'subscription_key'])
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createIndex('messages_account_bulk')
      .on('messages')
      .columns(['account_id', 'list_id', 'from_addresses', 'system_labels', 'internal_date', 'list_unsubscribe'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_account_bulk').ifExists().execute();
  await db.schema.dropTable('blocked_senders').execute();
  await db.schema.dropTable('unsubscribe_requests').execute();
}
