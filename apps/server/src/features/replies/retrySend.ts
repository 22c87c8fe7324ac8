import type { FnImpl } from '../registry.ts';
import { retryFailedSend } from './sending.ts';

/** A failed send queued again, with a fresh undo window. */
export const retrySend: FnImpl<'retrySend'> = (ctx, { sendId }) => retryFailedSend(ctx, sendId);
