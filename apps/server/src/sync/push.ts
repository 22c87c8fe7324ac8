import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { safeEqual } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { requestSync } from './jobs.ts';

export const PUSH_PATH = '/api/gmail/push';

/** Pub/Sub push delivery (Cloud Pub/Sub: push subscriptions); Gmail's data is base64 JSON. */
const pushEnvelope = z.object({
  message: z.object({ data: z.string(), messageId: z.string().optional(), publishTime: z.string().optional() }),
  subscription: z.string().optional(),
});
const gmailNotification = z.object({ emailAddress: z.string(), historyId: z.union([z.string(), z.number()]) });

/**
 * Gmail push hook: Pub/Sub POSTs a notification when a mailbox changes. The push subscription's
 * URL carries a shared token (`?token=`), checked in constant time. The hook acknowledges at
 * once (2xx) and only enqueues an incremental sync; the work happens in the job.
 */
export async function registerPushRoute(app: FastifyInstance, options: { db: Db; jobs: JobQueue; pushToken: string }): Promise<void> {
  app.post<{ Querystring: { token?: string } }>(PUSH_PATH, async (request, reply) => {
    if (!safeEqual(request.query.token ?? '', options.pushToken)) return reply.code(403).send({ error: 'invalid push token' });
    const envelope = pushEnvelope.safeParse(request.body);
    if (!envelope.success) return reply.code(400).send({ error: 'not a Pub/Sub push message' });
    let notification;
    try {
      notification = gmailNotification.parse(JSON.parse(Buffer.from(envelope.data.message.data, 'base64').toString('utf8')));
    } catch {
      // Acknowledge anyway: Pub/Sub would redeliver a malformed message forever.
      request.log.warn('ignored a Gmail push notification that is not valid JSON');
      return reply.code(204).send();
    }
    const accounts = await options.db
      .selectFrom('mail_accounts')
      .select('id')
      .where('email', '=', notification.emailAddress.toLowerCase())
      .where('needs_reconnect', '=', 0)
      .execute();
    for (const { id } of accounts) await requestSync(options.jobs, id);
    return reply.code(204).send();
  });
}
