import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { toStoreRow } from '@mailroom/mail-query';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { FakeClock } from '../../clock.ts';
import { ENGINES } from '../../db/testing.ts';
import { createPushSender, loadOrCreateVapidKeys, VAPID_KEYS_FILE } from '../../providers/push/index.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { testMessage } from '../../testing/messages.ts';
import { InjectBrowser, callFn, sessionOf, signIn } from '../../testing/signin.ts';
import { notifyAccountProblems, notifyBulkActions, notifyNewMail, registerNewMailJudge } from './events.ts';
import { notifyUser } from './index.ts';
import { releaseHeld, type PushPayload } from './service.ts';

// http_ece is the RFC 8188/8291 implementation web-push itself encrypts with; here it decrypts,
// as a browser would, with the subscription's private key and auth secret.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string }): Buffer;
};

const PROJECT = 'mailroom';

/** A push service of our own (RFC 8030), over HTTPS with a certificate made for this test. */
interface PushService {
  url: string;
  agent: https.Agent;
  received: Array<{ path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }>;
  close(): Promise<void>;
}

async function startPushService(): Promise<PushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-push-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const key = fs.readFileSync(path.join(dir, 'key.pem'));
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  fs.rmSync(dir, { recursive: true, force: true });
  const received: PushService['received'] = [];
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      // /gone/...: the subscription was unsubscribed (RFC 8030 §7.3).
      response.writeHead(request.url?.startsWith('/gone/') ? 410 : 201, { location: `${request.url}/message` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    agent: new https.Agent({ ca: cert }),
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): PushPayload {
  return JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }).toString('utf8')) as PushPayload;
}

/** Checks the VAPID header (RFC 8292): a JWT for the push service's origin, signed with the server's key. */
function verifyVapid(header: string, publicKey: string, audience: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [h, p, s] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'));
  expect(ok, 'VAPID signature verifies with the server key').toBe(true);
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as Record<string, unknown>;
  expect(claims.aud).toBe(audience);
  return claims;
}

describe.each(ENGINES)('notifications (%s)', (engine) => {
  let t: TestApp;
  let push: PushService;
  const clock = new FakeClock(Date.parse('2026-11-26T12:00:00Z'));
  let alice: InjectBrowser;
  let bob: InjectBrowser;
  let aliceId: string;

  beforeAll(async () => {
    push = await startPushService();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-vapid-'));
    const keys = loadOrCreateVapidKeys(dataDir, null);
    fs.rmSync(dataDir, { recursive: true, force: true });
    t = await createTestApp(engine, {
      clock,
      push: createPushSender({ keys, subject: 'mailto:ops@example.com', agent: push.agent }),
      env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    bob = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(bob, { account: { email: 'bob@example.com', name: 'Bob' } });
    aliceId = (await sessionOf(alice)).user!.id;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });
  beforeEach(() => {
    push.received.length = 0;
  });

  async function registrationCall(browser: InjectBrowser | null, method: 'POST' | 'PATCH' | 'DELETE', suffix = '', body?: unknown, options: { csrf?: boolean; project?: string } = {}) {
    const url = `/v1/projects/${options.project ?? PROJECT}/registrations${suffix}`;
    if (!browser) return t.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
    const csrf = options.csrf === false ? null : (await sessionOf(browser)).csrfToken;
    return t.app.inject({
      method,
      url,
      headers: { cookie: browser.cookieHeader(url) ?? '', ...(csrf ? { 'x-csrf-token': csrf } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  const web = (keys: ReturnType<typeof browserKeys>, endpoint: string) => ({ web: { endpoint, auth: keys.auth, p256dh: keys.p256dh } });
  const rows = () => t.database.db.selectFrom('push_registrations').selectAll().execute();

  test('a registration is created, updated and deleted, in the seed’s shape, and belongs to its user', async () => {
    const keys = browserKeys();
    const created = await registrationCall(alice, 'POST', '', web(keys, `${push.url}/push/a1`));
    expect(created.statusCode).toBe(200);
    const { token } = created.json() as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await rows()).toEqual([expect.objectContaining({ token, user_id: aliceId, endpoint: `${push.url}/push/a1`, auth: keys.auth, p256dh: keys.p256dh })]);

    const fresh = browserKeys();
    const updated = await registrationCall(alice, 'PATCH', `/${token}`, { web: { endpoint: `${push.url}/push/a2`, auth: fresh.auth, p256dh: fresh.p256dh, applicationPubKey: keys.p256dh } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ token });
    expect(await rows()).toEqual([expect.objectContaining({ token, endpoint: `${push.url}/push/a2`, p256dh: fresh.p256dh, application_pub_key: keys.p256dh })]);

    // Bob cannot see, change or delete Alice's registration: it does not exist for him.
    for (const [method, body] of [['PATCH', web(fresh, `${push.url}/push/evil`)], ['DELETE', undefined]] as const) {
      const foreign = await registrationCall(bob, method, `/${token}`, body);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: { code: 404, message: 'No such registration.', status: 'NOT_FOUND' } });
    }
    expect(await rows()).toEqual([expect.objectContaining({ token, endpoint: `${push.url}/push/a2` })]);

    const deleted = await registrationCall(alice, 'DELETE', `/${token}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
    expect(await rows()).toEqual([]);
    expect((await registrationCall(alice, 'DELETE', `/${token}`)).statusCode).toBe(404);
  });

  test('refused: signed out, no CSRF proof, another project, a wrong API key', async () => {
    const body = web(browserKeys(), `${push.url}/push/x`);
    const signedOut = await registrationCall(null, 'POST', '', body);
    expect(signedOut.statusCode).toBe(401);
    expect((signedOut.json() as { error: { message: string } }).error.message).toMatch(/sign in/i);
    const noCsrf = await registrationCall(alice, 'POST', '', body, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ error: { message: 'Missing or invalid CSRF token.' } });
    const otherProject = await registrationCall(alice, 'POST', '', body, { project: 'someone-elses' });
    expect(otherProject.statusCode).toBe(403);
    expect(otherProject.json()).toMatchObject({ error: { message: 'Project "someone-elses" is not this server’s project.' } });
    const csrf = (await sessionOf(alice)).csrfToken!;
    const badKey = await alice.request('POST', `/v1/projects/${PROJECT}/registrations`, { json: body, headers: { 'x-csrf-token': csrf, 'x-goog-api-key': 'wrong' } });
    expect(badKey.statusCode).toBe(403);
    const goodKey = await alice.request('POST', `/v1/projects/${PROJECT}/registrations`, { json: body, headers: { 'x-csrf-token': csrf, 'x-goog-api-key': t.config.push.apiKey } });
    expect(goodKey.statusCode).toBe(200);
    await t.database.db.deleteFrom('push_registrations').execute();
  });

  test('bad payloads answer 400 with a message naming the field, and store nothing', async () => {
    const keys = browserKeys();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /web/],
      [{ web: { auth: keys.auth, p256dh: keys.p256dh } }, /web\.endpoint/],
      [{ web: { endpoint: 'not a url', auth: keys.auth, p256dh: keys.p256dh } }, /web\.endpoint/],
      [{ web: { endpoint: 'ftp://push.example/x', auth: keys.auth, p256dh: keys.p256dh } }, /web\.endpoint/],
      [{ web: { endpoint: `${push.url}/push/x`, auth: 'short', p256dh: keys.p256dh } }, /web\.auth/],
      [{ web: { endpoint: `${push.url}/push/x`, auth: keys.auth, p256dh: 'not base64url!' } }, /web\.p256dh/],
      [{ web: { endpoint: `${push.url}/push/x`, auth: keys.auth, p256dh: keys.p256dh, extra: 1 } }, /extra/],
      [{ web: { endpoint: `${push.url}/push/x`, auth: keys.auth, p256dh: keys.p256dh }, android: {} }, /android/],
    ];
    for (const [body, field] of cases) {
      const response = await registrationCall(alice, 'POST', '', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { error } = response.json() as { error: { message: string; status: string } };
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.message, JSON.stringify(body)).toMatch(field);
    }
    const csrf = (await sessionOf(alice)).csrfToken!;
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/v1/projects/${PROJECT}/registrations`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: alice.cookieHeader(`/v1/projects/${PROJECT}/registrations`) ?? '' },
      payload: '{"web":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect((await registrationCall(alice, 'PATCH', '/bad%20token', web(keys, `${push.url}/push/x`))).statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  test('a test push reaches the push service with VAPID, encrypted (RFC 8291) for that subscription only; 410 removes the registration', async () => {
    const config = (await callFn(alice, 'getPushConfig')).json() as { result: { projectId: string; apiKey: string; appId: string; messagingSenderId: string; vapidKey: string } };
    expect(config.result).toEqual({ projectId: PROJECT, apiKey: 'mailroom-web', appId: 'mailroom-web', messagingSenderId: 'mailroom', vapidKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });

    const keys = browserKeys();
    const { token } = (await registrationCall(alice, 'POST', '', web(keys, `${push.url}/push/alice-laptop`))).json() as { token: string };
    const sent = await callFn(alice, 'sendTestNotification', { token });
    expect(sent.json()).toEqual({ result: { delivered: true, reason: null } });
    expect(push.received).toHaveLength(1);
    const request = push.received[0]!;
    expect(request.path).toBe('/push/alice-laptop');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(String(request.headers.authorization), config.result.vapidKey, push.url);
    expect(claims.sub).toBe('mailto:ops@example.com');
    // The body is ciphertext: the title is not readable without the browser's keys ...
    expect(request.body.toString('latin1')).not.toContain('Test notification');
    expect(() => decryptPush(request.body, browserKeys())).toThrow();
    // ... and with them it is the notification.
    expect(decryptPush(request.body, keys)).toMatchObject({ kind: 'test', title: 'Test notification', url: '/settings#notifications' });

    // Bob cannot push to Alice's browser.
    expect((await callFn(bob, 'sendTestNotification', { token })).json()).toMatchObject({ error: { status: 'NOT_FOUND' } });

    // The push service says the subscription is gone: the registration goes too.
    const goneKeys = browserKeys();
    const gone = ((await registrationCall(alice, 'POST', '', web(goneKeys, `${push.url}/gone/old-phone`))).json() as { token: string }).token;
    const answer = (await callFn(alice, 'sendTestNotification', { token: gone })).json() as { result: { delivered: boolean; reason: string } };
    expect(answer.result.delivered).toBe(false);
    expect(answer.result.reason).toMatch(/410/);
    expect((await rows()).map((r) => r.token)).toEqual([token]);

    // Listed in the bell, and read once marked.
    const listed = (await callFn(alice, 'listNotifications')).json() as { result: { notifications: Array<{ id: string; title: string; read: boolean }>; unread: number } };
    expect(listed.result.unread).toBe(2);
    expect((await callFn(bob, 'markNotificationsRead', { ids: listed.result.notifications.map((n) => n.id) })).json()).toEqual({ result: { unread: 0 } });
    expect(((await callFn(alice, 'listNotifications')).json() as { result: { unread: number } }).result.unread).toBe(2);
    expect((await callFn(alice, 'markNotificationsRead', { ids: [listed.result.notifications[0]!.id] })).json()).toEqual({ result: { unread: 1 } });
    expect((await callFn(alice, 'markNotificationsRead', {})).json()).toEqual({ result: { unread: 0 } });
    await t.database.db.deleteFrom('notifications').execute();
  });

  test('new mail from someone the user wrote to notifies once, grouped within a minute; others and old mail do not', async () => {
    const keys = browserKeys();
    await t.database.db.deleteFrom('push_registrations').execute();
    await registrationCall(alice, 'POST', '', web(keys, `${push.url}/push/alice-phone`));
    const now = clock.now();
    const accountId = 'acct-alice';
    await t.database.db
      .insertInto('mail_accounts')
      .values({ id: accountId, user_id: aliceId, provider: 'gmail', email: 'alice@example.com', scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now - 86_400_000, created_at: now, updated_at: now, disconnected_at: null })
      .execute();
    const insert = (id: string, over: Parameters<typeof testMessage>[1]) => t.database.db.insertInto('messages').values(toStoreRow(accountId, testMessage(id, over), { historyId: '1', snippet: 'secret body text' })).execute();
    await insert('sent-1', { labelIds: ['SENT'], from: [{ name: 'Alice', address: 'alice@example.com' }], to: [{ name: 'Carol', address: 'Carol_K@example.org' }], internalDate: now - 5 * 86_400_000 });
    await insert('new-carol', { labelIds: ['INBOX', 'UNREAD'], from: [{ name: 'Carol K', address: 'carol_k@example.org' }], subject: 'Lunch on Friday?', internalDate: now - 60_000 });
    await insert('new-stranger', { labelIds: ['INBOX', 'UNREAD'], from: [{ name: null, address: 'news@shop.example' }], internalDate: now - 60_000 });
    // "carolXk": the _ in Carol_K must not match any character.
    await insert('new-lookalike', { labelIds: ['INBOX', 'UNREAD'], from: [{ name: null, address: 'carolxk@example.org' }], internalDate: now - 60_000 });
    await insert('old-carol', { labelIds: ['INBOX', 'UNREAD'], from: [{ name: 'Carol K', address: 'carol_k@example.org' }], internalDate: now - 3 * 3_600_000 });
    await insert('read-carol', { labelIds: ['INBOX'], from: [{ name: 'Carol K', address: 'carol_k@example.org' }], internalDate: now - 60_000 });
    const services = t.app.mailroom.services;
    const event = { accountId, added: ['new-carol', 'new-stranger', 'new-lookalike', 'old-carol', 'read-carol'], relabelled: [], deleted: [] };

    expect(await notifyNewMail(services, event)).toBe(1);
    expect(await notifyNewMail(services, event)).toBe(0); // delivered twice, notified once
    expect(push.received).toHaveLength(1);
    const first = decryptPush(push.received[0]!.body, keys);
    expect(first).toMatchObject({ kind: 'newMail', title: 'New mail from Carol K', body: 'Lunch on Friday?', url: '/search?q=in%3Ainbox&message=new-carol', count: 1 });
    expect(JSON.stringify(first)).not.toContain('secret body text');

    // Thirty seconds later another: one notification, now counting two, pushed with the same tag.
    clock.advance(30_000);
    await insert('new-carol-2', { labelIds: ['INBOX', 'UNREAD'], from: [{ name: 'Carol K', address: 'carol_k@example.org' }], internalDate: clock.now() - 1000 });
    expect(await notifyNewMail(services, { ...event, added: ['new-carol-2'] })).toBe(1);
    const second = decryptPush(push.received[1]!.body, keys);
    expect(second).toMatchObject({ title: '2 new important messages', count: 2, tag: first.tag });
    const listed = (await callFn(alice, 'listNotifications')).json() as { result: { notifications: Array<{ title: string; count: number }>; unread: number } };
    expect(listed.result).toMatchObject({ unread: 1, notifications: [{ title: '2 new important messages', count: 2 }] });

    // With a priority judge registered, its choice decides (the stranger is important to it).
    registerNewMailJudge(async (_s, _a, ids) => new Set(ids.filter((id) => id === 'new-stranger-2')));
    try {
      await insert('new-stranger-2', { labelIds: ['INBOX', 'UNREAD'], from: [{ name: null, address: 'boss@corp.example' }], subject: 'Budget', internalDate: clock.now() - 1000 });
      clock.advance(120_000);
      expect(await notifyNewMail(services, { ...event, added: ['new-stranger-2'] })).toBe(1);
      expect(decryptPush(push.received[2]!.body, keys)).toMatchObject({ title: 'New mail from boss@corp.example', body: 'Budget' });
    } finally {
      registerNewMailJudge(async () => null);
    }
    await t.database.db.deleteFrom('notifications').execute();
    await t.database.db.deleteFrom('messages').where('account_id', '=', accountId).execute();
  });

  test('quiet hours (in the user’s zone) hold pushes but not the bell, and release them when they end; a kind turned off does nothing', async () => {
    const keys = browserKeys();
    await t.database.db.deleteFrom('push_registrations').execute();
    await registrationCall(alice, 'POST', '', web(keys, `${push.url}/push/alice-desk`));
    const saved = await callFn(alice, 'updateSettings', { patch: { account: { timeZone: 'Asia/Tokyo' }, notifications: { quietHours: true, quietStart: '22:00', quietEnd: '07:00' } } });
    expect(saved.statusCode).toBe(200);
    expect((await callFn(alice, 'updateSettings', { patch: { notifications: { quietStart: '25:00' } } })).json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('quietStart') } });

    // 14:30 UTC is 23:30 in Tokyo: quiet.
    clock.set(Date.parse('2026-11-27T14:30:00Z'));
    const services = t.app.mailroom.services;
    const held = await notifyUser(services, aliceId, { kind: 'digestReady', title: 'Your digest is ready', body: '12 messages since yesterday', url: '/digest' });
    expect(held).toMatchObject({ title: 'Your digest is ready', read: false });
    expect(push.received).toHaveLength(0);
    expect(await releaseHeld(services)).toBe(0); // still quiet

    // 22:05 UTC is 07:05 in Tokyo: over, the held notification goes out.
    clock.set(Date.parse('2026-11-27T22:05:00Z'));
    expect(await releaseHeld(services)).toBe(1);
    expect(push.received).toHaveLength(1);
    expect(decryptPush(push.received[0]!.body, keys)).toMatchObject({ title: 'Your digest is ready', url: '/digest' });
    expect(await releaseHeld(services)).toBe(0);

    // Outside quiet hours a notification goes at once; a kind switched off goes nowhere.
    await callFn(alice, 'updateSettings', { patch: { notifications: { bulkAction: false } } });
    expect(await notifyUser(services, aliceId, { kind: 'bulkAction', title: 'Quarantine finished', body: '40 messages', url: '/recovery' })).toBeNull();
    await notifyUser(services, aliceId, { kind: 'accountProblem', title: 'Gmail access needs you', body: 'x', url: '/gmail-fix' });
    expect(push.received.map((r) => decryptPush(r.body, keys).title)).toEqual(['Your digest is ready', 'Gmail access needs you']);
    const titles = ((await callFn(alice, 'listNotifications')).json() as { result: { notifications: Array<{ title: string }> } }).result.notifications.map((n) => n.title);
    expect(titles).toEqual(['Gmail access needs you', 'Your digest is ready']);
    await t.database.db.deleteFrom('notifications').execute();
    await callFn(alice, 'updateSettings', { patch: { notifications: { quietHours: false, bulkAction: true } } });
  });

  test('Gmail access lost, and sync failing for over an hour, notify once a day while they last', async () => {
    const now = clock.now();
    await t.database.db
      .insertInto('mail_accounts')
      .values({ id: 'acct-bob', user_id: (await sessionOf(bob)).user!.id, provider: 'gmail', email: 'bob@example.com', scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now - 86_400_000, created_at: now, updated_at: now, disconnected_at: null })
      .execute();
    await t.database.db
      .insertInto('sync_state')
      .values({ account_id: 'acct-bob', status: 'error', phase: 'incremental', sync_cursor: null, full_sync_cursor: null, page_token: null, full_sync_started: 0, messages_total: null, messages_done: 0, last_sync_at: now - 30 * 60_000, last_full_sync_at: now - 86_400_000, last_error: 'boom', watch_expires_at: null, updated_at: now })
      .execute();
    const services = t.app.mailroom.services;
    expect(await notifyAccountProblems(services)).toBe(0); // failing for half an hour only
    clock.advance(45 * 60_000);
    expect(await notifyAccountProblems(services)).toBe(1);
    expect(await notifyAccountProblems(services)).toBe(0);
    clock.advance(60_000);
    await t.database.db.updateTable('mail_accounts').set({ needs_reconnect: 1 }).where('id', '=', 'acct-bob').execute();
    expect(await notifyAccountProblems(services)).toBe(1);
    const titles = ((await callFn(bob, 'listNotifications')).json() as { result: { notifications: Array<{ title: string; body: string }> } }).result.notifications.map((n) => n.title);
    expect(titles).toEqual(['Gmail access needs you', 'Mail is not syncing']);
  });

  test('a background bulk action notifies once when it finishes, and again when its undo does; small ones never', async () => {
    const bobId = (await sessionOf(bob)).user!.id;
    await t.database.db.deleteFrom('notifications').where('user_id', '=', bobId).execute();
    const now = clock.now();
    const batch = (id: string, count: number, status: 'running' | 'done') => ({
      id, account_id: 'acct-bob', kind: 'quarantine' as const, category_id: null, category_name: 'Newsletters', status, message_count: count, done_count: status === 'done' ? count : 10,
      restored_count: 0, error: null, created_at: now - 60_000, expires_at: now + 7 * 86_400_000, completed_at: status === 'done' ? now : null, undone_at: null, updated_at: now, label_change: '{"add":[],"remove":[]}',
    });
    await t.database.db.insertInto('action_batches').values([batch('big', 1240, 'running'), batch('small', 12, 'done')]).execute();
    const services = t.app.mailroom.services;
    expect(await notifyBulkActions(services)).toBe(0); // still running; the small one was answered inline
    await t.database.db.updateTable('action_batches').set({ status: 'done', done_count: 1240, completed_at: now }).where('id', '=', 'big').execute();
    expect(await notifyBulkActions(services)).toBe(1);
    expect(await notifyBulkActions(services)).toBe(0);
    clock.advance(5 * 60_000);
    await t.database.db.updateTable('action_batches').set({ status: 'undone', restored_count: 1240, updated_at: clock.now() }).where('id', '=', 'big').execute();
    expect(await notifyBulkActions(services)).toBe(1);
    const listed = ((await callFn(bob, 'listNotifications')).json() as { result: { notifications: Array<{ title: string; body: string; url: string }> } }).result.notifications;
    expect(listed.slice(0, 2)).toEqual([
      expect.objectContaining({ title: 'Undo of quarantine finished', body: '1,240 messages in Newsletters restored.', url: '/recovery' }),
      expect.objectContaining({ title: 'Quarantine finished', body: '1,240 messages in Newsletters. Undo it from Recovery for 7 days.' }),
    ]);
  });

  test('notifications and notified messages are derived data under the 30-day rule', () => {
    const tables = t.app.mailroom.features.derivedTables.map((d) => `${d.table}.${d.ageColumn}`);
    expect(tables).toEqual(expect.arrayContaining(['notifications.created_at', 'notified_messages.notified_at']));
  });
});

test('VAPID keys are generated into DATA_DIR once and read back after', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-vapid-'));
  try {
    const first = loadOrCreateVapidKeys(dir, null);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVapidKeys(dir, null)).toEqual(first);
    const configured = { publicKey: 'configured-public', privateKey: 'configured-private' };
    expect(loadOrCreateVapidKeys(dir, configured)).toBe(configured);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
