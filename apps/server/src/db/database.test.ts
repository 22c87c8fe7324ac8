import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseReachable, migrateToLatest, openDatabase, sqliteMemoryFor, withStatementCache } from './database.ts';
import SQLite from 'better-sqlite3';
import { createTestDatabase, ENGINES, type TestDatabase } from './testing.ts';

describe.each(ENGINES)('the store on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.destroy());

  it('is reachable and fully migrated; migrating again changes nothing', async () => {
    expect(await isDatabaseReachable(t.db)).toBe(true);
    expect(await migrateToLatest(t, t.schema)).toEqual([]);
  });

  it('keeps user emails unique', async () => {
    const now = Date.now();
    await t.db.insertInto('users').values({ id: 'a', email: 'same@example.com', display_name: null, created_at: now, updated_at: now }).execute();
    await expect(
      t.db.insertInto('users').values({ id: 'b', email: 'same@example.com', display_name: null, created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
  });

  it('round-trips epoch-millisecond times as numbers', async () => {
    const at = Date.UTC(2026, 10, 21, 12, 0, 0, 123);
    await t.db.insertInto('users').values({ id: 'time', email: 'time@example.com', display_name: 'T', created_at: at, updated_at: at }).execute();
    const row = await t.db.selectFrom('users').select(['created_at']).where('id', '=', 'time').executeTakeFirstOrThrow();
    expect(row.created_at).toBe(at);
  });

  it('removes a user’s sessions and mail account with the user', async () => {
    const now = Date.now();
    await t.db.insertInto('users').values({ id: 'gone', email: 'gone@example.com', display_name: null, created_at: now, updated_at: now }).execute();
    await t.db.insertInto('sessions').values({ id: 's-gone', user_id: 'gone', csrf_token: 'c', created_at: now, expires_at: now + 1000, last_seen_at: now, user_agent: null }).execute();
    await t.db
      .insertInto('mail_accounts')
      .values({ id: 'acc-gone', user_id: 'gone', provider: 'gmail', email: 'gone@example.com', scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now, created_at: now, updated_at: now })
      .execute();
    await t.db.deleteFrom('users').where('id', '=', 'gone').execute();
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', 'gone').execute()).toEqual([]);
    expect(await t.db.selectFrom('mail_accounts').select('id').where('user_id', '=', 'gone').execute()).toEqual([]);
  });
});

describe('SQLite memory for the store', () => {
  it('maps the whole file with room to grow and gives the page cache a quarter of it, within bounds', () => {
    const MiB = 1024 * 1024;
    expect(sqliteMemoryFor(0)).toEqual({ mmapBytes: 256 * MiB, cacheKiB: 16 * 1024 });
    expect(sqliteMemoryFor(300 * MiB)).toEqual({ mmapBytes: 600 * MiB, cacheKiB: 75 * 1024 });
    expect(sqliteMemoryFor(10_000 * MiB)).toEqual({ mmapBytes: 4096 * MiB, cacheKiB: 128 * 1024 });
  });
  it('opens a store with memory-mapped reads and a page cache sized for it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-mmap-'));
    const file = path.join(dir, 'mailroom.sqlite');
    fs.writeFileSync(file, '');
    const handle = openDatabase({ databaseUrl: null, sqliteFile: file });
    try {
      const mmap = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(handle.db);
      const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
      expect(Number(mmap.rows[0]?.mmap_size)).toBe(256 * 1024 * 1024);
      expect(Number(cache.rows[0]?.cache_size)).toBe(-16 * 1024);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite statements kept between queries', () => {
  it('gives kept statements other parameters, through Kysely', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const now = Date.now();
      for (const id of ['a', 'b', 'c']) await t.db.insertInto('users').values({ id, email: `${id}@example.com`, display_name: null, created_at: now, updated_at: now }).execute();
      const one = (id: string) => t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();
      expect([(await one('a')).email, (await one('c')).email, (await one('b')).email]).toEqual(['a@example.com', 'c@example.com', 'b@example.com']);
    } finally {
      await t.destroy();
    }
  });

  it('prepares a fresh statement when the kept one is still being iterated', () => {
    const raw = new SQLite(':memory:');
    const cached = withStatementCache(raw);
    cached.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const seen: number[][] = [];
    for (const row of cached.prepare('select n from t order by n').iterate() as IterableIterator<{ n: number }>) {
      seen.push([row.n, ...(cached.prepare('select n from t order by n').all() as Array<{ n: number }>).map((r) => r.n)]);
    }
    expect(seen).toEqual([[1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3]]);
    raw.close();
  });

  it('keeps the most recently used statements and prepares the rest again', () => {
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = new Proxy(raw, {
      get(target, property) {
        if (property === 'prepare') return (text: string) => (prepared++, target.prepare(text));
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const cached = withStatementCache(counting, 2);
    for (const text of ['select 1', 'select 2', 'select 1', 'select 3', 'select 1', 'select 2']) cached.prepare(text).get();
    // select 1, select 2, select 3 (select 2 leaves: least recently used), select 2 again.
    expect(prepared).toBe(4);
    raw.close();
  });
});
