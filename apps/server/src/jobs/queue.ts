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
}
