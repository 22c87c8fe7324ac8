import { setDisplayName } from '../../auth/users.ts';
import { notFound } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';

/**
 * Sets the caller's display name (validated by the contract: empty, too long or with control
 * characters answered INVALID_ARGUMENT before this runs), or with null goes back to the sign-in
 * provider's name. Sessions read the name from the users row, so the next session check greets by it.
 */
export const updateProfile: FnImpl<'updateProfile'> = async (ctx, data) => {
  const profile = await setDisplayName(ctx.db, ctx.principal.userId, data.displayName, ctx.clock.now());
  if (!profile) throw notFound('No such user');
  return profile;
};
