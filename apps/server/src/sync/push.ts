import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { GMAIL_PUSH_PATH, registerGmailPushHook } from '../providers/gmail/push.ts';
import { requestSync } from './jobs.ts';

export const PUSH_PATH = GMAIL_PUSH_PATH;

/**
 * A push notification asks for an incremental sync of every connected account of that mailbox;
 * the work happens in the sync job, which coalesces a burst of notifications into one run.
 */
export async function registerPushRoute(app: FastifyInstance, options: { db: Db; jobs: JobQueue; pushToken: string }): Promise<void> {
  await registerGmailPushHook(app, {
    pushToken: options.pushToken,
    onMailboxChanged: async (emailAddress) => {
      const accounts = await options.db
        .selectFrom('mail_accounts')
        .select('id')
        .where('email', '=', emailAddress)
        .where('needs_reconnect', '=', 0)
        .execute();
      for (const { id } of accounts) await requestSync(options.jobs, id);
    },
  });
}
