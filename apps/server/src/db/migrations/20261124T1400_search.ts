import type { Kysely } from 'kysely';

/**
 * Natural-language search (features/search, issue 14).
 *
 * `recent_searches`: what a user searched for (the request as typed, and the query when they
 * edited the translation), derived data under the 30-day retention rule (age: `searched_at`,
 * moved on each time the search is run again). `request_key` is a hash of the request (case and
 * spacing folded) and the edited query, so running a search again moves it to the top instead
 * of adding a copy.
 *
 * `search_directory_marks`: one row per mail account whose `marker` changes (a random value)
 * whenever messages are added to or deleted from its store ("messages changed"), so every server
 * process knows when its cached directory of correspondents, lists and labels is stale. It holds
 * no mail data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recent_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('query', 'text')
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('searched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recent_searches_user_key').unique().on('recent_searches').columns(['user_id', 'request_key']).execute();
  await db.schema.createIndex('recent_searches_user_time').on('recent_searches').columns(['user_id', 'searched_at']).execute();
  await db.schema.createIndex('recent_searches_age').on('recent_searches').column('searched_at').execute();

  await db.schema
    .createTable('search_directory_marks')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('marker', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_directory_marks').execute();
  await db.schema.dropTable('recent_searches').execute();
}
