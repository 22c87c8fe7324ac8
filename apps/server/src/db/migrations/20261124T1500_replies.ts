import type { Kysely } from 'kysely';

/**
 * Smart replies and sending (issue 15, features/replies):
 *
 * - `outgoing_messages`: the outbox. A reply, reply-all or forward the user wrote waits here for
 *   the undo-send delay, then a job hands it to Gmail. Holds what the user wrote (never the
 *   original's text: the quote is added when the message is built, from a fresh fetch) and the
 *   Message-ID chosen when it was queued, so a crash mid-send is reconciled by asking Gmail for
 *   that Message-ID instead of sending twice. The body is deleted as soon as Gmail has the
 *   message; a send that fails keeps it as a draft, with the reason. Under the 30-day retention
 *   rule (`updated_at`).
 * - `reply_style_profiles`: how the user writes replies (greeting, sign-off, formality, length),
 *   learned from their sent replies; a few fields, never the bodies. Derived data (`learned_at`).
 * - `reply_events`: one row per reply sent, and whether it started from a suggestion (for
 *   insights). Derived data (`created_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outgoing_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    // The provider's id of the message answered or forwarded, and its thread.
    .addColumn('original_message_id', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text')
    // JSON arrays of mailboxes ({name, address}).
    .addColumn('to_addresses', 'text', (c) => c.notNull())
    .addColumn('cc_addresses', 'text', (c) => c.notNull())
    .addColumn('bcc_addresses', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // What the user wrote; null once sent (it lives in Gmail then).
    .addColumn('body', 'text')
    .addColumn('rfc822_message_id', 'text', (c) => c.notNull())
    // JSON {stance, edited} when the reply started from a suggestion.
    .addColumn('from_suggestion', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('send_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt_started_at', 'bigint')
    .addColumn('sent_message_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outgoing_messages_due').on('outgoing_messages').columns(['status', 'send_at']).execute();
  await db.schema.createIndex('outgoing_messages_account_original').on('outgoing_messages').columns(['account_id', 'original_message_id']).execute();

  await db.schema
    .createTable('reply_style_profiles')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('greeting', 'text')
    .addColumn('sign_off', 'text')
    .addColumn('formality', 'text', (c) => c.notNull())
    .addColumn('length', 'text', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    // The display name the user sends under (the From header of their sent mail), when known.
    .addColumn('sender_name', 'text')
    .addColumn('learned_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reply_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    // The suggestion's stance when the reply started from one; null for a reply written from scratch.
    .addColumn('suggestion_stance', 'text')
    .addColumn('suggestion_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reply_events_account_created').on('reply_events').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reply_events').execute();
  await db.schema.dropTable('reply_style_profiles').execute();
  await db.schema.dropTable('outgoing_messages').execute();
}
