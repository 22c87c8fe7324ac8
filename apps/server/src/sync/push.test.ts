import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { InProcessQueue } from '../jobs/in-process.ts';
import { SYNC_JOB } from './jobs.ts';
import { PUSH_PATH, registerPushRoute } from './push.ts';
import { createAccount } from './testing/fixtures.ts';

const TOKEN = 'push-token-0123456789abcdef';
const notification = (emailAddress: string, historyId: number) => ({
  message: { data: Buffer.from(JSON.stringify({ emailAddress, historyId })).toString('base64'), messageId: '1', publishTime: new Date().toISOString() },
  subscription: 'projects/p/subscriptions/s',
});

describe('the Gmail push hook', () => {
  let t: TestDatabase;
  let app: ReturnType<typeof Fastify>;
  const synced: string[] = [];
  let accountId: string;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
    accountId = await createAccount(t.db);
    const jobs = new InProcessQueue();
    jobs.define<{ accountId: string }>({ name: SYNC_JOB, key: (d) => d.accountId, handler: async (d) => void synced.push(d.accountId) });
    await jobs.start();
    app = Fastify();
    await registerPushRoute(app, { db: t.db, jobs, pushToken: TOKEN });
    app.addHook('onClose', () => jobs.stop());
  });
  afterAll(async () => {
    await app.close();
    await t.destroy();
  });

  it('refuses a notification without the shared token and starts nothing', async () => {
    for (const url of [PUSH_PATH, `${PUSH_PATH}?token=wrong`]) {
      const response = await app.inject({ method: 'POST', url, payload: notification('demo@mailroom.local', 5) });
      expect(response.statusCode, url).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(synced).toEqual([]);
  });

  it('acknowledges at once and syncs the account of that mailbox', async () => {
    const response = await app.inject({ method: 'POST', url: `${PUSH_PATH}?token=${TOKEN}`, payload: notification('Demo@Mailroom.local', 7) });
    expect(response.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(synced).toEqual([accountId]);
  });

  it('acknowledges notifications for unknown mailboxes and malformed data without syncing anything', async () => {
    synced.length = 0;
    const unknown = await app.inject({ method: 'POST', url: `${PUSH_PATH}?token=${TOKEN}`, payload: notification('someone@else.example', 9) });
    expect(unknown.statusCode).toBe(204);
    const garbage = await app.inject({ method: 'POST', url: `${PUSH_PATH}?token=${TOKEN}`, payload: { message: { data: Buffer.from('not json').toString('base64') } } });
    expect(garbage.statusCode).toBe(204);
    const notPubSub = await app.inject({ method: 'POST', url: `${PUSH_PATH}?token=${TOKEN}`, payload: { hello: 'world' } });
    expect(notPubSub.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(synced).toEqual([]);
  });
});
