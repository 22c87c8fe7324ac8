import { revokeGmailGrant } from '../../auth/gmail-tokens.ts';
import { authServicesOf } from '../../auth/services.ts';
import type { FnImpl } from '../registry.ts';
import { PURGE_ACCOUNT_JOB } from './purge-job.ts';
import { findAccountOfUser, isConnected, markDisconnected } from './repository.ts';

/**
 * Revokes the grant at the provider, deletes the tokens at once, and queues the purge of every
 * row of the account's mail data (DESIGN §1: within 24 hours; in practice seconds).
 */
export const disconnectGmail: FnImpl<'disconnectGmail'> = async (ctx) => {
  const account = await findAccountOfUser(ctx.db, ctx.principal.userId);
  if (!account) return { disconnected: false, purgeJobId: null };
  if (isConnected(account)) {
    const { secrets, oauth } = authServicesOf(ctx.request);
    try {
      await revokeGmailGrant(ctx.db, secrets.tokenKey, oauth, account.id);
    } catch (error) {
      // The user asked to be disconnected: the local tokens go regardless. The grant can still
      // be removed at https://myaccount.google.com/permissions.
      ctx.log.warn({ err: error, accountId: account.id }, 'revoking the Gmail grant at the provider failed');
    }
    await markDisconnected(ctx.db, account.id);
  }
  const purgeJobId = await ctx.jobs.enqueue(PURGE_ACCOUNT_JOB, { accountId: account.id });
  return { disconnected: true, purgeJobId };
};
