import type { Kysely } from 'kysely';

/**
 * The label change an action batch made in Gmail (`{"add": [...], "remove": [...]}`, label ids),
 * recorded with the batch so undo inverts exactly that change even if a label such as
 * Mailroom/Quarantine is later renamed or recreated with another id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('action_batches')
    .addColumn('label_change', 'text', (c) => c.notNull().defaultTo('{"add":[],"remove":[]}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('action_batches').dropColumn('label_change').execute();
}
