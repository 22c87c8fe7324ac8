import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { InProcessQueue } from './in-process.ts';
import { PgBossQueue } from './pg-boss.ts';
import type { JobQueue } from './queue.ts';

export type { JobQueue, JobDefinition, JobHandler, JobMeta } from './queue.ts';
export { InProcessQueue } from './in-process.ts';

/** pg-boss when Mailroom runs on PostgreSQL (shared by every worker), in-process on SQLite. */
export function createJobQueue(config: Config, log: FastifyBaseLogger): JobQueue {
  if (config.databaseUrl) {
    return new PgBossQueue({
      connectionString: config.databaseUrl,
      schema: config.databaseSchema ? `${config.databaseSchema}_jobs` : 'mailroom_jobs',
      onError: (error) => log.error({ err: error }, 'job queue error'),
    });
  }
  return new InProcessQueue({
    onError: (error, job) => log[job.final ? 'error' : 'warn']({ err: error, job }, `job ${job.name} failed`),
  });
}
