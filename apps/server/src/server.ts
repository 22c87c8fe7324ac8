import type { FastifyInstance } from 'fastify';
import { createObservability, createProcessLogger } from './platform/observability.ts';
import type { Config } from './config.ts';
import { migrateToLatest, openConfiguredDatabase, type DatabaseHandle } from './db/database.ts';
import { startMessageRendering } from './features/messages/index.ts';
import { buildApp } from './http/app.ts';
import { createJobQueue, type JobQueue } from './jobs/index.ts';
import { loopbackOrigin } from './providers/mail-backend.ts';
import { POLL_JOB } from './sync/jobs.ts';

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
  // One observation set for the process: its logger feeds the /ops log ring.
  const observability = createObservability();
  const log = createProcessLogger(config.logLevel, observability);
  const jobs = createJobQueue(config, log);
  const app = await buildApp({ config, db: database.db, jobs, log, observability });
  await jobs.start();
  await app.mailroom.scheduleJobs();
  await app.listen({ port: config.port, host: config.host });
  startMessageRendering();
  // Catch up after downtime: every connected account syncs once now (the poll job does that).
  await jobs.enqueue(POLL_JOB, {});
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = loopbackOrigin(address);
  if (origin) app.mailBackend.listening(origin);
  let stopping: Promise<void> | null = null;
  return {
    app,
    database,
    jobs,
    url: `http://localhost:${port}`,
    stop() {
      stopping ??= stopGracefully(app, jobs, database);
      return stopping;
    },
  };
}

/** A shutdown ends within this (issue 22): what is still running by then is abandoned safely. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Requests in flight this long after shutdown began have their connections closed. */
const REQUEST_GRACE_MS = 4_000;
/**
 * How long running jobs may take to finish. Every job commits its checkpoint with its data, so
 * abandoning one is as safe as a crash (sync/crash.test.ts kills syncs at random points); the
 * grace only lets a short job end cleanly instead of being redone.
 */
const JOB_GRACE_MS = 3_000;
/** Kept back from the deadline for closing the database after the jobs. */
const DATABASE_CLOSE_MS = 1_500;

/**
 * Stops within SHUTDOWN_DEADLINE_MS, in this order:
 * 1. HTTP: no new connections; requests on open ones answer 503; renders in flight stop at once
 *    (their threads are terminated, their requests answer 503); other requests get
 *    REQUEST_GRACE_MS to finish before their connections are closed.
 * 2. Jobs, at the same time: running jobs may finish within JOB_GRACE_MS; one still running then
 *    is abandoned where it stands, which is safe because every job commits its checkpoint with
 *    its data (a sync page, a batch's per-message progress) and is found again at the next start
 *    (the start-up poll resumes syncs, unfinished action batches are re-queued; pg-boss retries
 *    jobs whose worker went away).
 * 3. The database, last, once nothing here uses it.
 */
async function stopGracefully(app: FastifyInstance, jobs: JobQueue, database: DatabaseHandle): Promise<void> {
  const deadline = Date.now() + SHUTDOWN_DEADLINE_MS;
  const forceClose = setTimeout(() => app.server.closeAllConnections(), REQUEST_GRACE_MS);
  forceClose.unref();
  await Promise.allSettled([
    app.close().finally(() => clearTimeout(forceClose)),
    jobs.stop({ timeoutMs: Math.max(0, Math.min(JOB_GRACE_MS, deadline - Date.now() - DATABASE_CLOSE_MS)) }),
  ]);
  await database.close();
}
