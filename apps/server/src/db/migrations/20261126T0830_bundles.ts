import type { Kysely } from 'kysely';

/**
 * Bundles and the daily digest (features/bundles, issue 19).
 *
 * - `message_bundles`: each message's bundle (null: none) with the reason, per account. Derived
 *   data (30-day retention on `classified_at`); the bundles job re-derives rows before they age
 *   out, so only rows of messages no longer re-derived (an idle account) expire.
 * - `bundle_sender_rules`: the user's choice for a sender (a bundle, or null: keep in inbox).
 * - `bundle_settings`: where a bundle's mail is shown (inbox, grouped, digest).
 * - `digests`: one per user per calendar day in their zone (unique), content as JSON; derived
 *   data, 30-day retention on `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_bundles')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('bundle_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('classified_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_bundles_pk', ['account_id', 'message_id'])
    .execute();
  await db.schema.createIndex('message_bundles_bundle').on('message_bundles').columns(['account_id', 'bundle_id']).execute();
  await db.schema.createIndex('message_bundles_sender').on('message_bundles').columns(['account_id', 'sender']).execute();
  await db.schema.createIndex('message_bundles_age').on('message_bundles').column('classified_at').execute();

  await db.schema
    .createTable('bundle_sender_rules')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('bundle_id', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_sender_rules_pk', ['account_id', 'address'])
    .execute();

  await db.schema
    .createTable('bundle_settings')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .addColumn('delivery', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_settings_pk', ['account_id', 'bundle_id'])
    .execute();

  await db.schema
    .createTable('digests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('built_at', 'bigint')
    .addColumn('emailed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('digests_user_day', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('digests_age').on('digests').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('digests').execute();
  await db.schema.dropTable('bundle_settings').execute();
  await db.schema.dropTable('bundle_sender_rules').execute();
  await db.schema.dropTable('message_bundles').execute();
}
