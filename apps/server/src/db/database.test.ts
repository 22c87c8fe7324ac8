import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseReachable, migrateToLatest, openDatabase, sqliteMemoryFor } from './database.ts';
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
