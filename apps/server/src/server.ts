import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import { buildApp } from './http/app.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  stop(): Promise<void>;
}

/** Opens the store, migrates it, and serves the app until stopped. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteFile: path.join(config.dataDir, 'mailroom.sqlite'),
  });
  await migrateToLatest(database, config.databaseSchema);
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopped = false;
  return {
    app,
    database,
    url: `http://localhost:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await database.close();
    },
  };
}
