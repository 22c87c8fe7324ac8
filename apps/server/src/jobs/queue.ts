/**
 * Background jobs behind one interface: an in-process runner for the embedded default and
 * pg-boss on PostgreSQL, so several worker processes share the work (DESIGN §4).
 */
export interface JobMeta {
  jobId: string;
  /** 0 on the first run, then 1, 2 ... on retries. */
  attempt: number;
}

export type JobHandler<T> = (data: T, meta: JobMeta) => Promise<void>;

export interface JobDefinition<T extends object> {
  name: string;
  handler: JobHandler<T>;
  /**
   * Jobs with the same key never run at the same time, and at most one more waits behind a
   * running one (further requests coalesce into it). Sync uses the account id, so a burst of
   * push notifications becomes one follow-up sync.
   */
  key?: (data: T) => string;
  /** Retries after a failure, with exponential backoff from retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface EnqueueOptions {
  delayMs?: number;
}

/**
 * Where a job is: waiting to run (`queued`, including a delayed one), running (`active`), failed
 * and waiting for its next attempt (`retry`), out of attempts (`failed`), or done (`completed`).
 */
export type JobState = 'queued' | 'active' | 'retry' | 'failed' | 'completed';

/** One job as /ops shows it: never more than its name, its data (ids) and its last error. */
export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  data: object;
  /** 0 on the first run, then 1, 2 ... on retries. */
  attempt: number;
  retryLimit: number;
  /** The last failure's message (as thrown; callers redact it before showing it). */
  error: string | null;
  createdAt: number;
  updatedAt: number;
  /** When a queued or retrying job runs next (epoch ms), if known. */
  runAt: number | null;
}

/** Jobs by state for one job name (a "queue"); completed counts those finished since `since`. */
export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  retry: number;
  failed: number;
  completed: number;
}

export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  define<T extends object>(definition: JobDefinition<T>): void;
  start(): Promise<void>;
  /** Returns the job id, or null when the request coalesced into a job already waiting. */
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** Runs `name` with `data` on a cron schedule (5 fields, UTC). */
  schedule<T extends object>(name: string, cron: string, data: T): Promise<void>;
  /**
   * Stops taking jobs and waits for running ones, at most `timeoutMs` (default 10 s); a job still
   * running then is abandoned (it resumes from its checkpoint at the next start).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Counts by state per job name; `completed` counts jobs finished at or after `since` (epoch ms). */
  counts(since: number): Promise<QueueCounts[]>;
  /**
   * Jobs whose data names one of `accountIds` (data.accountId; null: every job), newest first:
   * queued, active, retrying, failed, and completed at or after `since`, or only those in
   * `states`. At most `limit`.
   */
  findJobs(accountIds: readonly string[] | null, options: { since: number; limit: number; states?: readonly JobState[] }): Promise<JobRecord[]>;
  /** One job by id, or null when the queue no longer knows it. */
  getJob(jobId: string): Promise<JobRecord | null>;
  /**
   * Runs a failed job again (a fresh set of attempts), or a job waiting for its next attempt now.
   * Returns false when the job is in neither state (already running, done, or unknown).
   */
  retry(jobId: string): Promise<boolean>;
}
