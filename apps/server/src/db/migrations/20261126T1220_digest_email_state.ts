import type { Kysely } from 'kysely';

/**
 * The digest email's state (features/bundles, issue 19), so it is sent at most once even when
 * the server stops between sending and recording it:
 * - `email_state`: null (not tried), `sending` (claimed by one run before it sends, with
 *   `email_claimed_at` and the `email_message_id` it sends with), `sent` (with `emailed_at`),
 *   `failed` (a claim whose outcome could not be confirmed; never sent again).
 * Digests already emailed are `sent`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('digests').addColumn('email_state', 'text').execute();
  await db.schema.alterTable('digests').addColumn('email_claimed_at', 'bigint').execute();
  await db.schema.alterTable('digests').addColumn('email_message_id', 'text').execute();
  const digests = db as Kysely<{ digests: { email_state: string | null; emailed_at: number | null } }>;
  await digests.updateTable('digests').set({ email_state: 'sent' }).where('emailed_at', 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('digests').dropColumn('email_message_id').execute();
  await db.schema.alterTable('digests').dropColumn('email_claimed_at').execute();
  await db.schema.alterTable('digests').dropColumn('email_state').execute();
}
