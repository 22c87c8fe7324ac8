import { displayNameOf } from '../../auth/users.ts';
import { notFound } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';

/** The caller's display name and where it comes from (Settings › Account). */
export const getProfile: FnImpl<'getProfile'> = async (ctx) => {
  const profile = await displayNameOf(ctx.db, ctx.principal.userId);
  if (!profile) throw notFound('No such user');
  return profile;
};
