import { PgBoss } from 'pg-boss';
import type { EnqueueOptions, JobDefinition, JobQueue, JobRecord, JobState, QueueCounts } from './queue.ts';

/** pg-boss's states in ours; a cancelled job is nobody's work any more and is not shown. */
const STATES: Record<string, JobState> = { created: 'queued', retry: 'retry', active: 'active', failed: 'failed', completed: 'completed' };

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: object | null;
  retry_count: number;
  retry_limit: number;
  error: string | null;
  created_on: Date;
  updated_on: Date;
  start_after: Date;
}

const JOB_COLUMNS = `id, name, state::text as state, data, retry_count, retry_limit,
  coalesce(output->>'message', output#>>'{}') as error, created_on,
  greatest(created_on, started_on, completed_on) as updated_on, start_after`;

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
  /** pg-boss's job table, quoted, for /ops's read-only queries (pg-boss has no cross-queue search). */
  private readonly jobTable: string;

  constructor(options: PgBossQueueOptions) {
    this.jobTable = `"${options.schema.replaceAll('"', '""')}".job`;
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

  async counts(since: number): Promise<QueueCounts[]> {
    const names = [...this.definitions.keys()];
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `select name, state::text as state, count(*)::int as n from ${this.jobTable}
          where name = any($1::text[]) and (state <> 'completed' or completed_on >= $2)
          group by name, state`,
        [names, new Date(since)],
      );
    const byName = new Map(names.map((name) => [name, { name, queued: 0, active: 0, retry: 0, failed: 0, completed: 0 } as QueueCounts]));
    for (const row of rows as Array<{ name: string; state: string; n: number }>) {
      const state = STATES[row.state];
      const counts = byName.get(row.name);
      if (state && counts) counts[state] += Number(row.n);
    }
    return [...byName.values()];
  }

  async findJobs(accountIds: readonly string[] | null, options: { since: number; limit: number; states?: readonly JobState[] }): Promise<JobRecord[]> {
    if (accountIds && accountIds.length === 0) return [];
    const states = Object.entries(STATES)
      .filter(([, ours]) => !options.states || options.states.includes(ours))
      .map(([theirs]) => theirs);
    const { rows } = await this.boss.getDb().executeSql(
      `select ${JOB_COLUMNS} from ${this.jobTable}
        where name = any($1::text[]) and ($2::text[] is null or data->>'accountId' = any($2::text[]))
          and state::text = any($3::text[]) and (state <> 'completed' or completed_on >= $4)
        order by greatest(created_on, started_on, completed_on) desc limit $5`,
      [[...this.definitions.keys()], accountIds ? [...accountIds] : null, states, new Date(options.since), options.limit],
    );
    return (rows as JobRow[]).map(toRecord).filter((r): r is JobRecord => r !== null);
  }

  async getJob(jobId: string): Promise<JobRecord | null> {
    if (!UUID.test(jobId)) return null;
    const { rows } = await this.boss.getDb().executeSql(`select ${JOB_COLUMNS} from ${this.jobTable} where id = $1::uuid limit 1`, [jobId]);
    const row = (rows as JobRow[])[0];
    return row ? toRecord(row) : null;
  }

  async retry(jobId: string): Promise<boolean> {
    const job = await this.getJob(jobId);
    if (!job) return false;
    if (job.state === 'failed') {
      // pg-boss moves it to `retry` with one more attempt allowed, due at once.
      await this.boss.retry(job.name, jobId);
      return (await this.getJob(jobId))?.state !== 'failed';
    }
    if (job.state === 'retry') {
      // Waiting out its backoff: due now.
      const { rows } = await this.boss
        .getDb()
        .executeSql(`update ${this.jobTable} set start_after = now() where name = $1 and id = $2::uuid and state = 'retry' returning id`, [job.name, jobId]);
      return rows.length > 0;
    }
    return false;
  }

  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    // Jobs still active after the timeout stay active in the queue and are retried once their
    // expiry passes (pg-boss), from the checkpoint they committed.
    await this.boss.stop({ graceful: true, timeout: options.timeoutMs ?? 10_000 });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toRecord(row: JobRow): JobRecord | null {
  const state = STATES[row.state];
  if (!state) return null;
  return {
    id: row.id,
    name: row.name,
    state,
    data: row.data ?? {},
    attempt: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
    error: state === 'completed' ? null : row.error,
    createdAt: new Date(row.created_on).getTime(),
    updatedAt: new Date(row.updated_on).getTime(),
    runAt: state === 'queued' || state === 'retry' ? new Date(row.start_after).getTime() : null,
  };
}
