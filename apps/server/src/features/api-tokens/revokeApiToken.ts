import { notFound } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { revokeApiToken as revoke } from './repository.ts';

/** Revokes one of the caller's tokens at once; another user's token id answers NOT_FOUND. */
export const revokeApiToken: FnImpl<'revokeApiToken'> = async (ctx, data) => {
  if (!(await revoke(ctx.db, ctx.principal.userId, data.tokenId))) throw notFound('No API token with this id');
  return { revoked: true };
};
