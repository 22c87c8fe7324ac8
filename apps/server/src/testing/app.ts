import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import type { Engine } from '../db/database.ts';
import { buildApp, type AppOptions } from '../http/app.ts';
import { InProcessQueue } from '../jobs/in-process.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  jobs: InProcessQueue;
  config: Config;
  close(): Promise<void>;
}

/** The real app (all plugins, real database) for `app.inject` tests; no port is opened. */
export async function createTestApp(
  engine: Engine = 'sqlite',
  overrides: Partial<Pick<AppOptions, 'implementations' | 'authenticate' | 'clock' | 'plugins' | 'speech' | 'web' | 'push' | 'log' | 'observability'>> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-app-'));
  // The embedded sandbox starts empty in tests (seeding the whole corpus takes seconds); tests seed what they need.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SANDBOX_SEED_CORPUS: 'false', ...overrides.env });
  const database = await createTestDatabase(engine);
  const jobs = new InProcessQueue();
  const app = await buildApp({ config, db: database.db, jobs, log: false, ...overrides });
  await app.ready();
  await jobs.start();
  return {
    app,
    database,
    jobs,
    config,
    async close() {
      await app.close();
      await jobs.stop();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
