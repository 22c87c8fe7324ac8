import crypto from 'node:crypto';
import type { OutgoingDraft, SendRecord } from '@mailroom/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OutgoingMessagesTable } from '../../db/schema.ts';
import type { Mailbox } from '../../providers/outgoing/index.ts';
import { formatMailbox } from './recipients.ts';

/**
 * The outbox (`outgoing_messages`): every send waits here for the undo-send delay, so a restart
 * loses nothing and Undo is a delete. Its states:
 *
 *   queued --(due, claimed by one worker)--> sending --(Gmail has it)--> sent (body deleted)
 *      ^                                        |--(Gmail refused)--> failed (a draft, with the reason)
 *      |-- retrySend ---------------------------------------------------------'
 *   sending for longer than SEND_LEASE_MS: the worker died mid-send; Gmail is asked for the
 *   Message-ID (sent, or back to queued).
 *
 * Every transition is one conditional UPDATE on the current status, so two workers (pg-boss) or
 * Undo racing the send job can never both win.
 */

export type OutboxRow = Selectable<OutgoingMessagesTable>;

export interface NewSend {
  accountId: string;
  userId: string;
  mode: OutgoingMessagesTable['mode'];
  originalMessageId: string;
  threadId: string | null;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  subject: string;
  body: string;
  rfc822MessageId: string;
  fromSuggestion: { stance: 'accept' | 'decline' | 'ask'; edited: boolean } | null;
  sendAt: number;
  now: number;
}

export async function insertSend(db: Db, send: NewSend): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('outgoing_messages')
    .values({
      id,
      account_id: send.accountId,
      user_id: send.userId,
      mode: send.mode,
      original_message_id: send.originalMessageId,
      thread_id: send.threadId,
      to_addresses: JSON.stringify(send.to),
      cc_addresses: JSON.stringify(send.cc),
      bcc_addresses: JSON.stringify(send.bcc),
      subject: send.subject,
      body: send.body,
      rfc822_message_id: send.rfc822MessageId,
      from_suggestion: send.fromSuggestion ? JSON.stringify(send.fromSuggestion) : null,
      status: 'queued',
      send_at: send.sendAt,
      created_at: send.now,
      updated_at: send.now,
    })
    .execute();
  return id;
}

/** One of the user's sends; undefined for an id that is not theirs (answer NOT_FOUND). */
export async function findSend(db: Db, userId: string, sendId: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('outgoing_messages').selectAll().where('id', '=', sendId).where('user_id', '=', userId).executeTakeFirst();
}

export function mailboxesOf(text: string): Mailbox[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? (list as Mailbox[]) : [];
  } catch {
    return [];
  }
}

export function fromSuggestionOf(text: string | null): OutgoingDraft['fromSuggestion'] {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { stance?: unknown; edited?: unknown };
    if (value.stance === 'accept' || value.stance === 'decline' || value.stance === 'ask') return { stance: value.stance, edited: value.edited === true };
  } catch {
    // An unreadable value says nothing about a suggestion.
  }
  return null;
}

export function draftOf(row: OutboxRow): OutgoingDraft {
  return {
    mode: row.mode,
    messageId: row.original_message_id,
    to: mailboxesOf(row.to_addresses).map(formatMailbox),
    cc: mailboxesOf(row.cc_addresses).map(formatMailbox),
    bcc: mailboxesOf(row.bcc_addresses).map(formatMailbox),
    subject: row.subject,
    body: row.body ?? '',
    fromSuggestion: fromSuggestionOf(row.from_suggestion),
  };
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export function recordOf(row: OutboxRow): SendRecord {
  return {
    ...draftOf(row),
    sendId: row.id,
    status: row.status,
    threadId: row.thread_id,
    sendAt: iso(row.send_at),
    error: row.error,
    sentMessageId: row.sent_message_id,
    updatedAt: iso(row.updated_at),
  };
}

/** Undo: deletes the send if it is still queued; false when it has already been claimed (or is gone). */
export async function cancelQueued(db: Db, userId: string, sendId: string): Promise<boolean> {
  const result = await db.deleteFrom('outgoing_messages').where('id', '=', sendId).where('user_id', '=', userId).where('status', '=', 'queued').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Takes a due queued send for sending; false when another worker (or Undo) got there first. */
export async function claimDue(db: Db, sendId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('outgoing_messages')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), attempt_started_at: now, updated_at: now }))
    .where('id', '=', sendId)
    .where('status', '=', 'queued')
    .where('send_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gmail has the message: the body goes at once (it lives in Gmail now) and the reply is counted,
 * in one transaction. Idempotent (the count's row is keyed by the send).
 */
export async function markSent(db: Db, row: OutboxRow, sentMessageId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('outgoing_messages')
      .set({ status: 'sent', body: null, sent_message_id: sentMessageId, error: null, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return;
    const suggestion = fromSuggestionOf(row.from_suggestion);
    await trx
      .insertInto('reply_events')
      .values({ id: row.id, account_id: row.account_id, mode: row.mode, suggestion_stance: suggestion?.stance ?? null, suggestion_edited: suggestion?.edited ? 1 : 0, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
}

/** Not sent: kept as a draft, with the reason in a sentence. */
export async function markFailed(db: Db, sendId: string, reason: string, now: number): Promise<void> {
  await db.updateTable('outgoing_messages').set({ status: 'failed', error: reason.slice(0, 500), updated_at: now }).where('id', '=', sendId).where('status', '=', 'sending').execute();
}

/** A stale `sending` whose message Gmail does not have: queue it again (only if no newer attempt started). */
export async function requeueStale(db: Db, row: OutboxRow, now: number): Promise<boolean> {
  const result = await db
    .updateTable('outgoing_messages')
    .set({ status: 'queued', updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('attempt_started_at', '=', row.attempt_started_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed send queued again (retrySend), with a fresh undo window. */
export async function requeueFailed(db: Db, userId: string, sendId: string, sendAt: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('outgoing_messages')
    .set({ status: 'queued', send_at: sendAt, error: null, updated_at: now })
    .where('id', '=', sendId)
    .where('user_id', '=', userId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
