import type { FnImpl } from '../registry.ts';
import { requireDigest } from './digest.ts';

export const getDigest: FnImpl<'getDigest'> = async (ctx, data) => {
  const { accountId: _accountId, start: _start, end: _end, ...digest } = await requireDigest(ctx.db, ctx.principal.userId, data.digestId);
  return digest;
};
