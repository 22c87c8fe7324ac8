import type { ActionBatch } from '@mailroom/contract';
import type { Tone } from '../../../shared/ui';

const numberFormat = new Intl.NumberFormat();
const count = (n: number) => `${numberFormat.format(n)} ${n === 1 ? 'message' : 'messages'}`;

export type BatchKind = ActionBatch['kind'];

/** "Quarantined 3 messages", "Moved 1 message to trash": what the action did, in the past tense. */
export function describeAction(kind: BatchKind, n: number): string {
  return kind === 'quarantine' ? `Quarantined ${count(n)}` : `Moved ${count(n)} to trash`;
}

/** While it runs: "Quarantining 1,200 messages". */
export function describeRunning(kind: BatchKind, n: number): string {
  return kind === 'quarantine' ? `Quarantining ${count(n)}` : `Moving ${count(n)} to trash`;
}

/** What undo does for this kind of action. */
export function describeUndo(kind: BatchKind): string {
  return kind === 'quarantine' ? 'Undo puts them back in your inbox with their labels.' : 'Undo takes them out of the trash with their labels.';
}

export function isBusy(batch: Pick<ActionBatch, 'status'>): boolean {
  return batch.status === 'running' || batch.status === 'undoing';
}

/** Undo is offered for an applied (or partly applied) batch, and again after a failed undo. */
export function canUndo(batch: Pick<ActionBatch, 'status'>): boolean {
  return batch.status === 'done' || batch.status === 'failed' || batch.status === 'undo_failed';
}

export interface BatchStatusText {
  label: string;
  tone: Tone;
}

export function statusOf(batch: ActionBatch): BatchStatusText {
  switch (batch.status) {
    case 'running':
      return { label: 'In progress', tone: 'accent' };
    case 'done':
      return { label: 'Done', tone: 'success' };
    case 'failed':
      return { label: 'Stopped part-way', tone: 'danger' };
    case 'undoing':
      return { label: 'Undoing', tone: 'accent' };
    case 'undone':
      return { label: 'Undone', tone: 'neutral' };
    case 'undo_failed':
      return { label: 'Undo failed', tone: 'danger' };
  }
}

/** Progress of a busy batch as 0–100 and as words. */
export function progressOf(batch: ActionBatch): { percent: number; text: string } {
  const doneCount = batch.status === 'undoing' ? batch.restored : batch.done;
  const percent = batch.count > 0 ? Math.round((doneCount / batch.count) * 100) : 0;
  const verb = batch.status === 'undoing' ? 'restored' : 'done';
  return { percent, text: `${numberFormat.format(doneCount)} of ${numberFormat.format(batch.count)} ${verb}` };
}
