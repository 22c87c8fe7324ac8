import type { FnImpl } from '../registry.ts';
import { recordOf } from './outbox.ts';
import { requireSend } from './sending.ts';

/** Where one of the user's sends stands (after Undo's window, the web asks this to say "Sent" or why not). */
export const getSend: FnImpl<'getSend'> = async (ctx, { sendId }) => recordOf(await requireSend(ctx, sendId));
