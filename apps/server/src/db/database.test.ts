import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseReachable, migrateToLatest } from './database.ts';
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
