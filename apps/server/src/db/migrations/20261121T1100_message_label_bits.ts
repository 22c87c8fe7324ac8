import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { hexKey, SYSTEM_LABEL_IDS } from '@mailroom/mail-query';

/**
 * `messages.system_labels`: Gmail's system labels as a bitmask (see toStoreRow), so category,
 * state and spam/trash tests are one integer AND instead of a text search over every row.
 * Existing rows are filled from their search_labels column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('system_labels', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillSystemLabels(db);
  // Category views list an account's messages newest first. These covering indexes hold what
  // label, state, date, size and attachment terms test, so such queries read the narrow index
  // in date order and never the wide rows (measured in bench/mail-query.bench.ts).
  await db.schema
    .createIndex('messages_account_date_flags')
    .on('messages')
    .columns(['account_id', 'internal_date', 'system_labels', 'size_estimate', 'has_attachment', 'has_user_labels', 'id'])
    .execute();
  // SQLite also gets sender, list and label words in a covering index. Not on PostgreSQL, whose
  // B-tree entries are limited to about 2.7 kB, which a long From header could exceed.
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createIndex('messages_account_date_search')
      .on('messages')
      .columns(['account_id', 'internal_date', 'system_labels', 'search_labels', 'search_from', 'search_list', 'id'])
      .execute();
  }
}

/** Adds each system label's bit to rows whose search_labels hold its id (columns start at 0). */
export async function backfillSystemLabels(db: Kysely<unknown>): Promise<void> {
  for (const [index, id] of SYSTEM_LABEL_IDS.entries()) {
    await sql`update messages set system_labels = system_labels + ${sql.lit(2 ** index)} where search_labels like ${`% ${hexKey(id)} %`}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_account_date_search').ifExists().execute();
  await db.schema.dropIndex('messages_account_date_flags').execute();
  await db.schema.alterTable('messages').dropColumn('system_labels').execute();
}
