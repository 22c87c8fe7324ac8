import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { ENGINES } from '../../db/testing.ts';
import { buildApp } from '../../http/app.ts';
import { InProcessQueue } from '../../jobs/in-process.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { InjectBrowser, callFn, signIn } from '../../testing/signin.ts';

type Result<T> = { result: T };

describe.each(ENGINES)('personal API tokens (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (token: string, name: string, data: unknown = {}) =>
    t.app.inject({ method: 'POST', url: `/api/fn/${name}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: { data } });

  test('a token created in a session works as Bearer, without CSRF, and is stored only as a hash', async () => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(b, { account: { email: 'scripter@example.com', name: 'Scripter' } });
    const created = await callFn(b, 'createApiToken', { name: 'laptop script' });
    expect(created.statusCode).toBe(200);
    const { token, tokenId, name } = (created.json() as Result<{ token: string; tokenId: string; name: string }>).result;
    expect(name).toBe('laptop script');
    expect(token).toMatch(/^mrt_[A-Za-z0-9_-]{43}$/);

    const rows = await t.database.db.selectFrom('api_tokens').selectAll().where('id', '=', tokenId).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4, 20));

    const status = await bearer(token, 'getGmailStatus');
    expect(status.statusCode).toBe(200);
    // A state change with a token needs no CSRF proof (no cookie is involved).
    const second = await bearer(token, 'revokeApiToken', { tokenId: 'no-such-token' });
    expect(second.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });

    const listed = ((await callFn(b, 'listApiTokens')).json() as Result<{ tokens: Array<Record<string, unknown>> }>).result.tokens;
    expect(listed).toEqual([{ tokenId, name: 'laptop script', createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  test('a token cannot mint more tokens or delete the account', async () => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(b, { account: { email: 'scripter@example.com' } });
    const { token } = ((await callFn(b, 'createApiToken', { name: 'ci' })).json() as Result<{ token: string }>).result;
    expect((await bearer(token, 'createApiToken', { name: 'more' })).json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    expect((await bearer(token, 'deleteMyAccount', { confirmEmail: 'scripter@example.com' })).json()).toMatchObject({
      error: { status: 'PERMISSION_DENIED' },
    });
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', 'scripter@example.com').executeTakeFirst()).toBeDefined();
  });

  test('a revoked token stops working at once', async () => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(b, { account: { email: 'scripter@example.com' } });
    const { token, tokenId } = ((await callFn(b, 'createApiToken', { name: 'short-lived' })).json() as Result<{ token: string; tokenId: string }>).result;
    expect((await bearer(token, 'listApiTokens')).statusCode).toBe(200);
    expect((await callFn(b, 'revokeApiToken', { tokenId })).json()).toEqual({ result: { revoked: true } });
    const after = await bearer(token, 'listApiTokens');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  test('malformed or unknown bearer tokens are not accepted', async () => {
    for (const header of ['Bearer mrt_unknown', 'Bearer ', 'Basic abc', 'mrt_abc']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/fn/listApiTokens', headers: { authorization: header, 'content-type': 'application/json' }, payload: { data: {} } });
      expect(response.statusCode, header).toBe(401);
    }
  });

  test('names are validated', async () => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(b, { account: { email: 'scripter@example.com' } });
    expect((await callFn(b, 'createApiToken', { name: '   ' })).json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect((await callFn(b, 'createApiToken', { name: 'x'.repeat(101) })).json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });
});

test('`mailroom token create --email E` prints a token once that the server then accepts', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-cli-token-'));
  const saved = { DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: process.env.LOG_LEVEL };
  const written: string[] = [];
  const errors: string[] = [];
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = 'silent';
  process.stdout.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => (errors.push(String(chunk)), true)) as typeof process.stderr.write;
  let code: number;
  let bad: number;
  try {
    code = await main(['token', 'create', '--email', 'Ops@Example.com', '--name', 'cron']);
    bad = await main(['token', 'create', '--email', 'not an email']);
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
    process.env.DATA_DIR = saved.DATA_DIR;
    process.env.LOG_LEVEL = saved.LOG_LEVEL;
    if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
    if (saved.LOG_LEVEL === undefined) delete process.env.LOG_LEVEL;
  }
  try {
    expect(code).toBe(0);
    expect(bad).toBe(2);
    const token = written.join('').trim();
    expect(token).toMatch(/^mrt_[A-Za-z0-9_-]{43}$/);
    expect(errors.join('')).toContain('shown only this once');
    expect(errors.join('')).not.toContain(token);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SANDBOX_SEED_CORPUS: 'false' });
    const database = openDatabase({ databaseUrl: null, sqliteFile: path.join(dataDir, 'mailroom.sqlite') });
    const jobs = new InProcessQueue();
    const app = await buildApp({ config, db: database.db, jobs, log: false });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/fn/listApiTokens',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { data: {} },
      });
      expect(response.statusCode).toBe(200);
      expect((response.json() as Result<{ tokens: Array<{ name: string }> }>).result.tokens.map((x) => x.name)).toEqual(['cron']);
      const user = await database.db.selectFrom('users').select('email').executeTakeFirstOrThrow();
      expect(user.email).toBe('ops@example.com');
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
