import { sql, type Kysely } from 'kysely';

/**
 * The display name the user chose in Settings (issue 20, Settings › Account). `display_name`
 * stays the name Mailroom addresses the user by; `provider_display_name` keeps the sign-in
 * provider's latest name, and `display_name_chosen` (0/1) says the user set their own, which a
 * later sign-in must not overwrite. Going back to the provider's name copies it back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('provider_display_name', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('display_name_chosen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set provider_display_name = display_name`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('display_name_chosen').execute();
  await db.schema.alterTable('users').dropColumn('provider_display_name').execute();
}
