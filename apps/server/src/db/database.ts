import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { TurnTakingPlugin } from './take-turn.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when null, SQLite at `sqliteFile`. */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (created if missing); null means the server's default search_path. */
  schema?: string | null;
  sqliteFile?: string;
  poolSize?: number;
}

// PostgreSQL returns int8 as strings to protect precision; our int8 columns are epoch
// milliseconds and counts, well inside Number.MAX_SAFE_INTEGER.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile;
  if (!file) throw new Error('openDatabase: sqliteFile is required without databaseUrl');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const existing = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const memory = sqliteMemoryFor(existing);
  sqlite.pragma(`mmap_size = ${memory.mmapBytes}`);
  sqlite.pragma(`cache_size = -${memory.cacheKiB}`);
  // Sorts of a page's candidates (ORDER BY date) stay in memory.
  sqlite.pragma('temp_store = MEMORY');
  // Statistics for the planner: without them (nothing ran ANALYZE) SQLite guesses, and on a
  // 100,000-message store it counted a word-index query by scanning an index entry for every row
  // of the account instead of reading the rows the index admits (9 ms against 3.5 ms). Tables
  // never analyzed, or grown or shrunk much since, are analyzed as the store opens, each index
  // sampled (0.2 s for 100,000 messages, once; nothing when the statistics are current).
  // Only an aid to the planner: a store another process keeps busy past the timeout still opens.
  sqlite.pragma('analysis_limit = 1000');
  try {
    sqlite.pragma('optimize = 0x10002');
  } catch (error) {
    if (!(error instanceof SQLite.SqliteError) || !String(error.code).startsWith('SQLITE_BUSY')) throw error;
  }
  // SQLite answers synchronously: every query takes its turn with the requests (take-turn.ts).
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new TurnTakingPlugin()] });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** Prepared statements kept per SQL text (Kysely prepares every query anew). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite driver uses it, with its statements kept: the same query
 * shapes come back with other parameters (pages, counts, store generations), and preparing a
 * statement costs as much as running a small one. Least recently used go first; a statement still
 * being iterated (a streamed query) is never handed out twice, a fresh one is prepared instead.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (text: string): SQLite.Statement => {
    const kept = cache.get(text);
    if (kept && !kept.busy) {
      cache.delete(text);
      cache.set(text, kept);
      return kept;
    }
    const statement = sqlite.prepare(text);
    if (kept) return statement;
    cache.set(text, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const MiB = 1024 * 1024;

/**
 * Memory for a SQLite store of this size (issue 12: the default 2 MB page cache and no memory
 * mapping made every query of a 100,000-message store read the file through system calls).
 * Reads go through a memory map of the whole file with room to grow (the OS page cache holds the
 * pages, shared, and SQLite reads them without copying); SQLite's own page cache, which writes
 * and pages that change use, is a quarter of the file within 16-128 MiB.
 */
export function sqliteMemoryFor(fileBytes: number): { mmapBytes: number; cacheKiB: number } {
  const mmapBytes = Math.min(Math.max(2 * fileBytes, 256 * MiB), 4096 * MiB);
  const cacheBytes = Math.min(Math.max(fileBytes / 4, 16 * MiB), 128 * MiB);
  return { mmapBytes, cacheKiB: Math.round(cacheBytes / 1024) };
}

/** PostgreSQL's SQLSTATE for a schema that does not exist. */
const UNDEFINED_SCHEMA = '3F000';
const MIGRATE_ATTEMPTS = 5;

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle, schema?: string | null): Promise<string[]> {
  if (handle.engine === 'postgres' && schema) {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(handle.engine === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    // Kysely's PostgreSQL introspector (which the migrator asks whether its table exists) reads
    // every schema of the database, and fails with "schema ... does not exist" (3F000) when
    // another user of the same database drops one of them meanwhile: tests, each in its own
    // schema, do. Nothing of this store was changed then, so it asks again.
    if (error && handle.engine === 'postgres' && (error as { code?: unknown }).code === UNDEFINED_SCHEMA && attempt < MIGRATE_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      continue;
    }
    const failed = results?.find((r) => r.status === 'Error');
    if (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
    }
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The store the configuration names: PostgreSQL at DATABASE_URL, else SQLite in DATA_DIR. */
export function openConfiguredDatabase(config: { databaseUrl: string | null; databaseSchema: string | null; dataDir: string }): DatabaseHandle {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteFile: path.join(config.dataDir, 'mailroom.sqlite'),
  });
}
