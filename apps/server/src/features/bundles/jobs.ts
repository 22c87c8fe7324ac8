import { defineJob } from '../../platform/plugin.ts';
import type { AppServices } from '../../platform/services.ts';
import { notifyUser } from '../notifications/index.ts';
import { loadSettings } from '../settings/index.ts';
import { classifyStale } from './classify.ts';
import { buildDueDigest, requireDigest } from './digest.ts';
import { emailDigest } from './digest-email.ts';
import { emailDigestOnce } from './digest-send.ts';

export const CLASSIFY_ACCOUNT_JOB = 'bundles.classify-account';
export const REFRESH_JOB = 'bundles.refresh';
export const DIGEST_DUE_JOB = 'bundles.digest-due';
export const BUILD_DIGEST_JOB = 'bundles.build-digest';

/** Every message of the account without a fresh assignment is (re)classified. */
export const classifyAccountJob = defineJob<{ accountId: string }>({
  name: CLASSIFY_ACCOUNT_JOB,
  key: (data) => data.accountId,
  handler: async (data, _meta, services) => void (await classifyStale(services.db, data.accountId, services.clock.now())),
});

async function connectedAccounts(services: AppServices) {
  return services.db
    .selectFrom('mail_accounts')
    .select(['id', 'user_id'])
    .where('token_ciphertext', 'is not', null)
    .where('disconnected_at', 'is', null)
    .execute();
}

/** Daily: assignments are re-derived before they age out, so bundles keep mail older than 30 days. */
export const refreshJob = defineJob<Record<string, never>>({
  name: REFRESH_JOB,
  handler: async (_data, _meta, services) => {
    for (const account of await connectedAccounts(services)) await services.jobs.enqueue(CLASSIFY_ACCOUNT_JOB, { accountId: account.id });
  },
});

/** Every quarter hour (and at start-up): each user whose digest hour has passed gets their digest built. */
export const digestDueJob = defineJob<Record<string, never>>({
  name: DIGEST_DUE_JOB,
  handler: async (_data, _meta, services) => {
    for (const account of await connectedAccounts(services)) await services.jobs.enqueue(BUILD_DIGEST_JOB, { userId: account.user_id, accountId: account.id });
  },
});

/** "Your daily digest is ready" in the bell and by push (issue 20), as the user's notification settings say. */
async function announce(services: AppServices, userId: string, digestId: string): Promise<void> {
  try {
    const digest = await requireDigest(services.db, userId, digestId);
    await notifyUser(services, userId, {
      kind: 'digestReady',
      title: 'Your daily digest is ready',
      body: digest.total === 0 ? 'Nothing new in bundles.' : `${digest.total} ${digest.total === 1 ? 'message' : 'messages'} in ${digest.groups.length} ${digest.groups.length === 1 ? 'bundle' : 'bundles'}.`,
      url: `/digest?d=${encodeURIComponent(digestId)}`,
    });
  } catch (error) {
    // The digest is there either way; a notification that could not be made is only logged.
    services.log.warn({ err: error }, 'digest-ready notification failed');
  }
}

/**
 * Builds the user's due digest (once per day, digest.ts) and, when the user asked for it, emails
 * it at most once (a claimed state machine on the digest's row, digest-send.ts). Keyed by user: two requests never build at once.
 */
export const buildDigestJob = defineJob<{ userId: string; accountId: string }>({
  name: BUILD_DIGEST_JOB,
  key: (data) => data.userId,
  handler: async (data, _meta, services) => {
    const { db } = services;
    const account = await db
      .selectFrom('mail_accounts')
      .selectAll()
      .where('id', '=', data.accountId)
      .where('user_id', '=', data.userId)
      .where('disconnected_at', 'is', null)
      .executeTakeFirst();
    if (!account) return;
    // Mail that arrived before the digest's end is filed before the digest is read.
    await classifyStale(db, account.id, services.clock.now());
    const built = await buildDueDigest(db, data.userId, account.id, services.clock.now());
    if (built) await announce(services, data.userId, built);
    const { settings } = await loadSettings(db, data.userId);
    if (!settings.mail.digestEmail) return;
    // Only the newest digest is mailed: an older one found unsent (email turned on later) is not.
    const newest = await db.selectFrom('digests').select('id').where('user_id', '=', data.userId).where('status', '=', 'ready').orderBy('day', 'desc').limit(1).executeTakeFirst();
    if (!newest) return;
    const digest = await requireDigest(db, data.userId, newest.id);
    if (digest.emailedAt) return;
    // At most once, even when the server stops between sending and recording it (digest-send.ts).
    await emailDigestOnce(db, { digestId: digest.digestId, accountId: account.id, address: account.email }, services.clock.now(), async (messageId) =>
      (await emailDigest(services, account, digest, messageId)) ? 'sent' : 'not-sent',
    );
  },
});
