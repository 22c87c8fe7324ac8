import crypto from 'node:crypto';
import { ACTION_UNDO_WINDOW_MS, type ActionBatch } from '@mailroom/contract';
import { labelColumns } from '@mailroom/mail-query';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ActionBatchesTable } from '../../db/schema.ts';
import { applyChange, changeKey, type LabelChange } from './changes.ts';

export type BatchRow = Selectable<ActionBatchesTable>;
export type BatchKind = ActionBatchesTable['kind'];
export type BatchStatus = ActionBatchesTable['status'];

/** Rows per IN (...) list and per multi-row insert: well under both engines' parameter limits. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export interface NewBatch {
  accountId: string;
  kind: BatchKind;
  categoryId: string | null;
  categoryName: string | null;
  change: LabelChange;
  /** Every message with its labels before the action, in the order they are to be changed. */
  messages: ReadonlyArray<{ id: string; labelIds: readonly string[] }>;
}

/**
 * Records a batch and every one of its messages in one transaction, before Gmail is touched:
 * either the whole batch is recorded or nothing is, so it can never be half-recorded.
 */
export async function recordBatch(db: Db, batch: NewBatch, now: number = Date.now()): Promise<BatchRow> {
  const row: BatchRow = {
    id: crypto.randomUUID(),
    account_id: batch.accountId,
    kind: batch.kind,
    category_id: batch.categoryId,
    category_name: batch.categoryName,
    status: 'running',
    message_count: batch.messages.length,
    done_count: 0,
    restored_count: 0,
    error: null,
    created_at: now,
    expires_at: now + ACTION_UNDO_WINDOW_MS,
    completed_at: null,
    undone_at: null,
    updated_at: now,
    label_change: JSON.stringify(batch.change),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('action_batches').values(row).execute();
    let position = 0;
    for (const part of chunks(batch.messages, CHUNK)) {
      await trx
        .insertInto('action_batch_messages')
        .values(
          part.map((m) => ({
            batch_id: row.id,
            account_id: batch.accountId,
            message_id: m.id,
            position: position++,
            previous_labels: JSON.stringify(m.labelIds),
            state: 'pending' as const,
          })),
        )
        .execute();
    }
  });
  return row;
}

export async function findBatch(db: Db, accountId: string, batchId: string): Promise<BatchRow | null> {
  return (await db.selectFrom('action_batches').selectAll().where('id', '=', batchId).where('account_id', '=', accountId).executeTakeFirst()) ?? null;
}

export async function loadBatch(db: Db, batchId: string): Promise<BatchRow | null> {
  return (await db.selectFrom('action_batches').selectAll().where('id', '=', batchId).executeTakeFirst()) ?? null;
}

/** The batches still undoable (created within the last 7 days), newest first. */
export async function listLiveBatches(db: Db, accountId: string, now: number = Date.now()): Promise<BatchRow[]> {
  return db
    .selectFrom('action_batches')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Expired batches can no longer be undone, so the labels kept for undo go; the batch row itself
 * stays, small, so an undo of it still answers "expired" rather than "unknown".
 */
export async function forgetExpiredMessages(db: Db, accountId: string, now: number = Date.now()): Promise<void> {
  await db
    .deleteFrom('action_batch_messages')
    .where('account_id', '=', accountId)
    .where('batch_id', 'in', (eb) => eb.selectFrom('action_batches').select('id').where('account_id', '=', accountId).where('expires_at', '<=', now))
    .execute();
}

/**
 * The daily expiry over every account: the undo records (labels kept for undo) of every batch
 * past its 7 days are deleted. Returns how many message records went.
 */
export async function expireBatches(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('action_batch_messages')
    .where('batch_id', 'in', (eb) => eb.selectFrom('action_batches').select('id').where('expires_at', '<=', now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Moves a batch from one of `from` to `to`; false when it was not in one of them (someone else got there first). */
export async function transition(
  db: Db,
  batchId: string,
  from: readonly BatchStatus[],
  to: BatchStatus,
  extra: Partial<Pick<BatchRow, 'error' | 'completed_at' | 'undone_at'>> = {},
  now: number = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('action_batches')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', batchId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface BatchMessage {
  id: string;
  previous: string[];
}

/** The next messages in `states`, in batch order. */
export async function nextMessages(db: Db, batchId: string, states: ReadonlyArray<'pending' | 'applied' | 'restored'>, limit: number): Promise<BatchMessage[]> {
  const rows = await db
    .selectFrom('action_batch_messages')
    .select(['message_id', 'previous_labels'])
    .where('batch_id', '=', batchId)
    .where('state', 'in', [...states])
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.message_id, previous: JSON.parse(r.previous_labels) as string[] }));
}

/** PostgreSQL deadlock or serialization failure, or SQLite busy: the transaction may simply be run again. */
function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
}

async function retryingConflicts<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= attempts) throw error;
    }
  }
}

/**
 * After Gmail accepted a change for `messages`: marks them and counts the progress in one
 * transaction, then mirrors the change into the store right away, so category views and counts
 * reflect it before the sync confirms it from Gmail's history. The sync may be writing the same
 * rows at that moment (PostgreSQL can then report a deadlock), so the mirror is retried; it is
 * idempotent, and the sync brings the store in line with Gmail in any case.
 */
export async function markChanged(
  db: Db,
  batch: Pick<BatchRow, 'id' | 'account_id'>,
  messages: ReadonlyArray<{ id: string; change: LabelChange }>,
  outcome: { state: 'applied' | 'restored'; counter: 'done_count' | 'restored_count' },
  now: number = Date.now(),
): Promise<void> {
  if (messages.length === 0) return;
  await retryingConflicts(() =>
    db.transaction().execute(async (trx) => {
      for (const part of chunks(messages, CHUNK)) {
        await trx
          .updateTable('action_batch_messages')
          .set({ state: outcome.state })
          .where('batch_id', '=', batch.id)
          .where(
            'message_id',
            'in',
            part.map((m) => m.id),
          )
          .execute();
      }
      await trx
        .updateTable('action_batches')
        .set((eb) =>
          outcome.counter === 'done_count'
            ? { done_count: eb('done_count', '+', messages.length), updated_at: now }
            : { restored_count: eb('restored_count', '+', messages.length), updated_at: now },
        )
        .where('id', '=', batch.id)
        .execute();
    }),
  );
  await retryingConflicts(() => mirrorIntoStore(db, batch.account_id, messages));
}

async function mirrorIntoStore(db: Db, accountId: string, messages: ReadonlyArray<{ id: string; change: LabelChange }>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(messages, CHUNK)) {
      const stored = await trx
        .selectFrom('messages')
        .select(['id', 'label_ids'])
        .where('account_id', '=', accountId)
        .where(
          'id',
          'in',
          part.map((m) => m.id),
        )
        .orderBy('id')
        .execute();
      const changeOf = new Map(part.map((m) => [m.id, m.change]));
      // Messages that end up with the same labels are updated together.
      const byLabels = new Map<string, { labels: string[]; ids: string[] }>();
      for (const row of stored) {
        const labels = applyChange(JSON.parse(row.label_ids) as string[], changeOf.get(row.id)!);
        const key = JSON.stringify(labels);
        const group = byLabels.get(key) ?? { labels, ids: [] };
        group.ids.push(row.id);
        byLabels.set(key, group);
      }
      for (const group of byLabels.values()) {
        await trx.updateTable('messages').set(labelColumns(group.labels)).where('account_id', '=', accountId).where('id', 'in', group.ids).execute();
      }
    }
  });
}

/** Groups messages by the change they need, so each group is one batchModify. */
export function groupByChange<T extends { change: LabelChange }>(items: readonly T[]): Array<{ change: LabelChange; items: T[] }> {
  const groups = new Map<string, { change: LabelChange; items: T[] }>();
  for (const item of items) {
    const key = changeKey(item.change);
    const group = groups.get(key) ?? { change: item.change, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toActionBatch(row: BatchRow): ActionBatch {
  return {
    batchId: row.id,
    kind: row.kind,
    categoryId: row.category_id,
    categoryName: row.category_name,
    count: Number(row.message_count),
    done: Number(row.done_count),
    restored: Number(row.restored_count),
    status: row.status,
    error: row.error,
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at)!,
    undoneAt: iso(row.undone_at),
  };
}
