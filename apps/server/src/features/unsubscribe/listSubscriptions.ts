/** Lists the user's subscriptions (lists and bulk senders) with counts, methods and state; read-only. */
import type { FnImpl } from '../registry.ts';
import { listSubscriptions as run } from './service.ts';

export const listSubscriptions: FnImpl<'listSubscriptions'> = (ctx, data) => run(ctx, data);
