import type { Kysely } from 'kysely';

/**
 * Sign-in and connection state: personal API tokens (stored as SHA-256 only), OAuth flows in
 * flight (state -> PKCE verifier, nonce, where to return), and the disconnect marker that lets
 * an interrupted purge resume after a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('oauth_flows')
    // SHA-256 of the `state` value (RFC 6749 §10.12); the state itself only travels in the URL.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_flows_expires_at').on('oauth_flows').column('expires_at').execute();

  await db.schema.alterTable('mail_accounts').addColumn('disconnected_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_accounts').dropColumn('disconnected_at').execute();
  await db.schema.dropTable('oauth_flows').execute();
  await db.schema.dropTable('api_tokens').execute();
}
