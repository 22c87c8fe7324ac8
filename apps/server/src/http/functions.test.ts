import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sha256Hex } from '../auth/principal.ts';
import type { FnImplementations } from '../features/registry.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

/** Implementations used to exercise the framework itself; real features have their own tests. */
const implementations: FnImplementations = {
  async getCategory(_ctx, data) {
    if (data.categoryId === 'boom') throw new Error('secret internal detail at /srv/app.ts:42');
    if (data.categoryId === 'bad-shape') return { categoryId: 'x' } as never;
    return {
      categoryId: data.categoryId,
      name: 'Receipts',
      query: 'subject:receipt',
      description: '',
      color: null,
      icon: null,
      count: 3,
      unreadCount: 1,
      updatedAt: new Date(0).toISOString(),
    };
  },
  async deleteCategory() {
    return { deleted: true };
  },
};

describe('callable functions over HTTP', () => {
  let t: TestApp;
  let cookie: string;
  const csrf = 'csrf-proof-for-tests';

  beforeAll(async () => {
    t = await createTestApp('sqlite', { implementations });
    const now = Date.now();
    await t.database.db.insertInto('users').values({ id: 'u1', email: 'ada@example.com', display_name: 'Ada', created_at: now, updated_at: now }).execute();
    const token = crypto.randomBytes(32).toString('base64url');
    await t.database.db
      .insertInto('sessions')
      .values({ id: sha256Hex(token), user_id: 'u1', csrf_token: csrf, created_at: now, expires_at: now + 3_600_000, last_seen_at: now, user_agent: null })
      .execute();
    cookie = `${SESSION_COOKIE}=${token}`;
  });
  afterAll(() => t.close());

  const call = (name: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/fn/${name}`, payload, headers: { 'content-type': 'application/json', ...headers } });

  it('answers an unknown function with 404 NOT_FOUND in the error envelope', async () => {
    const response = await call('nope', '{"data":{}}');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'No function named "nope"' } });
  });

  it('answers malformed JSON with 400 INVALID_ARGUMENT naming the problem', async () => {
    const response = await call('listCategories', 'not json');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
    expect(response.json().error.message).toMatch(/not valid JSON/);
  });

  it('refuses a body that is not {"data": ...}', async () => {
    for (const payload of ['[]', '{"categoryId":"x"}', '{"data":{},"extra":1}', '"data"']) {
      const response = await call('getCategory', payload, { cookie });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('refuses a body that is not JSON at all', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/fn/listCategories', payload: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Content-Type: application\/json/);
  });

  it('answers 401 UNAUTHENTICATED to a function that needs a user when nobody is signed in', async () => {
    const response = await call('listCategories', '{"data":{}}');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.status).toBe('UNAUTHENTICATED');
  });

  it('treats an unknown or expired session cookie as signed out', async () => {
    const response = await call('listCategories', '{"data":{}}', { cookie: `${SESSION_COOKIE}=forged` });
    expect(response.statusCode).toBe(401);
  });

  it('answers 501 UNIMPLEMENTED for a contract function whose feature has not landed', async () => {
    const response = await call('listCategories', '{"data":{}}', { cookie });
    expect(response.statusCode).toBe(501);
    expect(response.json().error.status).toBe('UNIMPLEMENTED');
  });

  it('validates data against the contract and names the field', async () => {
    const response = await call('getCategory', '{"data":{"categoryId":""}}', { cookie });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.details.fields[0]).toEqual({ field: 'data.categoryId', message: 'categoryId is required' });
  });

  it('returns the result envelope on success', async () => {
    const response = await call('getCategory', '{"data":{"categoryId":"c1"}}', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ categoryId: 'c1', name: 'Receipts', count: 3 });
  });

  it('hides an unexpected exception behind 500 INTERNAL with no stack trace or detail', async () => {
    const response = await call('getCategory', '{"data":{"categoryId":"boom"}}', { cookie });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { status: 'INTERNAL', message: 'Internal error' } });
    expect(response.body).not.toMatch(/secret|\/srv|at /);
  });

  it('never sends a response that breaks the contract', async () => {
    const response = await call('getCategory', '{"data":{"categoryId":"bad-shape"}}', { cookie });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.status).toBe('INTERNAL');
  });

  it('refuses a state change made with the session cookie but without the CSRF proof', async () => {
    const withoutProof = await call('deleteCategory', '{"data":{"categoryId":"c1"}}', { cookie });
    expect(withoutProof.statusCode).toBe(403);
    expect(withoutProof.json().error.status).toBe('PERMISSION_DENIED');
    const wrongProof = await call('deleteCategory', '{"data":{"categoryId":"c1"}}', { cookie, 'x-csrf-token': 'guess' });
    expect(wrongProof.statusCode).toBe(403);
    const withProof = await call('deleteCategory', '{"data":{"categoryId":"c1"}}', { cookie, 'x-csrf-token': csrf });
    expect(withProof.statusCode).toBe(200);
    expect(withProof.json()).toEqual({ result: { deleted: true } });
  });

  it('answers GET on a function path with the NOT_FOUND envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/fn/listCategories' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.status).toBe('NOT_FOUND');
  });

  it('refuses oversized bodies in the envelope', async () => {
    const big = JSON.stringify({ data: { categoryId: 'x'.repeat(t.config.bodyLimitBytes) } });
    const response = await call('getCategory', big, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/larger than/);
  });
});
