import type { Kysely } from 'kysely';

/**
 * Per-user settings (features/settings): the fields the user set, as one JSON document of the
 * contract's settings schema at `version`; unset fields take their defaults when read.
 * `time_zone_source` says whether the zone was detected by the browser or chosen by the user,
 * so a detection at sign-in never overrides a choice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('time_zone_source', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_settings').execute();
}
