import { sql, type Kysely } from 'kysely';

/**
 * `larger:` and `smaller:` (issue 12): a size term was tested on every entry of the account's
 * covering date index, so `larger:100K` counted 100,000 entries to find about a hundred (7-8 ms
 * on the 100,000-message bench store) and its first page read as many before it was full. With
 * the size first after the account, a count of a size range reads only that range (with the
 * label bits that the default scope tests, so it covers the count), and a page of rare sizes
 * reads its few rows and sorts them. Pages of sizes many messages have still read newest-first
 * (db/word-index.ts pageWindow bounds them by date, so the planners keep to the date index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index messages_account_size on messages (account_id, size_estimate, system_labels, internal_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_account_size').execute();
}
