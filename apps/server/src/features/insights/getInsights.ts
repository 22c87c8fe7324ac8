import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { loadSettings } from '../settings/index.ts';
import { computeInsights } from './service.ts';

/** /insights for one range, in the zone asked for or the user's own (their settings). */
export const getInsights: FnImpl<'getInsights'> = async (ctx, data) => {
  const { settings } = await loadSettings(ctx.db, ctx.principal.userId);
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  return computeInsights(ctx.db, {
    accountId: account?.id ?? null,
    from: data.from,
    to: data.to,
    timeZone: data.tz ?? settings.account.timeZone,
    settings,
    now: ctx.clock.now(),
  });
};
