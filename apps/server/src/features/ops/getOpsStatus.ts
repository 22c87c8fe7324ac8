import { FnError } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { accountIdsOf, accountStatus, instanceStatus, jobsOf, openWork } from './service.ts';

/** Whether the signed-in user is an operator: their address is listed in OPS_ADMINS. */
export function isOperator(opsAdmins: readonly string[], email: string): boolean {
  return opsAdmins.includes(email.trim().toLowerCase());
}

/** /ops: the caller's own sync and work; with `instance: true` (operators only) the whole instance. */
export const getOpsStatus: FnImpl<'getOpsStatus'> = async (ctx, data) => {
  const operator = isOperator(ctx.config.opsAdmins, ctx.principal.email);
  if (data.instance && !operator) throw new FnError('PERMISSION_DENIED', 'Only the operators listed in OPS_ADMINS see the whole instance.');
  const now = ctx.clock.now();
  const [account, work, accountIds] = await Promise.all([
    accountStatus(ctx.db, ctx.principal.userId),
    openWork(ctx.db, ctx.principal.userId, now),
    accountIdsOf(ctx.db, ctx.principal.userId),
  ]);
  const connected = account ? await connectedAccountId(ctx, ctx.principal.userId) : null;
  return {
    account,
    work,
    jobs: await jobsOf(ctx.jobs, accountIds, now),
    quota: connected ? ctx.observability.gmailUsage.usage(connected, now) : null,
    operator,
    instance: data.instance ? await instanceStatus(ctx.db, ctx.jobs, ctx.observability, now) : null,
  };
};

async function connectedAccountId(ctx: Parameters<typeof getOpsStatus>[0], userId: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('mail_accounts').select('id').where('user_id', '=', userId).where('disconnected_at', 'is', null).executeTakeFirst();
  return row?.id ?? null;
}
