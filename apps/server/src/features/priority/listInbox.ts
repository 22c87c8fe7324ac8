import type { FnImpl } from '../registry.ts';
import { listInbox as list } from './service.ts';

/** The inbox by priority, Important / Other / all, a page at a time, each message with its score and reason. */
export const listInbox: FnImpl<'listInbox'> = (ctx, data) => list(ctx, data);
