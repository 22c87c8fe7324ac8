import type { Kysely } from 'kysely';

/**
 * Unsubscribe (issue 17): what to offer after a failed attempt. `fallback` is `mailto`, `link` or
 * `block` (null while the request has not failed); `fallback_link` the page the user may open
 * themselves, which is never an address Mailroom refused as unsafe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('unsubscribe_requests').addColumn('fallback', 'text').execute();
  await db.schema.alterTable('unsubscribe_requests').addColumn('fallback_link', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('unsubscribe_requests').dropColumn('fallback_link').execute();
  await db.schema.alterTable('unsubscribe_requests').dropColumn('fallback').execute();
}
