import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES } from '../db/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { InjectBrowser, callFn, completeIdpPages, sessionOf, signIn } from '../testing/signin.ts';
import { SESSION_COOKIE, sha256Hex } from './principal.ts';
import { SIGNIN_STATE_COOKIE } from './signin-routes.ts';
import { OPEN_REDIRECT_RETURN_TOS } from '../testing/open-redirects.ts';

describe.each(ENGINES)('sign-in with the embedded OpenID provider (%s)', (engine) => {
  let t: TestApp;
  const browser = () => new InjectBrowser(t.app, t.config.publicUrl);

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  test('the full code flow (authorize, account chooser, consent, callback) ends with a session cookie', async () => {
    const b = browser();
    const start = await b.request('GET', '/api/auth/signin?mode=redirect&returnTo=/dashboard');
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(`${t.config.publicUrl}/idp/auth`);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const chooser = await b.follow(start);
    expect(chooser.url).toMatch(/^\/idp\/interaction\//);
    expect(chooser.response.body).toContain('Continue as Demo User');
    expect(chooser.response.body).toContain('demo@mailroom.local');

    const landed = await completeIdpPages(b, chooser);
    expect(landed.url).toBe('/dashboard?signin=success');

    expect(b.cookies.get(SESSION_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await sessionOf(b);
    expect(session.user).toMatchObject({ email: 'demo@mailroom.local', displayName: 'Demo User' });
    expect(session.csrfToken).toEqual(expect.any(String));
    const users = await t.database.db.selectFrom('users').select(['email', 'display_name']).execute();
    expect(users).toContainEqual({ email: 'demo@mailroom.local', display_name: 'Demo User' });
  });

  test('the session cookie is HttpOnly, SameSite=Lax, whole-site, and not Secure on plain http', async () => {
    const b = browser();
    b.stopBefore = (path) => path.startsWith('/auth/callback');
    const atCallback = await completeIdpPages(b, await b.navigate('/api/auth/signin'));
    const callbackUrl = atCallback.response.headers.location as string;
    expect(callbackUrl).toContain('/auth/callback?code=');
    const callback = await b.request('GET', callbackUrl);
    const setCookie = ([] as string[]).concat((callback.headers['set-cookie'] as string[] | string | undefined) ?? []);
    const sessionCookie = setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/Path=\/(;|$)/);
    expect(sessionCookie).not.toMatch(/Secure/i);
    // The state cookie that bound the sign-in to this browser is spent.
    expect(setCookie.find((c) => c.startsWith(`${SIGNIN_STATE_COOKIE}=;`))).toBeDefined();
  });

  test('popup mode lands on the popup-complete page', async () => {
    const b = browser();
    expect(await signIn(b, { mode: 'popup' })).toBe('/auth/popup-complete?status=success');
    expect((await sessionOf(b)).user?.email).toBe('demo@mailroom.local');
  });

  test('signing in again rotates the session: the old cookie stops working', async () => {
    const b = browser();
    await signIn(b);
    const before = b.cookies.get(SESSION_COOKIE)?.value;
    await signIn(b);
    const after = b.cookies.get(SESSION_COOKIE)?.value;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const old = await t.database.db.selectFrom('sessions').select('id').where('id', '=', sha256Hex(before ?? '')).executeTakeFirst();
    expect(old).toBeUndefined();
    const stale = new InjectBrowser(t.app, t.config.publicUrl);
    stale.cookies.set(SESSION_COOKIE, { value: before ?? '', path: '/' });
    expect((await sessionOf(stale)).user).toBeNull();
  });

  test('a new local account can be added on the chooser and signs in with its name', async () => {
    const b = browser();
    expect(await signIn(b, { account: { email: 'Ada@Example.com', name: 'Ada Lovelace' } })).toBe('/connect/success?signin=success');
    expect((await sessionOf(b)).user).toMatchObject({ email: 'ada@example.com', displayName: 'Ada Lovelace' });
  });

  test('switching accounts at the provider signs in as the newly chosen account', async () => {
    const b = browser();
    await signIn(b);
    expect((await sessionOf(b)).user?.email).toBe('demo@mailroom.local');
    await signIn(b, { account: { email: 'grace@example.com', name: 'Grace Hopper' } });
    expect((await sessionOf(b)).user).toMatchObject({ email: 'grace@example.com', displayName: 'Grace Hopper' });
  });

  test('the add-account form answers a bad email with the field marked invalid', async () => {
    const b = browser();
    const chooser = await b.navigate('/api/auth/signin');
    const action = /action="(\/idp\/interaction\/[^"]+\/login)" aria-labelledby/.exec(chooser.response.body)?.[1];
    const response = await b.request('POST', action ?? '', { form: { email: 'not-an-email', name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('role="alert"');
    expect(response.body).toMatch(/id="add-email"[^>]*aria-invalid="true"/);
    expect(response.body).toContain('Enter an email address');
    expect(response.body).toContain('Enter your name.');
  });

  test('declining consent comes back as a sign-in error without a session', async () => {
    const b = browser();
    const landed = await signIn(b, { account: { email: 'declines@example.com', name: 'Dee' }, consent: 'deny' });
    const url = new URL(landed, t.config.publicUrl);
    expect(url.pathname).toBe('/connect');
    expect(url.searchParams.get('signin')).toBe('error');
    expect(url.searchParams.get('code')).toBe('access_denied');
    expect((await sessionOf(b)).user).toBeNull();
  });

  test('returnTo that leaves the origin is ignored (no open redirect)', async () => {
    for (const returnTo of OPEN_REDIRECT_RETURN_TOS) {
      const b = browser();
      const landed = await signIn(b, { returnTo });
      expect(landed, returnTo).toBe('/connect/success?signin=success');
    }
    expect(await signIn(browser(), { returnTo: '/categories/abc?tab=rules' })).toBe('/categories/abc?tab=rules&signin=success');
  });

  test('a callback from a sign-in started in another browser is refused (login CSRF)', async () => {
    // The attacker signs in at the provider but keeps the callback URL instead of loading it.
    const attacker = browser();
    attacker.stopBefore = (path) => path.startsWith('/auth/callback');
    const atCallback = await completeIdpPages(attacker, await attacker.navigate('/api/auth/signin'), {
      account: { email: 'mallory@example.com', name: 'Mallory' },
    });
    const callbackUrl = atCallback.response.headers.location as string;
    expect(callbackUrl).toContain('/auth/callback?code=');

    const victim = browser();
    const landed = await victim.follow(await victim.request('GET', callbackUrl));
    const url = new URL(landed.url, t.config.publicUrl);
    expect(url.pathname).toBe('/connect');
    expect(url.searchParams.get('signin')).toBe('error');
    expect(url.searchParams.get('code')).toBe('invalid_state');
    expect((await sessionOf(victim)).user).toBeNull();

    // Nor can the attacker use that callback afterwards: its state was used up.
    attacker.stopBefore = null;
    const replay = await attacker.follow(await attacker.request('GET', callbackUrl));
    expect(new URL(replay.url, t.config.publicUrl).searchParams.get('code')).toBe('invalid_state');
    expect((await sessionOf(attacker)).user).toBeNull();
  });

  test('sign-out needs the CSRF proof, then removes the session and clears the cookie', async () => {
    const b = browser();
    await signIn(b);
    const { csrfToken } = await sessionOf(b);
    const token = b.cookies.get(SESSION_COOKIE)?.value ?? '';

    const refused = await b.request('POST', '/api/auth/signout');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    const forged = await b.request('POST', '/api/auth/signout', { headers: { 'x-csrf-token': 'not-the-token' } });
    expect(forged.statusCode).toBe(403);
    expect((await sessionOf(b)).user).not.toBeNull();

    const done = await b.request('POST', '/api/auth/signout', { headers: { 'x-csrf-token': csrfToken ?? '' } });
    expect(done.statusCode).toBe(204);
    expect(String(done.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    const row = await t.database.db.selectFrom('sessions').select('id').where('id', '=', sha256Hex(token)).executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await sessionOf(b)).user).toBeNull();
    expect((await callFn(b, 'getGmailStatus', {}, { csrf: null })).statusCode).toBe(401);
  });

  test('the session endpoint is never cached and says signed-out plainly', async () => {
    const response = await browser().request('GET', '/api/auth/session');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ user: null, csrfToken: null });
  });
});

describe('sign-in over https and under load', () => {
  test('over https the session cookie is Secure', async () => {
    const t = await createTestApp('sqlite', { env: { PUBLIC_URL: 'https://mail.example.test' } });
    try {
      const b = new InjectBrowser(t.app, t.config.publicUrl);
      b.stopBefore = (path) => path.startsWith('/auth/callback');
      const atCallback = await completeIdpPages(b, await b.navigate('/api/auth/signin'));
      const callback = await b.request('GET', atCallback.response.headers.location as string);
      expect(callback.headers.location).toBe('/connect/success?signin=success');
      const setCookie = ([] as string[]).concat((callback.headers['set-cookie'] as string[] | string | undefined) ?? []);
      const sessionCookie = setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(sessionCookie).toMatch(/; Secure/i);
      expect(sessionCookie).toMatch(/HttpOnly/i);
    } finally {
      await t.close();
    }
  });

  test('sign-in endpoints are rate limited more strictly than the API', async () => {
    const t = await createTestApp('sqlite', { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '100' } });
    try {
      const b = new InjectBrowser(t.app, t.config.publicUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await b.request('GET', '/api/auth/signin')).statusCode);
      expect(statuses).toEqual([302, 302, 302, 429, 429]);
      const limited = await b.request('GET', '/api/auth/signin');
      expect(limited.json()).toMatchObject({ error: { status: 'RESOURCE_EXHAUSTED' } });
      // The API itself is still open to this client.
      expect((await b.request('GET', '/api/auth/session')).statusCode).toBe(200);
      expect((await callFn(b, 'getGmailStatus', {}, { csrf: null })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('with Google configured', () => {
  test('the embedded provider is not mounted and sign-in goes to Google', async () => {
    const t = await createTestApp('sqlite', { env: { GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' } });
    try {
      expect(t.app.mailroomAuth.idp).toBeNull();
      expect(t.app.mailroomAuth.oauth.issuer).toBe('https://accounts.google.com');
      expect((await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  test('half a Google client is a configuration error at start-up', async () => {
    const { loadConfig, ConfigError } = await import('../config.ts');
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'only-the-id' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'only-the-id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ MAILROOM_SECRET: 'too-short' })).toThrow(/MAILROOM_SECRET/);
  });
});
