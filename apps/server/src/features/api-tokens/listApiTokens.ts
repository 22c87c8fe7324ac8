import type { FnImpl } from '../registry.ts';
import { listApiTokens as list } from './repository.ts';

/** The caller's tokens: names and dates, never values. */
export const listApiTokens: FnImpl<'listApiTokens'> = async (ctx) => ({ tokens: await list(ctx.db, ctx.principal.userId) });
