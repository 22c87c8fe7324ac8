import type { Kysely } from 'kysely';

/**
 * Priority (features/priority): `priority_models.rescored_at`, when every message of the
 * account was last re-scored. A learning step right after an action re-scores only the mail it
 * touches (the list re-ranks at once); the background job re-scores the rest while
 * `rescored_at` is behind `updated_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('priority_models')
    .addColumn('rescored_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('priority_models').dropColumn('rescored_at').execute();
}
