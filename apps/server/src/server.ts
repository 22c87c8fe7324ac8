import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.ts';
import { migrateToLatest, openConfiguredDatabase, type DatabaseHandle } from './db/database.ts';
import { buildApp } from './http/app.ts';
import { createJobQueue, type JobQueue } from './jobs/index.ts';
import { loopbackOrigin } from './providers/mail-backend.ts';
import { POLL_JOB, scheduleSyncJobs } from './sync/jobs.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  jobs: JobQueue;
  url: string;
  stop(): Promise<void>;
}

/** Opens the store, migrates it, and serves the app until stopped. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = openConfiguredDatabase(config);
  await migrateToLatest(database, config.databaseSchema);
  const log = pino({ level: config.logLevel });
  const jobs = createJobQueue(config, log);
  const app = await buildApp({ config, db: database.db, jobs, log });
  await jobs.start();
  await scheduleSyncJobs(jobs);
  await app.listen({ port: config.port, host: config.host });
  // Catch up after downtime: every connected account syncs once now (the poll job does that).
  await jobs.enqueue(POLL_JOB, {});
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = loopbackOrigin(address);
  if (origin) app.mailBackend.listening(origin);
  let stopped = false;
  return {
    app,
    database,
    jobs,
    url: `http://localhost:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}
