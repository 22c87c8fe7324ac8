import type { Db } from '../../db/database.ts';
import { GrantRevokedError, InsufficientScopeError, NotFoundError, ProviderError, type MailProvider } from '../../providers/mail-provider.ts';
import { inverseChange, isNoChange, parseLabelChange } from './changes.ts';
import { groupByChange, loadBatch, markChanged, nextMessages, transition, type BatchRow } from './repository.ts';

export interface RunnerDeps {
  db: Db;
  provider: MailProvider;
  now?: () => number;
}

/**
 * Applies the batch's change to its messages not yet changed, a batchModify of at most 1,000 ids
 * at a time (DESIGN §5), recording each chunk's progress after Gmail accepted it. Resumable: a
 * retry after a failure or a crash carries on with what is still pending (re-applying a chunk
 * Gmail took but the store did not record is harmless, label changes being idempotent).
 */
async function apply(deps: RunnerDeps, batch: BatchRow): Promise<void> {
  const change = parseLabelChange(batch.label_change);
  for (;;) {
    const next = await nextMessages(deps.db, batch.id, ['pending'], deps.provider.limits.maxIdsPerBatchModify);
    if (next.length === 0) break;
    await deps.provider.batchModify(
      next.map((m) => m.id),
      change,
    );
    await markChanged(deps.db, batch, next.map((m) => ({ id: m.id, change })), { state: 'applied', counter: 'done_count' }, now(deps));
  }
  await transition(deps.db, batch.id, ['running'], 'done', { completed_at: now(deps), error: null }, now(deps));
}

/**
 * Puts every message back: for each, the inverse of what the change did to it given its labels
 * from before (messages needing the same inverse go in one batchModify). Messages the batch never
 * reached are inverted too, which changes nothing for them, so a batch that failed part-way (or
 * whose last chunk Gmail took without the store recording it) is restored exactly.
 */
async function undo(deps: RunnerDeps, batch: BatchRow): Promise<void> {
  const change = parseLabelChange(batch.label_change);
  for (;;) {
    const next = await nextMessages(deps.db, batch.id, ['pending', 'applied'], deps.provider.limits.maxIdsPerBatchModify);
    if (next.length === 0) break;
    const items = next.map((m) => ({ id: m.id, change: inverseChange(m.previous, change) }));
    for (const group of groupByChange(items)) {
      if (isNoChange(group.change)) continue;
      await deps.provider.batchModify(
        group.items.map((i) => i.id),
        group.change,
      );
    }
    await markChanged(deps.db, batch, items, { state: 'restored', counter: 'restored_count' }, now(deps));
  }
  await transition(deps.db, batch.id, ['undoing'], 'undone', { undone_at: now(deps), error: null }, now(deps));
}

const now = (deps: RunnerDeps) => (deps.now ?? Date.now)();

/** Carries the batch forward: applies it while running, restores it while undoing; otherwise nothing to do. */
export async function runBatch(deps: RunnerDeps, batchId: string): Promise<BatchRow | null> {
  const batch = await loadBatch(deps.db, batchId);
  if (!batch) return null;
  if (batch.status === 'running') await apply(deps, batch);
  else if (batch.status === 'undoing') await undo(deps, batch);
  return loadBatch(deps.db, batchId);
}

/** Whether trying again later can help: rate limits and server errors can, a revoked grant or a refusal cannot. */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof GrantRevokedError || error instanceof InsufficientScopeError || error instanceof NotFoundError) return false;
  if (error instanceof ProviderError) return error.status === null || error.status === 429 || error.status >= 500 || error.reason === 'rateLimitExceeded' || error.reason === 'userRateLimitExceeded';
  return true;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stops a batch that cannot go on, keeping what it did: the user can undo that from /recovery. */
export async function markStopped(db: Db, batch: Pick<BatchRow, 'id'>, error: unknown): Promise<void> {
  const message = describeError(error);
  await transition(db, batch.id, ['running'], 'failed', { error: message });
  await transition(db, batch.id, ['undoing'], 'undo_failed', { error: message });
}
