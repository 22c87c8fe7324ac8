import { loadSettings } from '../settings/index.ts';
import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { FnImpl } from '../registry.ts';
import { dueDigest, listDigests as digestsOf } from './digest.ts';
import { BUILD_DIGEST_JOB } from './jobs.ts';

/**
 * /digest: the last 30 days of digests. When today's is due and not built yet (the server was
 * down at the hour, or the schedule has not come round), the digest job is asked to build it.
 */
export const listDigests: FnImpl<'listDigests'> = async (ctx) => {
  const now = ctx.clock.now();
  const { settings } = await loadSettings(ctx.db, ctx.principal.userId);
  const due = dueDigest(now, settings.account.timeZone, settings.mail.digestHour);
  const digests = await digestsOf(ctx.db, ctx.principal.userId, now);
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  if (account && digests[0]?.day !== due.day) await ctx.jobs.enqueue(BUILD_DIGEST_JOB, { userId: ctx.principal.userId, accountId: account.id });
  return { digests, nextDueAt: new Date(due.nextDueAt).toISOString(), digestHour: settings.mail.digestHour, timeZone: settings.account.timeZone };
};
