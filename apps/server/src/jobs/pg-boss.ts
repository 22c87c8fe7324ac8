import { PgBoss } from 'pg-boss';
import type { EnqueueOptions, JobDefinition, JobQueue } from './queue.ts';

export interface PgBossQueueOptions {
  connectionString: string;
  /** PostgreSQL schema for pg-boss's tables. */
  schema: string;
  /** Jobs this process works on at once, per job name. */
  concurrency?: number;
  onError?: (error: unknown) => void;
}

/**
 * pg-boss on the same PostgreSQL: jobs persist, many worker processes share them, and a keyed
 * job uses the `stately` policy with the key as singletonKey — at most one queued and one active
 * per key across every process, which is how "a job for one account never runs twice at once"
 * holds for a fleet of workers.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly concurrency: number;

  constructor(options: PgBossQueueOptions) {
    this.boss = new PgBoss({ connectionString: options.connectionString, schema: options.schema });
    this.boss.on('error', options.onError ?? (() => {}));
    this.concurrency = options.concurrency ?? 2;
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      await this.boss.createQueue(definition.name, {
        policy: definition.key ? 'stately' : 'standard',
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 1,
        retryBackoff: true,
      });
      await this.boss.work<object>(definition.name, { localConcurrency: this.concurrency }, async (jobs) => {
        for (const job of jobs) {
          await definition.handler(job.data, { jobId: job.id, attempt: (job as { retryCount?: number }).retryCount ?? 0 });
        }
      });
    }
  }

  async enqueue<T extends object>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job named "${name}" is defined`);
    return this.boss.send(name, data, {
      ...(definition.key ? { singletonKey: definition.key(data) } : {}),
      ...(options.delayMs ? { startAfter: Math.ceil(options.delayMs / 1000) } : {}),
    });
  }

  async schedule<T extends object>(name: string, cron: string, data: T): Promise<void> {
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    // Jobs still active after the timeout stay active in the queue and are retried once their
    // expiry passes (pg-boss), from the checkpoint they committed.
    await this.boss.stop({ graceful: true, timeout: options.timeoutMs ?? 10_000 });
  }
}
