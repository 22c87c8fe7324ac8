import type { Kysely } from 'kysely';

/**
 * `bundle_generations`: a counter per account that moves with every change to its bundle
 * assignments, sender choices or deliveries (features/bundles), so listBundles can keep its
 * counts until either they or the store (store_generations) change, in any process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bundle_generations')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bundle_generations').execute();
}
