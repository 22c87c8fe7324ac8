import fs from 'node:fs';
import type { OpsJob, OpsStatus } from '@mailroom/contract';
import { sql, SqliteAdapter } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JobQueue, JobRecord } from '../../jobs/queue.ts';
import { redactSecrets, type Observability } from '../../platform/observability.ts';

const WEEK_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;
/** Jobs listed at most, per user and in the operators' failed list. */
const JOBS_SHOWN = 50;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The version of the server package (apps/server/package.json). */
export const SERVER_VERSION = (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The user's mailbox (not disconnected) as the sync engine sees it, or null without one. */
export async function accountStatus(db: Db, userId: string): Promise<OpsStatus['account']> {
  const account = await db.selectFrom('mail_accounts').selectAll().where('user_id', '=', userId).where('disconnected_at', 'is', null).executeTakeFirst();
  if (!account) return null;
  const [state, stored, skipped] = await Promise.all([
    db.selectFrom('sync_state').selectAll().where('account_id', '=', account.id).executeTakeFirst(),
    db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', account.id).executeTakeFirstOrThrow(),
    db.selectFrom('sync_skipped_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', account.id).executeTakeFirstOrThrow(),
  ]);
  return {
    email: account.email,
    provider: account.provider,
    state: state?.status ?? 'never',
    phase: state?.phase ?? 'full',
    cursor: state?.sync_cursor ?? null,
    lastSyncAt: iso(state?.last_sync_at ?? null),
    lastFullSyncAt: iso(state?.last_full_sync_at ?? null),
    messagesStored: Number(stored.n),
    messagesSkipped: Number(skipped.n),
    lastError: state?.last_error ?? account.last_error ?? null,
    needsReconnect: Boolean(account.needs_reconnect),
    watchExpiresAt: iso(state?.watch_expires_at ?? null),
  };
}

const BATCH_TITLES: Record<string, string> = {
  archive: 'Archive',
  delete: 'Move to trash',
  quarantine: 'Quarantine',
  star: 'Star',
  unstar: 'Unstar',
  important: 'Mark important',
  not_important: 'Mark not important',
  mark_read: 'Mark read',
  mark_unread: 'Mark unread',
};

/** The user's sends and bulk actions of the last 7 days that wait, run or failed, newest first. */
export async function openWork(db: Db, userId: string, now: number): Promise<OpsStatus['work']> {
  const since = now - WEEK_MS;
  const [sends, batches] = await Promise.all([
    db
      .selectFrom('outgoing_messages')
      .select(['id', 'subject', 'mode', 'status', 'error', 'updated_at'])
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'sending', 'failed'])
      .where('updated_at', '>=', since)
      .execute(),
    db
      .selectFrom('action_batches')
      .innerJoin('mail_accounts', 'mail_accounts.id', 'action_batches.account_id')
      .select(['action_batches.id', 'action_batches.kind', 'action_batches.message_count', 'action_batches.status', 'action_batches.error', 'action_batches.updated_at'])
      .where('mail_accounts.user_id', '=', userId)
      .where('action_batches.status', 'in', ['running', 'failed', 'undoing', 'undo_failed'])
      .where('action_batches.updated_at', '>=', since)
      .execute(),
  ]);
  return [
    ...sends.map((s) => ({
      kind: 'send' as const,
      id: s.id,
      title: `${s.mode === 'forward' ? 'Forward' : 'Reply'}: ${s.subject}`,
      state: s.status,
      error: s.error,
      updatedAt: iso(s.updated_at) as string,
    })),
    ...batches.map((b) => ({
      kind: 'bulk-action' as const,
      id: b.id,
      title: `${BATCH_TITLES[b.kind] ?? b.kind}: ${b.message_count} message${b.message_count === 1 ? '' : 's'}`,
      state: b.status,
      error: b.error,
      updatedAt: iso(b.updated_at) as string,
    })),
  ].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
}

/** A queue's job as /ops shows it: its reason scrubbed of anything secret-looking. */
export function toOpsJob(job: JobRecord): OpsJob {
  return {
    id: job.id,
    queue: job.name,
    state: job.state,
    attempt: job.attempt,
    retryLimit: job.retryLimit,
    error: job.error === null ? null : redactSecrets(job.error),
    updatedAt: new Date(job.updatedAt).toISOString(),
    runAt: job.runAt === null ? null : new Date(job.runAt).toISOString(),
  };
}

/** Every mail account id of the user, connected or not (a disconnected one may still have a purge job). */
export async function accountIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await db.selectFrom('mail_accounts').select('id').where('user_id', '=', userId).execute()).map((a) => a.id);
}

/** The user's jobs: waiting, running, retrying, failed, and completed within the hour. */
export async function jobsOf(jobs: JobQueue, accountIds: readonly string[], now: number): Promise<OpsJob[]> {
  if (accountIds.length === 0) return [];
  return (await jobs.findJobs(accountIds, { since: now - HOUR_MS, limit: JOBS_SHOWN })).map(toOpsJob);
}

/** The whole instance, for operators: never any message content, only states and counts. */
export async function instanceStatus(db: Db, jobs: JobQueue, observability: Observability, now: number): Promise<NonNullable<OpsStatus['instance']>> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const size = sqlite
    ? (await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db)).rows[0]?.bytes
    : (await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db)).rows[0]?.bytes;
  const accounts = await db
    .selectFrom('mail_accounts')
    .leftJoin('sync_state', 'sync_state.account_id', 'mail_accounts.id')
    .select(['mail_accounts.id', 'mail_accounts.email', 'sync_state.status', 'sync_state.last_sync_at', 'sync_state.last_error'])
    .where('mail_accounts.disconnected_at', 'is', null)
    .execute();
  const sends = await db.selectFrom('outgoing_messages').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const batches = await db.selectFrom('action_batches').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const [queues, failedJobs] = await Promise.all([jobs.counts(now - HOUR_MS), jobs.findJobs(null, { since: now, limit: JOBS_SHOWN, states: ['failed', 'retry'] })]);
  return {
    version: SERVER_VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    database: { engine: sqlite ? 'sqlite' : 'postgres', sizeBytes: size === undefined ? null : Number(size) },
    queue: jobs.kind,
    accounts: accounts
      .map((a) => ({
        email: a.email,
        state: a.status ?? 'never',
        lastSyncAt: iso(a.last_sync_at ?? null),
        lagSeconds: a.last_sync_at === null || a.last_sync_at === undefined ? null : Math.max(0, Math.round((now - Number(a.last_sync_at)) / 1000)),
        lastError: a.last_error ?? null,
      }))
      .sort((a, b) => (b.lagSeconds ?? Infinity) - (a.lagSeconds ?? Infinity) || a.email.localeCompare(b.email)),
    work: [
      ...sends.map((s) => ({ kind: 'send' as const, state: s.status, count: Number(s.n) })),
      ...batches.map((b) => ({ kind: 'bulk-action' as const, state: b.status, count: Number(b.n) })),
    ],
    queues: queues.sort((a, b) => a.name.localeCompare(b.name)),
    failedJobs: failedJobs.map(toOpsJob),
    quota: accounts
      .map((a) => {
        const usage = observability.gmailUsage.usage(a.id, now);
        return { email: a.email, lastMinute: usage.lastMinute, lastHour: usage.lastHour, limitPerMinute: usage.limitPerMinute };
      })
      .sort((a, b) => b.lastHour - a.lastHour || a.email.localeCompare(b.email)),
    routes: observability.routes.snapshot(now),
    logs: observability.logs.recent(),
    sandbox: observability.sandboxFaults !== null,
  };
}
