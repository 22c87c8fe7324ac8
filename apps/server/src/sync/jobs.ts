import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { GrantRevokedError, type ProviderFactory } from '../providers/mail-provider.ts';
import { POLL_CRON, SYNC_RETRY_DELAY_SECONDS, SYNC_RETRY_LIMIT, WATCH_RENEW_CRON } from './constants.ts';
import { syncAccount } from './engine.ts';
import { requestMessagesChangedDispatch } from './messages-changed.ts';
import { patchState } from './store.ts';

export const SYNC_JOB = 'mail.sync';
export const POLL_JOB = 'mail.poll';
export const WATCH_JOB = 'mail.watch-renew';
/** users.watch needs a topic name; the embedded sandbox pushes to Mailroom whatever it is. */
export const EMBEDDED_WATCH_TOPIC = 'projects/mailroom-embedded/topics/gmail';
/** Renew a watch that expires within a day (it lasts 7; Google recommends renewing daily). */
const WATCH_RENEW_MARGIN_MS = 24 * 60 * 60 * 1000;

export interface SyncJobDeps {
  db: Db;
  jobs: JobQueue;
  providers: ProviderFactory;
  log: FastifyBaseLogger;
  /** Pub/Sub topic for users.watch (Gmail push); without one, polling alone keeps mail fresh. */
  watchTopic: string | null;
}

/**
 * Hands what a sync recorded to the features that subscribe to "messages changed". A sync that
 * cannot queue it loses nothing: the events wait in the outbox for the next dispatch.
 */
async function announceChanges(deps: Pick<SyncJobDeps, 'jobs' | 'log'>, accountId: string): Promise<void> {
  await requestMessagesChangedDispatch(deps.jobs).catch((error: unknown) => {
    deps.log.warn({ err: error, accountId }, 'could not queue the messages-changed dispatch; the events wait in the outbox');
  });
}

/** Marks the account so the UI sends the user to /gmail-fix to reconnect. */
async function markNeedsReconnect(db: Db, accountId: string, error: Error): Promise<void> {
  await db
    .updateTable('mail_accounts')
    .set({ needs_reconnect: 1, last_error: error.message, updated_at: Date.now() })
    .where('id', '=', accountId)
    .execute();
  await patchState(db, accountId, { status: 'error', last_error: error.message, updated_at: Date.now() });
}

/**
 * Sync as jobs: one per account at a time (the job key), a burst of push notifications
 * coalescing into one follow-up, a poll for notifications Gmail dropped, and daily watch renewal.
 * Each sync records "messages changed" events with its pages (sync/messages-changed.ts) and then
 * asks for them to be delivered to the subscribing features.
 */
export function defineSyncJobs(deps: SyncJobDeps): void {
  const { db, jobs, providers, log } = deps;

  jobs.define<{ accountId: string }>({
    name: SYNC_JOB,
    key: (data) => data.accountId,
    retryLimit: SYNC_RETRY_LIMIT,
    retryDelaySeconds: SYNC_RETRY_DELAY_SECONDS,
    handler: async ({ accountId }) => {
      const provider = await providers(accountId);
      if (!provider) return;
      try {
        const report = await syncAccount(db, accountId, provider);
        log.info({ accountId, ...report }, 'mail sync finished');
        if (report.skipped.length > 0) log.warn({ accountId, skipped: report.skipped }, 'mail sync skipped messages it could not read (recorded; retried by the next syncs)');
        await announceChanges(deps, accountId);
        const state = await db.selectFrom('sync_state').select('watch_expires_at').where('account_id', '=', accountId).executeTakeFirst();
        if (deps.watchTopic && (state?.watch_expires_at ?? 0) < Date.now() + WATCH_RENEW_MARGIN_MS) await renewWatch(deps, accountId);
      } catch (error) {
        // A revoked grant will not heal by retrying: ask the user to reconnect instead.
        if (error instanceof GrantRevokedError) return markNeedsReconnect(db, accountId, error);
        throw error;
      }
    },
  });

  jobs.define<Record<string, never>>({
    name: POLL_JOB,
    handler: async () => {
      const accounts = await db.selectFrom('mail_accounts').select('id').where('needs_reconnect', '=', 0).where('token_ciphertext', 'is not', null).execute();
      for (const { id } of accounts) await jobs.enqueue(SYNC_JOB, { accountId: id });
      // Events a sync outside the job queue recorded (mailroom sync, a crash) go out too.
      await requestMessagesChangedDispatch(jobs);
    },
  });

  jobs.define<Record<string, never>>({
    name: WATCH_JOB,
    handler: async () => {
      if (!deps.watchTopic) return;
      const accounts = await db.selectFrom('mail_accounts').select('id').where('needs_reconnect', '=', 0).where('token_ciphertext', 'is not', null).execute();
      for (const { id } of accounts) await renewWatch(deps, id);
    },
  });
}

export async function renewWatch(deps: Pick<SyncJobDeps, 'db' | 'providers' | 'watchTopic' | 'log'>, accountId: string): Promise<void> {
  if (!deps.watchTopic) return;
  const provider = await deps.providers(accountId);
  // A provider without push (no watch) is kept fresh by the poll alone.
  if (!provider?.watch) return;
  try {
    const watch = await provider.watch({ topicName: deps.watchTopic });
    await patchState(deps.db, accountId, { watch_expires_at: watch.expiration, updated_at: Date.now() });
  } catch (error) {
    deps.log.warn({ err: error, accountId }, 'renewing the Gmail watch failed; polling continues');
  }
}

export async function scheduleSyncJobs(jobs: JobQueue): Promise<void> {
  await jobs.schedule(POLL_JOB, POLL_CRON, {});
  await jobs.schedule(WATCH_JOB, WATCH_RENEW_CRON, {});
}

/** Asks for a sync of the account soon (coalesces with one already waiting). */
export async function requestSync(jobs: JobQueue, accountId: string): Promise<void> {
  await jobs.enqueue(SYNC_JOB, { accountId });
}
