import type { Kysely } from 'kysely';

/**
 * The embedded OpenID provider's state (DESIGN §4): its accounts, its signing keys (encrypted),
 * and oidc-provider's models (sessions, interactions, grants, codes, tokens) so a restart keeps
 * everyone signed in and every issued token valid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idp_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idp_signing_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('jwk_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idp_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('idp_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('idp_payloads_grant_id').on('idp_payloads').column('grant_id').execute();
  await db.schema.createIndex('idp_payloads_uid').on('idp_payloads').columns(['model', 'uid']).execute();
  await db.schema.createIndex('idp_payloads_user_code').on('idp_payloads').columns(['model', 'user_code']).execute();
  await db.schema.createIndex('idp_payloads_expires_at').on('idp_payloads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idp_payloads').execute();
  await db.schema.dropTable('idp_signing_keys').execute();
  await db.schema.dropTable('idp_accounts').execute();
}
