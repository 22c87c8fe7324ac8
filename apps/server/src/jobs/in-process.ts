import crypto from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import type { EnqueueOptions, JobDefinition, JobQueue, JobRecord, JobState, QueueCounts } from './queue.ts';

interface Pending {
  id: string;
  name: string;
  data: object;
  key: string | null;
  attempt: number;
}

/** What the runner remembers of a job for /ops, beside the job itself. */
interface Tracked {
  job: Pending;
  state: JobState;
  error: string | null;
  createdAt: number;
  updatedAt: number;
  runAt: number | null;
  /** The timer of a delayed or retrying job, so a retry can run it now. */
  timer: NodeJS.Timeout | null;
}

/** Finished jobs are remembered this long (failed: a day, for a retry from /ops; completed: an hour). */
const FAILED_KEPT_MS = 24 * 3_600_000;
const COMPLETED_KEPT_MS = 3_600_000;
/** ... and at most this many, so a busy instance's memory stays bounded. */
const FINISHED_KEPT_MAX = 2_000;

export interface InProcessQueueOptions {
  /** Jobs running at once across all names. */
  concurrency?: number;
  /** How long stop() waits for running jobs before giving up on them (default 10 s). */
  stopTimeoutMs?: number;
  onError?: (error: unknown, job: { name: string; jobId: string; attempt: number; final: boolean }) => void;
}

/**
 * The embedded default's job runner: jobs live in memory and run in this process. A restart
 * loses queued jobs, which is acceptable here because every job is re-derivable (the poll and
 * the start-up sync enqueue them again); PostgreSQL deployments use pg-boss, which persists them.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly ready: Pending[] = [];
  private readonly activeKeys = new Set<string>();
  private readonly waitingKeys = new Set<string>();
  /** Timers for delayed jobs and retries: pending work. */
  private readonly delayTimers = new Set<NodeJS.Timeout>();
  /** Timers that fire cron schedules: not work, and they never keep the process alive. */
  private readonly cronTimers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly concurrency: number;
  private readonly stopTimeoutMs: number;
  private readonly onError: NonNullable<InProcessQueueOptions['onError']>;
  private started = false;
  private stopping = false;
  private idleWaiters: Array<() => void> = [];
  /** Every job waiting, running or retrying, and finished ones for a while (oldest first). */
  private readonly tracked = new Map<string, Tracked>();

  constructor(options: InProcessQueueOptions = {}) {
    this.concurrency = options.concurrency ?? 4;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.onError = options.onError ?? (() => {});
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  async start(): Promise<void> {
    this.started = true;
    this.pump();
  }

  async enqueue<T extends object>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job named "${name}" is defined`);
    if (this.stopping) return null;
    const key = definition.key ? `${name}:${definition.key(data)}` : null;
    if (key && this.waitingKeys.has(key)) return null;
    const job: Pending = { id: crypto.randomUUID(), name, data, key, attempt: 0 };
    if (key) this.waitingKeys.add(key);
    const now = Date.now();
    this.tracked.set(job.id, { job, state: 'queued', error: null, createdAt: now, updatedAt: now, runAt: now + (options.delayMs ?? 0), timer: null });
    this.later(options.delayMs ?? 0, job);
    return job.id;
  }

  async schedule<T extends object>(name: string, cron: string, data: T): Promise<void> {
    const expression = CronExpressionParser.parse(cron, { tz: 'UTC' });
    const arm = () => {
      const delay = Math.max(0, expression.next().getTime() - Date.now());
      const timer = setTimeout(() => {
        this.cronTimers.delete(timer);
        if (this.stopping) return;
        void this.enqueue(name, data);
        arm();
      }, delay);
      timer.unref();
      this.cronTimers.add(timer);
    };
    arm();
  }

  /** Resolves once nothing is queued or running (tests and one-shot CLI commands use it). */
  async idle(): Promise<void> {
    if (this.isIdle()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    this.stopping = true;
    for (const timer of [...this.delayTimers, ...this.cronTimers]) clearTimeout(timer);
    this.delayTimers.clear();
    this.cronTimers.clear();
    this.ready.length = 0;
    // A job stuck in provider retries must not hold a shutdown hostage; its work is re-derivable
    // (sync resumes from its checkpoint), so stop waiting after a bound.
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.timeoutMs ?? this.stopTimeoutMs);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.running]), bound]);
    clearTimeout(timer);
  }

  async counts(since: number): Promise<QueueCounts[]> {
    const byName = new Map<string, QueueCounts>();
    for (const name of this.definitions.keys()) byName.set(name, { name, queued: 0, active: 0, retry: 0, failed: 0, completed: 0 });
    for (const t of this.tracked.values()) {
      const counts = byName.get(t.job.name);
      if (!counts) continue;
      if (t.state === 'completed' && t.updatedAt < since) continue;
      counts[t.state]++;
    }
    return [...byName.values()];
  }

  async findJobs(accountIds: readonly string[] | null, options: { since: number; limit: number; states?: readonly JobState[] }): Promise<JobRecord[]> {
    const wanted = accountIds ? new Set(accountIds) : null;
    const states = options.states ? new Set(options.states) : null;
    const found: JobRecord[] = [];
    for (const t of this.tracked.values()) {
      const accountId = (t.job.data as { accountId?: unknown }).accountId;
      if (wanted && (typeof accountId !== 'string' || !wanted.has(accountId))) continue;
      if (states && !states.has(t.state)) continue;
      if (t.state === 'completed' && t.updatedAt < options.since) continue;
      found.push(this.recordOf(t));
    }
    return found.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, options.limit);
  }

  async getJob(jobId: string): Promise<JobRecord | null> {
    const t = this.tracked.get(jobId);
    return t ? this.recordOf(t) : null;
  }

  async retry(jobId: string): Promise<boolean> {
    const t = this.tracked.get(jobId);
    if (!t || this.stopping) return false;
    if (t.state === 'retry') {
      // Waiting out its backoff: run it now instead (without a timer it is already due to run).
      if (!t.timer) return true;
      clearTimeout(t.timer);
      this.delayTimers.delete(t.timer);
      this.mark(t, 'queued', { runAt: Date.now(), timer: null });
      this.ready.push(t.job);
      this.pump();
      return true;
    }
    if (t.state !== 'failed') return false;
    // Out of attempts: a fresh set of them, under the same id so /ops can follow it.
    const job: Pending = { ...t.job, attempt: 0 };
    if (job.key && this.waitingKeys.has(job.key)) {
      // The same work already waits to run (a keyed job coalesces): that run is the retry.
      this.tracked.delete(jobId);
      return true;
    }
    if (job.key) this.waitingKeys.add(job.key);
    t.job = job;
    this.mark(t, 'queued', { runAt: Date.now(), error: null });
    this.later(0, job);
    return true;
  }

  private recordOf(t: Tracked): JobRecord {
    const definition = this.definitions.get(t.job.name);
    return {
      id: t.job.id,
      name: t.job.name,
      state: t.state,
      data: t.job.data,
      attempt: t.job.attempt,
      retryLimit: definition?.retryLimit ?? 3,
      error: t.error,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      runAt: t.state === 'queued' || t.state === 'retry' ? t.runAt : null,
    };
  }

  private mark(t: Tracked, state: JobState, changes: Partial<Pick<Tracked, 'error' | 'runAt' | 'timer'>> = {}): void {
    Object.assign(t, changes, { state, updatedAt: Date.now() });
    if (state === 'completed' || state === 'failed') {
      // Re-insert so the map stays in finishing order, then forget what is too old or too many.
      this.tracked.delete(t.job.id);
      this.tracked.set(t.job.id, t);
      this.prune();
    }
  }

  private prune(): void {
    const now = Date.now();
    let finished = 0;
    for (const t of this.tracked.values()) if (t.state === 'completed' || t.state === 'failed') finished++;
    for (const [id, t] of this.tracked) {
      if (t.state !== 'completed' && t.state !== 'failed') continue;
      const expired = now - t.updatedAt > (t.state === 'failed' ? FAILED_KEPT_MS : COMPLETED_KEPT_MS);
      if (!expired && finished <= FINISHED_KEPT_MAX) continue;
      this.tracked.delete(id);
      finished--;
    }
  }

  private later(delayMs: number, job: Pending): void {
    if (delayMs <= 0) {
      this.ready.push(job);
      this.pump();
      return;
    }
    const timer = setTimeout(() => {
      this.delayTimers.delete(timer);
      const t = this.tracked.get(job.id);
      if (t && t.timer === timer) t.timer = null;
      this.ready.push(job);
      this.pump();
    }, delayMs);
    this.delayTimers.add(timer);
    const t = this.tracked.get(job.id);
    if (t) t.timer = timer;
  }

  private isIdle(): boolean {
    return this.ready.length === 0 && this.running.size === 0 && this.delayTimers.size === 0;
  }

  private pump(): void {
    if (!this.started || this.stopping) return;
    while (this.running.size < this.concurrency) {
      const index = this.ready.findIndex((job) => !job.key || !this.activeKeys.has(job.key));
      if (index === -1) break;
      const [job] = this.ready.splice(index, 1);
      if (!job) break;
      if (job.key) {
        this.activeKeys.add(job.key);
        if (job.attempt === 0) this.waitingKeys.delete(job.key);
      }
      const run = this.run(job).finally(() => {
        this.running.delete(run);
        if (job.key) this.activeKeys.delete(job.key);
        this.pump();
        if (this.isIdle()) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
      this.running.add(run);
    }
  }

  private async run(job: Pending): Promise<void> {
    const definition = this.definitions.get(job.name);
    if (!definition) return;
    const tracked = this.tracked.get(job.id);
    if (tracked) this.mark(tracked, 'active', { runAt: null });
    try {
      await definition.handler(job.data, { jobId: job.id, attempt: job.attempt });
      if (tracked) this.mark(tracked, 'completed', { error: null });
    } catch (error) {
      const retryLimit = definition.retryLimit ?? 3;
      const final = job.attempt >= retryLimit || this.stopping;
      this.onError(error, { name: job.name, jobId: job.id, attempt: job.attempt, final });
      const message = error instanceof Error ? error.message : String(error);
      if (!final) {
        const delay = (definition.retryDelaySeconds ?? 1) * 1000 * 2 ** job.attempt;
        const next = { ...job, attempt: job.attempt + 1 };
        if (tracked) {
          tracked.job = next;
          this.mark(tracked, 'retry', { error: message, runAt: Date.now() + delay });
        }
        this.later(delay, next);
      } else if (tracked) {
        this.mark(tracked, 'failed', { error: message, runAt: null });
      }
    }
  }
}
