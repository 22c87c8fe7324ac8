import { ACTION_UNDO_WINDOW_MS, DAY_MS } from '@mailroom/contract';
import { requireWriteScope } from '../../auth/gmail-scopes.ts';
import { FnError, failedPrecondition, notFound } from '../../errors.ts';
import { requireConnectedAccount, requireProvider } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { findBatch, loadBatch, transition, type BatchRow } from './repository.ts';
import { carryOn } from './start.ts';
import { batchUndone } from './undone.ts';

function refusal(batch: BatchRow, now: number): FnError | null {
  if (batch.expires_at <= now) {
    return failedPrecondition('BATCH_EXPIRED', `This action is more than ${ACTION_UNDO_WINDOW_MS / DAY_MS} days old and can no longer be undone.`);
  }
  if (batch.status === 'undone') return failedPrecondition('ALREADY_UNDONE', 'This action was already undone.');
  if (batch.status === 'running' || batch.status === 'undoing') {
    return failedPrecondition('BATCH_IN_PROGRESS', 'This action is still in progress; undo it when it has finished.');
  }
  return null;
}

/** Puts the batch's messages back exactly as they were, within 7 days. */
export const undoActionBatch: FnImpl<'undoActionBatch'> = async (ctx, data) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const batch = await findBatch(ctx.db, account.id, data.batchId);
  if (!batch) throw notFound('No such action');
  const now = ctx.clock.now();
  const refused = refusal(batch, now);
  if (refused) throw refused;
  requireWriteScope(account);
  const provider = await requireProvider(ctx.providers, account);
  // Claimed by exactly one undo, however many arrive at once.
  if (!(await transition(ctx.db, batch.id, ['done', 'failed', 'undo_failed'], 'undoing', { error: null }, now))) {
    const current = await loadBatch(ctx.db, batch.id);
    throw (current && refusal(current, now)) ?? new FnError('ABORTED', 'The action changed meanwhile; try again.');
  }
  const status = await carryOn(ctx, provider, batch, Number(batch.message_count) - Number(batch.restored_count));
  const after = await loadBatch(ctx.db, batch.id);
  if (status === 'done') {
    const rows = await ctx.db.selectFrom('action_batch_messages').select('message_id').where('batch_id', '=', batch.id).execute();
    await batchUndone(ctx, { accountId: account.id, messageIds: rows.map((r) => r.message_id), action: batch.kind, startedAt: Number(batch.created_at) });
  }
  return { batchId: batch.id, status: status === 'done' ? ('undone' as const) : ('undoing' as const), restored: Number(after?.restored_count ?? 0) };
};
