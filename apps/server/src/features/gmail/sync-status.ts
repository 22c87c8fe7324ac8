import type { z } from 'zod';
import type { syncStatusSchema } from '@mailroom/contract';
import type { Db } from '../../db/database.ts';

export type SyncStatus = z.infer<typeof syncStatusSchema>;

const NEVER: SyncStatus = { state: 'never', messageCount: 0, lastSyncAt: null, progress: null, error: null };

/**
 * The sync part of getGmailStatus, from the sync engine's sync_state row and the message
 * store. A full sync in progress reports its progress; an error its message.
 */
export async function readSyncStatus(db: Db, accountId: string | null): Promise<SyncStatus> {
  if (!accountId) return NEVER;
  const state = await db.selectFrom('sync_state').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  const count = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const messageCount = Number(count.n);
  if (!state) return { ...NEVER, messageCount };
  return {
    state: state.status,
    messageCount,
    lastSyncAt: state.last_sync_at === null ? null : new Date(state.last_sync_at).toISOString(),
    progress: state.status === 'syncing' ? { done: state.messages_done, total: state.messages_total } : null,
    error: state.status === 'error' ? state.last_error : null,
  };
}
