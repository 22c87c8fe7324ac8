import type { FnImpl } from '../registry.ts';
import { startBatch } from './start.ts';

/** Moves messages to Gmail's trash (never permanent deletion); undoable for 7 days. */
export const bulkDeleteEmails: FnImpl<'bulkDeleteEmails'> = (ctx, data) => startBatch(ctx, 'delete', data);
