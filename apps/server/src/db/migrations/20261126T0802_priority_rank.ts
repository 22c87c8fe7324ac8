import { systemLabelBit } from '@mailroom/mail-query';
import { sql, type Kysely } from 'kysely';

/**
 * Priority (features/priority): Inbox Flow read from indexes instead of a join over the whole
 * store. `priority_scores.internal_date` (the message's, newest first among equal scores) puts a
 * tab's order in `priority_scores_rank` (`_all` for both tabs; each row still checked against the store's labels);
 * `inbox` (1 while the message is in the inbox, as the model last saw it) counts the tabs from
 * `priority_scores_inbox`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('priority_scores').addColumn('inbox', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('priority_scores').addColumn('internal_date', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.dropIndex('priority_scores_rank').execute();
  await db.schema.createIndex('priority_scores_rank').on('priority_scores').columns(['account_id', 'important', 'score', 'internal_date', 'message_id']).execute();
  await db.schema.createIndex('priority_scores_rank_all').on('priority_scores').columns(['account_id', 'score', 'internal_date', 'message_id']).execute();
  await db.schema.createIndex('priority_scores_inbox').on('priority_scores').columns(['account_id', 'inbox', 'important']).execute();
  // Rows written before take their message's values.
  const inbox = systemLabelBit('INBOX') ?? 0;
  await sql`update priority_scores set
      internal_date = coalesce((select m.internal_date from messages m where m.account_id = priority_scores.account_id and m.id = priority_scores.message_id), 0),
      inbox = coalesce((select case when (m.system_labels & ${sql.lit(inbox)}) <> 0 then 1 else 0 end from messages m where m.account_id = priority_scores.account_id and m.id = priority_scores.message_id), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('priority_scores_inbox').execute();
  await db.schema.dropIndex('priority_scores_rank').execute();
  await db.schema.dropIndex('priority_scores_rank_all').execute();
  await db.schema.createIndex('priority_scores_rank').on('priority_scores').columns(['account_id', 'important', 'score', 'message_id']).execute();
  await db.schema.alterTable('priority_scores').dropColumn('internal_date').execute();
  await db.schema.alterTable('priority_scores').dropColumn('inbox').execute();
}
