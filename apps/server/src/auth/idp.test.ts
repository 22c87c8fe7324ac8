import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestDatabase, ENGINES } from '../db/testing.ts';
import { buildApp } from '../http/app.ts';
import { InProcessQueue } from '../jobs/in-process.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { InjectBrowser, connectGmail, signIn } from '../testing/signin.ts';
import { GMAIL_SCOPES } from './gmail-scopes.ts';
import { loadGmailCredentials } from './gmail-tokens.ts';
import type { IdpRevocation } from './idp/index.ts';

async function storedCredentials(t: TestApp, email = 'demo@mailroom.local') {
  const account = await t.database.db.selectFrom('mail_accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const credentials = await loadGmailCredentials(t.database.db, t.app.mailroomAuth.secrets.tokenKey, account.id);
  if (!credentials) throw new Error('no stored credentials');
  return credentials;
}

describe.each(ENGINES)('the embedded OpenID provider (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  test('its discovery document describes a Google-like code-flow provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    const metadata = response.json() as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${t.config.publicUrl}/idp`);
    expect(metadata.authorization_endpoint).toBe(`${t.config.publicUrl}/idp/auth`);
    expect(metadata.token_endpoint).toBe(`${t.config.publicUrl}/idp/token`);
    expect(metadata.revocation_endpoint).toBe(`${t.config.publicUrl}/idp/revoke`);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  test('URLs it builds name PUBLIC_URL, whatever Host the request claims', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(response.body).not.toContain('evil.example');
  });

  test('its pages carry the strict CSP and need no inline script or style', async () => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    const chooser = await b.navigate('/api/auth/signin');
    expect(chooser.response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(chooser.response.headers['content-security-policy']).toContain("style-src 'self'");
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(chooser.response.body)?.[1];
    expect(stylesheet).toMatch(/^\/idp\/assets\/idp\.css\?v=/);
    for (const html of [chooser.response.body]) {
      expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
      // Every input has a label that points at it.
      for (const [, id] of html.matchAll(/<input id="([^"]+)"/g)) expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain('<html lang="en">');
    }
    const css = await b.request('GET', stylesheet ?? '');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('@media (prefers-color-scheme: dark)');
    expect(css.body).toContain(':focus-visible');
  });

  test('an unknown or used-up interaction shows a page that says what to do', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/idp/interaction/not-a-real-uid' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('This sign-in has expired');
    expect(response.body).not.toMatch(/<style|\sstyle=/);
  });

  test('its Gmail access tokens verify for the sandbox with the granted scopes; refresh tokens and made-up values do not', async () => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(b);
    expect(await connectGmail(b)).toBe('/connect/success');
    const credentials = await storedCredentials(t);
    const verify = t.app.mailroomAuth.idp!.verifyAccessToken;
    expect(await verify(credentials.access_token)).toEqual({ email: 'demo@mailroom.local', scopes: [GMAIL_SCOPES.readonly] });
    expect(credentials.refresh_token).toEqual(expect.any(String));
    expect(await verify(credentials.refresh_token ?? '')).toBeNull();
    expect(await verify('made-up-token')).toBeNull();

    // Incremental write access: the new token carries modify and labels as well.
    expect(await connectGmail(b, { write: true })).toBe('/connect/success');
    const writeCredentials = await storedCredentials(t);
    const verified = await verify(writeCredentials.access_token);
    expect(verified?.scopes.sort()).toEqual([GMAIL_SCOPES.labels, GMAIL_SCOPES.modify, GMAIL_SCOPES.readonly].sort());
  });

  test('refresh tokens renew Gmail access, through openid-client and through google-auth-library', async () => {
    const credentials = await storedCredentials(t);
    const verify = t.app.mailroomAuth.idp!.verifyAccessToken;
    const renewed = await t.app.mailroomAuth.oauth.refresh(credentials.refresh_token ?? '');
    expect(renewed.accessToken).not.toBe(credentials.access_token);
    expect((await verify(renewed.accessToken))?.email).toBe('demo@mailroom.local');

    // providers/gmail refreshes with google-auth-library's OAuth2Client against the token endpoint.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const endpoints = await t.app.mailroomAuth.oauth.clientEndpoints();
    expect(endpoints.tokenUrl).toBe(`${t.config.publicUrl}/idp/token`);
    const client = new OAuth2Client({
      clientId: endpoints.clientId,
      clientSecret: endpoints.clientSecret,
      endpoints: { oauth2TokenUrl: `${address}/idp/token` },
    });
    client.setCredentials({ access_token: credentials.access_token, refresh_token: credentials.refresh_token, expiry_date: Date.now() - 1000 });
    const { token } = await client.getAccessToken();
    expect(token).toEqual(expect.any(String));
    expect(token).not.toBe(credentials.access_token);
    expect((await verify(token ?? ''))?.scopes).toContain(GMAIL_SCOPES.modify);
  });

  test('the database holds no usable provider token: ids are hashed and payloads encrypted', async () => {
    const credentials = await storedCredentials(t);
    const rows = await t.database.db.selectFrom('idp_payloads').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(credentials.access_token);
    expect(dump).not.toContain(credentials.refresh_token ?? 'no refresh token');
    expect(dump).not.toContain('demo@mailroom.local');
  });

  test('revocation works like Google’s: token in the query, no client auth, the whole grant goes', async () => {
    const credentials = await storedCredentials(t);
    const verify = t.app.mailroomAuth.idp!.verifyAccessToken;
    const revocations: IdpRevocation[] = [];
    const stop = t.app.mailroomAuth.idp!.onRevoked((r) => revocations.push(r));
    try {
      expect(await verify(credentials.access_token)).not.toBeNull();
      const response = await t.app.inject({ method: 'POST', url: `/idp/revoke?token=${encodeURIComponent(credentials.refresh_token ?? '')}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      // Revoking the refresh token took the access token with it.
      expect(await verify(credentials.access_token)).toBeNull();
      expect(revocations).toEqual([expect.objectContaining({ token: credentials.refresh_token, kind: 'RefreshToken', email: 'demo@mailroom.local' })]);

      const again = await t.app.inject({
        method: 'POST',
        url: '/idp/revoke',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(credentials.access_token)}`,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });
      expect((await t.app.inject({ method: 'POST', url: '/idp/revoke' })).statusCode).toBe(400);
    } finally {
      stop();
    }
  });
});

test('the account chooser and consent forms are rate limited per client', async () => {
  const t = await createTestApp('sqlite', { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '2' } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/idp/interaction/some-uid/login', payload: 'account=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.body).toContain('Too many attempts');
    }
    // The first two reach the form handler (and find no interaction); the rest are turned away.
    expect(statuses).toEqual([400, 400, 429, 429]);
    // Reading pages is not limited.
    expect((await t.app.inject({ method: 'GET', url: '/idp/assets/idp.css' })).statusCode).toBe(200);
  } finally {
    await t.close();
  }
});

test('a restart keeps the provider’s sessions, keys and issued tokens (state is in the database)', async () => {
  const database = await createTestDatabase('sqlite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-idp-restart-'));
  // The embedded Gmail sandbox starts empty here (seeding the corpus takes seconds).
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', SANDBOX_SEED_CORPUS: 'false' });
  const start = async () => {
    const jobs = new InProcessQueue();
    const app = await buildApp({ config, db: database.db, jobs, log: false });
    await app.ready();
    await jobs.start();
    return { app, jobs };
  };
  try {
    const first = await start();
    const b = new InjectBrowser(first.app, config.publicUrl);
    await signIn(b, { account: { email: 'restart@example.com', name: 'Re Start' } });
    await connectGmail(b);
    const account = await database.db.selectFrom('mail_accounts').select('id').executeTakeFirstOrThrow();
    const { access_token: accessToken } = (await loadGmailCredentials(database.db, first.app.mailroomAuth.secrets.tokenKey, account.id))!;
    await first.app.close();
    await first.jobs.stop();

    const second = await start();
    try {
      expect(await second.app.mailroomAuth.idp!.verifyAccessToken(accessToken)).toEqual({
        email: 'restart@example.com',
        scopes: [GMAIL_SCOPES.readonly],
      });
      // The provider still knows this browser: the chooser lists the account signed in before.
      const browser2 = new InjectBrowser(second.app, config.publicUrl);
      for (const [name, cookie] of b.cookies) if (name.startsWith('mailroom_idp_session')) browser2.cookies.set(name, cookie);
      const chooser = await browser2.navigate('/api/auth/signin');
      expect(chooser.response.body).toContain('restart@example.com');
      // And the Mailroom session survived too.
      const session = await second.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `mailroom_session=${b.cookies.get('mailroom_session')?.value}` } });
      expect(session.json()).toMatchObject({ user: { email: 'restart@example.com' } });
    } finally {
      await second.app.close();
      await second.jobs.stop();
    }
  } finally {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
