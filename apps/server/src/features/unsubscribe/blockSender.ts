/** Blocks a subscription: archives its inbox mail now (undoable) and its new mail as it syncs. */
import type { FnImpl } from '../registry.ts';
import { blockSender as run } from './service.ts';

export const blockSender: FnImpl<'blockSender'> = (ctx, data) => run(ctx, data);
