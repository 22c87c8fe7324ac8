import type { FastifyBaseLogger } from 'fastify';
import { PURGE_DEADLINE_MS, PURGE_RETRY_DELAY_SECONDS, PURGE_RETRY_LIMIT } from '../../constants/purge.ts';
import { purgeAccountData } from '../../db/account-data.ts';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';

export const PURGE_ACCOUNT_JOB = 'mail.purge-account';

/**
 * The purge after a disconnect: deletes every row keyed by the account, then the account row.
 * Only an account marked disconnected is ever purged, so a stale job cannot touch a live one.
 */
export function definePurgeJob(jobs: JobQueue, db: Db, log: FastifyBaseLogger): void {
  jobs.define<{ accountId: string }>({
    name: PURGE_ACCOUNT_JOB,
    key: (data) => data.accountId,
    retryLimit: PURGE_RETRY_LIMIT,
    retryDelaySeconds: PURGE_RETRY_DELAY_SECONDS,
    handler: async ({ accountId }) => {
      const account = await db.selectFrom('mail_accounts').select('disconnected_at').where('id', '=', accountId).executeTakeFirst();
      if (!account || account.disconnected_at === null) return;
      const report = await purgeAccountData(db, accountId);
      log.info({ accountId, deleted: report.deleted }, 'disconnected account purged');
    },
  });
}

/**
 * Re-queues purges a restart interrupted (the in-process queue forgets its jobs; the
 * disconnected_at mark does not).
 */
export async function resumePendingPurges(db: Db, jobs: JobQueue, log: FastifyBaseLogger, now: number = Date.now()): Promise<void> {
  const pending = await db.selectFrom('mail_accounts').select(['id', 'disconnected_at']).where('disconnected_at', 'is not', null).execute();
  for (const account of pending) {
    if (account.disconnected_at !== null && now - account.disconnected_at > PURGE_DEADLINE_MS) {
      log.error({ accountId: account.id }, 'purge of a disconnected account is overdue (over 24 hours)');
    }
    await jobs.enqueue(PURGE_ACCOUNT_JOB, { accountId: account.id });
  }
}
