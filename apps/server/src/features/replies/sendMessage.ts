import type { FnImpl } from '../registry.ts';
import { queueSend } from './sending.ts';

/** Queues a reply, reply-all or forward for the user's undo-send delay; the send job sends it then. */
export const sendMessage: FnImpl<'sendMessage'> = (ctx, data) => queueSend(ctx, data);
