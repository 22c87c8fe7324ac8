/** The recovery feature's public surface: the categories page shows its Undo toast. */
export { UndoBar, type RecentAction } from './components/UndoBar';
export { actionBatchesKey, useActionBatches, useUndoBatch } from './hooks/useActionBatches';
export { canUndo, describeAction, describeRunning, iconOf, isBusy } from './lib/batchText';
export { RECOVERY_DAYS } from './lib/constants';
