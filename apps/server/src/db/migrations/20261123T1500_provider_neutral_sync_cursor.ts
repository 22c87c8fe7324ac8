import type { Kysely } from 'kysely';

/**
 * Provider-neutral sync checkpoints (issue 10 §4): the sync engine stores the provider's own
 * cursor, which it never reads, instead of Gmail history ids. Gmail's cursor is its history id,
 * so the stored values carry over as they are; only the names change. `mail_accounts.provider`
 * was already free text ('gmail'); the code now treats it as an open set of provider kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_state').renameColumn('history_id', 'sync_cursor').execute();
  await db.schema.alterTable('sync_state').renameColumn('full_sync_history_id', 'full_sync_cursor').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_state').renameColumn('full_sync_cursor', 'full_sync_history_id').execute();
  await db.schema.alterTable('sync_state').renameColumn('sync_cursor', 'history_id').execute();
}
