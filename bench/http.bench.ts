// Callable-function round trip through the real Fastify stack (routing, JSON parsing, contract
// validation, envelope), measured with app.inject so no socket noise enters the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Bench } from 'tinybench';
import { buildApp, InProcessQueue, loadConfig, migrateToLatest, openDatabase } from '@mailroom/server';

export default async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000' });
  const database = openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'bench.sqlite') });
  await migrateToLatest(database);
  const jobs = new InProcessQueue();
  const app = await buildApp({ config, db: database.db, jobs, log: false });
  await app.ready();
  const bench = new Bench({ time: 1500 });
  bench
    .add('POST /api/fn/<unknown> (404 envelope)', async () => {
      await app.inject({ method: 'POST', url: '/api/fn/nope', payload: { data: {} } });
    })
    .add('POST /api/fn/listCategories unauthenticated (401)', async () => {
      await app.inject({ method: 'POST', url: '/api/fn/listCategories', payload: { data: {} } });
    })
    .add('GET /readyz (database round trip)', async () => {
      await app.inject({ url: '/readyz' });
    });
  await bench.run();
  for (const task of bench.tasks) {
    const r = task.result;
    if (r && 'latency' in r) {
      console.log(`${task.name}: ${Math.round(r.throughput.mean)} req/s, median ${r.latency.p50?.toFixed(3)} ms, p99 ${r.latency.p99?.toFixed(3)} ms`);
    }
  }
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
