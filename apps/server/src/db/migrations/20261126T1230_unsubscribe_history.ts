import type { Kysely } from 'kysely';

/**
 * Unsubscribe (features/unsubscribe, issue 17): `unsubscribe_requests.history`, the earlier
 * attempts for the subscription as a JSON array of `{method, outcome, result, at}` (oldest first,
 * capped). A failed one-click POST is recorded as the subscription's request with outcome
 * `failed`; when the user then takes the next method, the failure moves into the history so
 * /unsubscribe can still say what went wrong before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('unsubscribe_requests')
    .addColumn('history', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('unsubscribe_requests').dropColumn('history').execute();
}
