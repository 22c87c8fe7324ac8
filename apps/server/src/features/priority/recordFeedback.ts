import type { FnImpl } from '../registry.ts';
import { recordFeedback as record } from './service.ts';

/** Learns one act of the user's on one message now (or takes the latest back), and says what it changed. */
export const recordFeedback: FnImpl<'recordFeedback'> = (ctx, data) => record(ctx, data.messageId, data.action, data.undo === true);
