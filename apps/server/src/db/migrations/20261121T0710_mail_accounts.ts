import type { Kysely } from 'kysely';

/** A user's connected mailbox (one Gmail account per user). Tokens are stored encrypted. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_ciphertext', 'text')
    .addColumn('token_expires_at', 'bigint')
    .addColumn('last_refresh_at', 'bigint')
    .addColumn('refresh_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('needs_reconnect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_accounts').execute();
}
