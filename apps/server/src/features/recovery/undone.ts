import type { MailAction } from '@mailroom/contract';
import type { AppServices } from '../../platform/services.ts';

/** An action batch undone in full (before the answer, or by its job): its messages have their labels from before again. */
export interface BatchUndone {
  accountId: string;
  messageIds: readonly string[];
  /** What the batch did (the action now taken back), and when it started (epoch ms). */
  action: MailAction;
  startedAt: number;
}

/** What a listener gets: a function's context (an undo answered at once) or the batch job's services (an undo finished in the background). */
export type UndoServices = Pick<AppServices, 'db' | 'clock' | 'jobs' | 'log'>;

export type BatchUndoneListener = (services: UndoServices, undone: BatchUndone) => Promise<void>;

const listeners = new Set<BatchUndoneListener>();

/** Features that keep derived data about labels (priority's inbox) or learned from the action (priority's model) hear of an undo at once. Idempotent. */
export function onBatchUndone(listener: BatchUndoneListener): void {
  listeners.add(listener);
}

/** Tells the listeners; a listener's failure is logged, never the undo's. */
export async function batchUndone(services: UndoServices, undone: BatchUndone): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(services, undone);
    } catch (error) {
      services.log.warn({ err: error }, 'an undo listener failed');
    }
  }
}
