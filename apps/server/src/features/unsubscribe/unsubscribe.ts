/** Unsubscribes by RFC 8058 one-click, mailto: or a link for the user; optionally archives existing mail and blocks. */
import type { FnImpl } from '../registry.ts';
import { unsubscribe as run } from './service.ts';

export const unsubscribe: FnImpl<'unsubscribe'> = (ctx, data) => run(ctx, data);
