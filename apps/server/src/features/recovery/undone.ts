import type { UserFnContext } from '../registry.ts';

/** An action batch undone in full before the answer: its messages have their labels from before again. */
export interface BatchUndone {
  accountId: string;
  messageIds: readonly string[];
}

export type BatchUndoneListener = (ctx: UserFnContext, undone: BatchUndone) => Promise<void>;

const listeners = new Set<BatchUndoneListener>();

/** Features that keep derived data about labels (priority's inbox) hear of an undo at once. Idempotent. */
export function onBatchUndone(listener: BatchUndoneListener): void {
  listeners.add(listener);
}

/** Tells the listeners; a listener's failure is logged, never the undo's. */
export async function batchUndone(ctx: UserFnContext, undone: BatchUndone): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(ctx, undone);
    } catch (error) {
      ctx.log.warn({ err: error }, 'an undo listener failed');
    }
  }
}
