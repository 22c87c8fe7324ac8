import { FnError } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { createApiToken as create } from './repository.ts';

/**
 * A new personal API token, shown once. Only a signed-in browser session may mint tokens: a
 * leaked token must not be able to create more of itself.
 */
export const createApiToken: FnImpl<'createApiToken'> = async (ctx, data) => {
  if (ctx.principal.via !== 'session') {
    throw new FnError('PERMISSION_DENIED', 'API tokens can only be created from a signed-in browser session');
  }
  return create(ctx.db, ctx.principal.userId, data.name);
};
