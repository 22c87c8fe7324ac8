import type { Kysely } from 'kysely';

/**
 * Priority (features/priority, issue 13).
 *
 * `messages.extra_headers`: the few headers that say a machine sent a message (Precedence,
 * Auto-Submitted, X-Mailer, Feedback-ID, Return-Path, Mailing-List, X-Campaign), JSON by
 * lower-case name; metadata only, `{}` for messages stored before (the next full sync fills it).
 *
 * Derived data under the 30-day retention rule (registered in the plugin's derivedTables):
 * - `priority_models`: one learned model per mail account (the model's bounded JSON state, a
 *   version for one writer at a time, the user's Important/Other threshold, and what the last
 *   action changed in words: "Mail from Alice will rank higher"). Age: `updated_at`,
 *   moved on by every learning step, so an account nobody uses for 30 days starts again cold.
 * - `priority_scores`: each message's score 0–100, its Important/Other verdict and one-line
 *   reason, and the labels the model last saw on it (what sync's label changes are read
 *   against: UNREAD removed is an open, STARRED added a star ...). Age: `scored_at`.
 * - `priority_actions`: the action log (what the user did, from Mailroom or seen by sync), each
 *   folded into the model when learned (`learned_at`); rows older than 30 days go. Age: `at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('extra_headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('priority_models')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('actions_learned', 'integer', (c) => c.notNull())
    .addColumn('last_effect', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('priority_models_age').on('priority_models').column('updated_at').execute();

  await db.schema
    .createTable('priority_scores')
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('important', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('labels_seen', 'text', (c) => c.notNull())
    .addColumn('shown_at', 'bigint')
    .addColumn('scored_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('priority_scores_pk', ['account_id', 'message_id'])
    .execute();
  await db.schema.createIndex('priority_scores_rank').on('priority_scores').columns(['account_id', 'important', 'score', 'message_id']).execute();
  await db.schema.createIndex('priority_scores_age').on('priority_scores').column('scored_at').execute();

  await db.schema
    .createTable('priority_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('learned_at', 'bigint')
    .execute();
  await db.schema.createIndex('priority_actions_pending').on('priority_actions').columns(['account_id', 'learned_at', 'at']).execute();
  await db.schema.createIndex('priority_actions_age').on('priority_actions').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('priority_actions').execute();
  await db.schema.dropTable('priority_scores').execute();
  await db.schema.dropTable('priority_models').execute();
  await db.schema.alterTable('messages').dropColumn('extra_headers').execute();
}
