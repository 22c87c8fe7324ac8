import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { safeEqual } from '../../auth/principal.ts';

/** Where Gmail push notifications arrive (the Pub/Sub push subscription's endpoint). */
export const GMAIL_PUSH_PATH = '/api/gmail/push';

/** Pub/Sub push delivery (Cloud Pub/Sub: push subscriptions); Gmail's data is base64 JSON. */
const pushEnvelope = z.object({
  message: z.object({ data: z.string(), messageId: z.string().optional(), publishTime: z.string().optional() }),
  subscription: z.string().optional(),
});
/** Gmail API: Push notifications, "Receiving notifications": `{emailAddress, historyId}`. */
const gmailNotification = z.object({ emailAddress: z.string(), historyId: z.union([z.string(), z.number()]) });

export interface GmailPushHookOptions {
  /** The shared token the push subscription's URL carries (`?token=`). */
  pushToken: string;
  /** The mailbox of `emailAddress` changed; its history says how. */
  onMailboxChanged: (emailAddress: string) => Promise<void>;
}

/**
 * Gmail push hook: Pub/Sub POSTs a notification when a mailbox changes. The token is checked in
 * constant time; the hook acknowledges at once (2xx) and leaves the work to `onMailboxChanged`,
 * which should only enqueue it. A malformed notification is acknowledged too, since Pub/Sub
 * would otherwise redeliver it forever.
 */
export async function registerGmailPushHook(app: FastifyInstance, options: GmailPushHookOptions): Promise<void> {
  app.post<{ Querystring: { token?: string } }>(GMAIL_PUSH_PATH, async (request, reply) => {
    if (!safeEqual(request.query.token ?? '', options.pushToken)) return reply.code(403).send({ error: 'invalid push token' });
    const envelope = pushEnvelope.safeParse(request.body);
    if (!envelope.success) return reply.code(400).send({ error: 'not a Pub/Sub push message' });
    let notification;
    try {
      notification = gmailNotification.parse(JSON.parse(Buffer.from(envelope.data.message.data, 'base64').toString('utf8')));
    } catch {
      request.log.warn('ignored a Gmail push notification that is not valid JSON');
      return reply.code(204).send();
    }
    await options.onMailboxChanged(notification.emailAddress.toLowerCase());
    return reply.code(204).send();
  });
}
