import { requireWriteScope } from '../../auth/gmail-scopes.ts';
import { FnError, notFound } from '../../http/errors.ts';
import { requireConnectedAccount, requireProvider } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { findBatch, loadBatch, transition, type BatchRow } from './repository.ts';
import { carryOn } from './start.ts';

function refusal(batch: BatchRow, now: number): FnError | null {
  if (batch.expires_at <= now) {
    return new FnError('FAILED_PRECONDITION', 'This action is more than 7 days old and can no longer be undone.', { reason: 'BATCH_EXPIRED' });
  }
  if (batch.status === 'undone') return new FnError('FAILED_PRECONDITION', 'This action was already undone.', { reason: 'ALREADY_UNDONE' });
  if (batch.status === 'running' || batch.status === 'undoing') {
    return new FnError('FAILED_PRECONDITION', 'This action is still in progress; undo it when it has finished.', { reason: 'BATCH_IN_PROGRESS' });
  }
  return null;
}

/** Puts the batch's messages back exactly as they were, within 7 days. */
export const undoActionBatch: FnImpl<'undoActionBatch'> = async (ctx, data) => {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const batch = await findBatch(ctx.db, account.id, data.batchId);
  if (!batch) throw notFound('No such action');
  const now = Date.now();
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
  return { batchId: batch.id, status: status === 'done' ? ('undone' as const) : ('undoing' as const), restored: Number(after?.restored_count ?? 0) };
};
