import type { ActionBatch } from '@mailroom/contract';
import type { IconName, Tone } from '../../../shared/ui';

const numberFormat = new Intl.NumberFormat();
const count = (n: number) => `${numberFormat.format(n)} ${n === 1 ? 'message' : 'messages'}`;

export type BatchKind = ActionBatch['kind'];

/** Each kind of action in words: done (past tense), while running, and what undo does. */
const WORDS: Record<BatchKind, { done: (n: string) => string; running: (n: string) => string; undo: string; icon: IconName }> = {
  quarantine: {
    done: (n) => `Quarantined ${n}`,
    running: (n) => `Quarantining ${n}`,
    undo: 'Undo puts them back in your inbox with their labels.',
    icon: 'shield',
  },
  delete: {
    done: (n) => `Moved ${n} to trash`,
    running: (n) => `Moving ${n} to trash`,
    undo: 'Undo takes them out of the trash with their labels.',
    icon: 'trash',
  },
  archive: { done: (n) => `Archived ${n}`, running: (n) => `Archiving ${n}`, undo: 'Undo puts them back in your inbox.', icon: 'archive' },
  star: { done: (n) => `Starred ${n}`, running: (n) => `Starring ${n}`, undo: 'Undo takes the stars away again.', icon: 'star' },
  unstar: { done: (n) => `Removed the star from ${n}`, running: (n) => `Removing the star from ${n}`, undo: 'Undo stars them again.', icon: 'star' },
  important: { done: (n) => `Marked ${n} important`, running: (n) => `Marking ${n} important`, undo: 'Undo marks them as they were.', icon: 'important' },
  not_important: { done: (n) => `Marked ${n} not important`, running: (n) => `Marking ${n} not important`, undo: 'Undo marks them important again.', icon: 'important' },
  mark_read: { done: (n) => `Marked ${n} as read`, running: (n) => `Marking ${n} as read`, undo: 'Undo marks them unread again.', icon: 'mailOpen' },
  mark_unread: { done: (n) => `Marked ${n} as unread`, running: (n) => `Marking ${n} as unread`, undo: 'Undo marks them read again.', icon: 'mail' },
};

/** "Quarantined 3 messages", "Moved 1 message to trash", "Starred 2 messages": what the action did. */
export function describeAction(kind: BatchKind, n: number): string {
  return WORDS[kind].done(count(n));
}

/** While it runs: "Quarantining 1,200 messages". */
export function describeRunning(kind: BatchKind, n: number): string {
  return WORDS[kind].running(count(n));
}

/** What undo does for this kind of action. */
export function describeUndo(kind: BatchKind): string {
  return WORDS[kind].undo;
}

/** The icon /recovery shows beside the action. */
export function iconOf(kind: BatchKind): IconName {
  return WORDS[kind].icon;
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
