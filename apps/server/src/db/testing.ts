import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Engine } from './database.ts';

/**
 * Test databases on both engines, for real (DESIGN §7: no mocks). SQLite lives in a temp file;
 * PostgreSQL in a schema created for this run and dropped afterwards. PostgreSQL is required:
 * when it is unreachable the test fails rather than skipping.
 */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  /** Removes the temp file or drops the schema. */
  destroy(): Promise<void>;
  schema: string | null;
  /** The SQLite file (null on PostgreSQL), for tests that open the same store from another process. */
  sqliteFile: string | null;
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const suffix = crypto.randomBytes(6).toString('hex');
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-test-'));
    const sqliteFile = path.join(dir, 'mailroom.sqlite');
    const handle = openDatabase({ databaseUrl: null, sqliteFile });
    await migrateToLatest(handle);
    return {
      ...handle,
      schema: null,
      sqliteFile,
      async destroy() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${suffix}`;
  const handle = openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema, poolSize: 4 });
  try {
    await migrateToLatest(handle, schema);
  } catch (error) {
    await handle.close();
    throw new Error(`PostgreSQL test database at ${TEST_POSTGRES_URL} is not usable: ${String(error)}`, { cause: error });
  }
  return {
    ...handle,
    schema,
    sqliteFile: null,
    async destroy() {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    },
  };
}
