import { z } from 'zod';
import { defineFn } from '../define.ts';
import { noArgs } from './common.ts';

/** The signed-in user's mailbox as the sync engine sees it. */
export const opsAccountSchema = z.object({
  email: z.string(),
  provider: z.string(),
  state: z.enum(['never', 'syncing', 'idle', 'error']),
  /** What the next run does: list everything, or follow the provider's changes. */
  phase: z.enum(['full', 'incremental']),
  /** The provider's cursor (Gmail: the history id) the store is synced to. */
  cursor: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastFullSyncAt: z.string().nullable(),
  messagesStored: z.number().int(),
  /** Messages a sync could not read, retried by later syncs. */
  messagesSkipped: z.number().int(),
  lastError: z.string().nullable(),
  needsReconnect: z.boolean(),
  /** When Gmail's push watch runs out; null without push (polling keeps the mailbox fresh). */
  watchExpiresAt: z.string().nullable(),
});

/** Work Mailroom keeps in the database for the account: sends and bulk actions, with their state. */
export const opsWorkItemSchema = z.object({
  kind: z.enum(['send', 'bulk-action']),
  id: z.string(),
  /** What it is, in a few words ("Reply: Launch plan", "Quarantine 120 messages"). */
  title: z.string(),
  state: z.string(),
  error: z.string().nullable(),
  updatedAt: z.string(),
});

/** A background job for the caller's mailbox (sync, scoring, a bulk action's steps ...), from the job queue. */
export const opsJobSchema = z.object({
  id: z.string(),
  /** The job's name in the queue, e.g. `mail.sync`. */
  queue: z.string(),
  /** queued, active, retry (failed, waiting for its next attempt), failed (out of attempts), completed. */
  state: z.enum(['queued', 'active', 'retry', 'failed', 'completed']),
  /** 0 on the first run. */
  attempt: z.number().int(),
  retryLimit: z.number().int(),
  /** The last failure's reason, secrets scrubbed. */
  error: z.string().nullable(),
  updatedAt: z.string(),
  /** When a queued or retrying job runs next. */
  runAt: z.string().nullable(),
});
export type OpsJob = z.infer<typeof opsJobSchema>;

/** Gmail quota units an account spent, counted per request at Gmail's published per-method cost. */
export const opsQuotaSchema = z.object({
  lastMinute: z.number(),
  lastHour: z.number(),
  busiestMinute: z.number(),
  /** Gmail's per-user limit per minute. */
  limitPerMinute: z.number(),
  byMethod: z.array(z.object({ method: z.string(), calls: z.number().int(), units: z.number() })),
});

export const opsInstanceSchema = z.object({
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ engine: z.enum(['sqlite', 'postgres']), sizeBytes: z.number().nullable() }),
  queue: z.enum(['in-process', 'pg-boss']),
  /** Every connected account's sync, most behind first. */
  accounts: z.array(z.object({ email: z.string(), state: z.string(), lastSyncAt: z.string().nullable(), lagSeconds: z.number().nullable(), lastError: z.string().nullable() })),
  /** Counts by state across all users: sends and bulk actions. */
  work: z.array(z.object({ kind: z.enum(['send', 'bulk-action']), state: z.string(), count: z.number().int() })),
  /** The job queue by job name: counts by state, completed within the last hour. */
  queues: z.array(z.object({ name: z.string(), queued: z.number().int(), active: z.number().int(), retry: z.number().int(), failed: z.number().int(), completed: z.number().int() })),
  /** Jobs failed or waiting to retry, across every account, newest first (at most 50). */
  failedJobs: z.array(opsJobSchema),
  /** Gmail quota per connected account, busiest first. */
  quota: z.array(z.object({ email: z.string(), lastMinute: z.number(), lastHour: z.number(), limitPerMinute: z.number() })),
  /** HTTP requests per route template since start: rate, latency percentiles, errors. */
  routes: z.array(
    z.object({
      method: z.string(),
      route: z.string(),
      requests: z.number().int(),
      perMinute: z.number(),
      clientErrors: z.number().int(),
      serverErrors: z.number().int(),
      errorRate: z.number(),
      p50Ms: z.number(),
      p95Ms: z.number(),
    }),
  ),
  /** The last 100 warnings and errors of the log, newest first: message, error and a few ids, never mail content or secrets. */
  logs: z.array(z.object({ time: z.string(), level: z.enum(['warn', 'error', 'fatal']), message: z.string(), error: z.string().nullable(), context: z.record(z.string(), z.string()) })),
  /** Whether the embedded Gmail sandbox serves the mail here (a fault drill is possible). */
  sandbox: z.boolean(),
});

export const opsStatusSchema = z.object({
  account: opsAccountSchema.nullable(),
  /** Sends and bulk actions of the last 7 days that are waiting, running or failed. */
  work: z.array(opsWorkItemSchema),
  /** Background jobs for the caller's mailbox: waiting, running, failed, and completed in the last hour (at most 50). */
  jobs: z.array(opsJobSchema),
  /** Gmail quota the caller's mailbox spent (null without a mailbox). */
  quota: opsQuotaSchema.nullable(),
  /** Whether the caller is an operator (OPS_ADMINS), who may ask for the instance view. */
  operator: z.boolean(),
  /** The whole instance; only with `instance: true`, only for operators. */
  instance: opsInstanceSchema.nullable(),
});
export type OpsStatus = z.infer<typeof opsStatusSchema>;

/** /ops (issue 18): a user's own sync and work; operators also the whole instance. */
export const opsFunctions = {
  getOpsStatus: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'The signed-in user’s mailbox sync (state, cursor, last full and incremental sync, messages stored and skipped, last error, reconnect needed, push watch expiry) and their sends and bulk actions waiting, running or failed. With `instance: true`, also the whole instance (version, uptime, database size, queue, every account’s sync lag, work by state): PERMISSION_DENIED unless the caller is listed in OPS_ADMINS.',
    request: z.object({ instance: z.boolean().optional() }).strict().optional().transform((v) => v ?? {}),
    response: opsStatusSchema,
  }),
  syncNow: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Asks for a sync of the signed-in user’s mailbox now (joins one already waiting). FAILED_PRECONDITION GMAIL_NOT_CONNECTED without a mailbox.',
    request: noArgs,
    response: z.object({ requested: z.literal(true) }),
  }),
  retryJob: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Runs a failed background job again (a fresh set of attempts), or a job waiting out its backoff now. A user retries jobs of their own mailbox, an operator any job; another user’s job answers NOT_FOUND. FAILED_PRECONDITION NOT_RETRYABLE when the job is running or done.',
    request: z.object({ jobId: z.string().min(1).max(100) }).strict(),
    response: z.object({ job: opsJobSchema }),
  }),
  setSandboxFaults: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'A fault drill for operators on the embedded default: makes the share `errorRate` of the embedded Gmail sandbox’s requests fail (500 backendError, which clients retry, or 400 failedPrecondition, which they do not); 0 ends it. PERMISSION_DENIED unless in OPS_ADMINS; FAILED_PRECONDITION NO_SANDBOX with real Gmail.',
    request: z.object({ errorRate: z.number().min(0).max(1), kind: z.enum(['backendError', 'failedPrecondition']).optional() }).strict(),
    response: z.object({ errorRate: z.number() }),
  }),
} as const;
