import { HOUR_MS, PROMISE_JOBS, PURGE_DEADLINE_MS } from '@mailroom/contract';
import { PURGE_RETRY_DELAY_SECONDS, PURGE_RETRY_LIMIT } from '../../constants/purge.ts';
import { purgeAccountData } from '../../db/account-data.ts';
import type { AppServices } from '../../platform/services.ts';
import { defineJob } from '../../platform/plugin.ts';

export const PURGE_ACCOUNT_JOB = PROMISE_JOBS.accountPurge;

/**
 * The purge sweep runs hourly: a purge whose job was lost (a restart of the in-process queue) or
 * gave up (the database was down for its retries) starts again within the hour, so the 24-hour
 * promise holds with a wide margin.
 */
export const PURGE_SWEEP_CRON = '7 * * * *';

/**
 * The purge after a disconnect: deletes every row keyed by the account, then the account row.
 * Only an account marked disconnected is ever purged, so a stale job cannot touch a live one.
 */
export const purgeAccountJob = defineJob<{ accountId: string }>({
  name: PURGE_ACCOUNT_JOB,
  key: (data) => data.accountId,
  retryLimit: PURGE_RETRY_LIMIT,
  retryDelaySeconds: PURGE_RETRY_DELAY_SECONDS,
  handler: async ({ accountId }, _meta, { db, log }) => {
    const account = await db.selectFrom('mail_accounts').select('disconnected_at').where('id', '=', accountId).executeTakeFirst();
    if (!account || account.disconnected_at === null) return;
    const report = await purgeAccountData(db, accountId);
    log.info({ accountId, deleted: report.deleted }, 'disconnected account purged');
  },
});

/**
 * Re-queues every purge not finished yet: after a restart (the in-process queue forgets its
 * jobs; the disconnected_at mark does not) and from the hourly sweep.
 */
export async function resumePendingPurges({ db, jobs, log, clock }: Pick<AppServices, 'db' | 'jobs' | 'log' | 'clock'>): Promise<void> {
  const now = clock.now();
  const pending = await db.selectFrom('mail_accounts').select(['id', 'disconnected_at']).where('disconnected_at', 'is not', null).execute();
  for (const account of pending) {
    if (account.disconnected_at !== null && now - account.disconnected_at > PURGE_DEADLINE_MS) {
      log.error({ accountId: account.id }, `purge of a disconnected account is overdue (over ${PURGE_DEADLINE_MS / HOUR_MS} hours)`);
    }
    await jobs.enqueue(PURGE_ACCOUNT_JOB, { accountId: account.id });
  }
}

export const purgeSweepJob = defineJob<Record<string, never>>({
  name: PROMISE_JOBS.purgeSweep,
  key: () => 'all',
  handler: (_data, _meta, services) => resumePendingPurges(services),
});
