import { revokeGmailGrant } from '../../auth/gmail-tokens.ts';
import { authServicesOf } from '../../auth/services.ts';
import { normalizeEmail } from '../../auth/users.ts';
import { FnError, invalidArgument } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { deleteUserAndData } from './service.ts';

/**
 * Deletes the caller's account and everything stored for them, after they typed their email
 * address as confirmation. The Gmail grant is revoked at the provider first. Only a signed-in
 * browser session may do this, not an API token.
 */
export const deleteMyAccount: FnImpl<'deleteMyAccount'> = async (ctx, data) => {
  if (ctx.principal.via !== 'session') {
    throw new FnError('PERMISSION_DENIED', 'Deleting the account needs a signed-in browser session');
  }
  if (normalizeEmail(data.confirmEmail) !== normalizeEmail(ctx.principal.email)) {
    throw invalidArgument('confirmEmail does not match your email address', {
      fields: [{ field: 'data.confirmEmail', message: 'Type your email address exactly to confirm' }],
    });
  }
  const { secrets, oauth } = authServicesOf(ctx.request);
  const account = await ctx.db.selectFrom('mail_accounts').select('id').where('user_id', '=', ctx.principal.userId).executeTakeFirst();
  if (account) {
    try {
      await revokeGmailGrant(ctx.db, secrets.tokenKey, oauth, account.id);
    } catch (error) {
      ctx.log.warn({ err: error, accountId: account.id }, 'revoking the Gmail grant at the provider failed');
    }
  }
  await deleteUserAndData(ctx.db, ctx.principal.userId);
  return { deleted: true };
};
