import { labelColumns, toLabelRow, toStoreRow } from '@mailroom/mail-query';
import type { Db } from '../db/database.ts';
import type { SyncStateTable } from '../db/schema.ts';
import type { ProviderLabel } from '../providers/mail-provider.ts';
import type { StoredMessageMeta } from './metadata.ts';

/** Rows per multi-row statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_STATEMENT = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export async function loadState(db: Db, accountId: string, now: number): Promise<SyncStateTable> {
  await db
    .insertInto('sync_state')
    .values({ account_id: accountId, status: 'never', phase: 'full', messages_done: 0, full_sync_started: 0, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  return db.selectFrom('sync_state').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
}

export async function patchState(db: Db, accountId: string, patch: Partial<Omit<SyncStateTable, 'account_id'>>): Promise<void> {
  await db.updateTable('sync_state').set(patch).where('account_id', '=', accountId).execute();
}

/** Which of `ids` the store does not have. */
export async function missingIds(db: Db, accountId: string, ids: readonly string[]): Promise<string[]> {
  const present = new Set<string>();
  for (const part of chunks(ids, 500)) {
    const rows = await db.selectFrom('messages').select('id').where('account_id', '=', accountId).where('id', 'in', part).execute();
    for (const row of rows) present.add(row.id);
  }
  return ids.filter((id) => !present.has(id));
}

/** Which of `ids` the running full sync has not written yet. */
export async function unseenIds(db: Db, accountId: string, ids: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  for (const part of chunks(ids, 500)) {
    const rows = await db
      .selectFrom('sync_seen')
      .select('message_id')
      .where('account_id', '=', accountId)
      .where('message_id', 'in', part)
      .execute();
    for (const row of rows) seen.add(row.message_id);
  }
  return [...new Set(ids)].filter((id) => !seen.has(id));
}

export async function markSeen(db: Db, accountId: string, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids, 500)) {
    await db
      .insertInto('sync_seen')
      .values(part.map((message_id) => ({ account_id: accountId, message_id })))
      .onConflict((oc) => oc.columns(['account_id', 'message_id']).doNothing())
      .execute();
  }
}

export async function clearSeen(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('sync_seen').where('account_id', '=', accountId).execute();
}

/** Removes stored messages the finished full sync did not list (they no longer exist); returns their ids. */
export async function deleteUnseen(db: Db, accountId: string): Promise<string[]> {
  const unseen = await db
    .selectFrom('messages')
    .select('id')
    .where('account_id', '=', accountId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sync_seen')
            .select('sync_seen.message_id')
            .where('sync_seen.account_id', '=', accountId)
            .whereRef('sync_seen.message_id', '=', 'messages.id'),
        ),
      ),
    )
    .execute();
  const ids = unseen.map((row) => row.id);
  await deleteMessages(db, accountId, ids);
  return ids;
}

export async function upsertMessages(db: Db, accountId: string, messages: readonly StoredMessageMeta[]): Promise<void> {
  for (const part of chunks(messages, ROWS_PER_STATEMENT)) {
    const rows = part.map((m) => toStoreRow(accountId, m, { historyId: m.historyId, snippet: m.snippet, headers: m.headers }));
    const columns = Object.keys(rows[0]!).filter((c) => c !== 'account_id' && c !== 'id') as Array<keyof (typeof rows)[number]>;
    await db
      .insertInto('messages')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['account_id', 'id']).doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}

export async function setLabels(db: Db, accountId: string, updates: ReadonlyArray<{ id: string; labelIds: string[] }>): Promise<void> {
  for (const { id, labelIds } of updates) {
    await db.updateTable('messages').set(labelColumns(labelIds)).where('account_id', '=', accountId).where('id', '=', id).execute();
  }
}

export async function deleteMessages(db: Db, accountId: string, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids, 500)) {
    await db.deleteFrom('messages').where('account_id', '=', accountId).where('id', 'in', part).execute();
  }
}

/** The account's labels, replaced wholesale (users.labels.list is one cheap call). */
export async function replaceLabels(db: Db, accountId: string, labels: readonly ProviderLabel[]): Promise<void> {
  const rows = labels.map((l) => toLabelRow(accountId, { id: l.id, name: l.name, type: l.type }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('labels').where('account_id', '=', accountId).execute();
    for (const part of chunks(rows, ROWS_PER_STATEMENT)) await trx.insertInto('labels').values(part).execute();
  });
}

/** A message a sync had to skip (Gmail refused it, or its metadata could not be read). */
export interface SkippedMessage {
  id: string;
  reason: string;
}

/** Skips after this many tries are kept (and shown) but no longer retried. */
export const SKIPPED_RETRY_LIMIT = 5;

/** Records skipped messages (a repeat skip counts one more attempt), in the page's transaction. */
export async function recordSkipped(db: Db, accountId: string, skipped: readonly SkippedMessage[], now: number): Promise<void> {
  for (const { id, reason } of skipped) {
    await db
      .insertInto('sync_skipped_messages')
      .values({ account_id: accountId, message_id: id, reason, attempts: 1, first_skipped_at: now, last_tried_at: now })
      .onConflict((oc) =>
        oc.columns(['account_id', 'message_id']).doUpdateSet((eb) => ({ reason, last_tried_at: now, attempts: eb(eb.ref('sync_skipped_messages.attempts'), '+', 1) })),
      )
      .execute();
  }
}

/** Messages stored or gone are no longer skipped. */
export async function forgetSkipped(db: Db, accountId: string, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids, 500)) {
    await db.deleteFrom('sync_skipped_messages').where('account_id', '=', accountId).where('message_id', 'in', part).execute();
  }
}

/** Skipped messages still worth another try, oldest try first. */
export async function skippedToRetry(db: Db, accountId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sync_skipped_messages')
    .select('message_id')
    .where('account_id', '=', accountId)
    .where('attempts', '<', SKIPPED_RETRY_LIMIT)
    .orderBy('last_tried_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.message_id);
}
