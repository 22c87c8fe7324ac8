export { loadConfig, type Config } from './config.ts';
export { startServer, type RunningServer } from './server.ts';
export { buildApp } from './http/app.ts';
export { openDatabase, migrateToLatest, type DatabaseHandle, type Db } from './db/database.ts';
export { InProcessQueue, createJobQueue, type JobQueue } from './jobs/index.ts';
