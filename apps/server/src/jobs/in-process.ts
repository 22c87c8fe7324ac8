import crypto from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import type { EnqueueOptions, JobDefinition, JobQueue } from './queue.ts';

interface Pending {
  id: string;
  name: string;
  data: object;
  key: string | null;
  attempt: number;
}

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

  private later(delayMs: number, job: Pending): void {
    if (delayMs <= 0) {
      this.ready.push(job);
      this.pump();
      return;
    }
    const timer = setTimeout(() => {
      this.delayTimers.delete(timer);
      this.ready.push(job);
      this.pump();
    }, delayMs);
    this.delayTimers.add(timer);
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
    try {
      await definition.handler(job.data, { jobId: job.id, attempt: job.attempt });
    } catch (error) {
      const retryLimit = definition.retryLimit ?? 3;
      const final = job.attempt >= retryLimit || this.stopping;
      this.onError(error, { name: job.name, jobId: job.id, attempt: job.attempt, final });
      if (!final) {
        const delay = (definition.retryDelaySeconds ?? 1) * 1000 * 2 ** job.attempt;
        this.later(delay, { ...job, attempt: job.attempt + 1 });
      }
    }
  }
}
