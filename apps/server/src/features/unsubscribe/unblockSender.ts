/** Stops archiving a blocked subscription's new mail. */
import type { FnImpl } from '../registry.ts';
import { unblockSender as run } from './service.ts';

export const unblockSender: FnImpl<'unblockSender'> = (ctx, data) => run(ctx, data);
