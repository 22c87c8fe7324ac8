import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { InjectBrowser, signIn } from '../testing/signin.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built app as `npm run build` leaves it: each file with its brotli and gzip copies. */
function writeBuild(dir: string) {
  const script = 'export function greet(name) { return "Hello, " + name; }\n'.repeat(100);
  const html = `<!doctype html><title>Mailroom</title><div id="root"></div>${'<!-- shell -->'.repeat(100)}`;
  const prerendered = (page: string, heading: string) =>
    html.replace('<div id="root"></div>', `<div id="root" data-prerendered="${page}"><h1>${heading}</h1></div>`);
  const landing = prerendered('/', 'Your Gmail, sorted');
  const connect = prerendered('/connect', 'Sign in');
  const connectReturn = prerendered('/connect', 'Sign in to continue');
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [file, content] of [
    ['assets/index-abc123.js', script],
    ['index.html', html],
    ['landing.html', landing],
    ['connect.html', connect],
    ['connect-return.html', connectReturn],
  ] as const) {
    const full = path.join(dir, file);
    fs.writeFileSync(full, content);
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content));
  }
  // As apps/web/build/prerender.ts writes it.
  const manifest = {
    pages: [
      { path: '/', query: [], file: 'landing.html' },
      { path: '/connect', query: [], file: 'connect.html' },
      { path: '/connect', query: ['returnTo'], file: 'connect-return.html' },
    ],
    protected: ['/dashboard', '/manual', '/manual/:categoryId'],
  };
  fs.writeFileSync(path.join(dir, 'pages.json'), JSON.stringify(manifest));
  return { script, html, landing, connect, connectReturn };
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('serving the pre-compressed web app', () => {
  let t: TestApp;
  let dist: string;
  let built: ReturnType<typeof writeBuild>;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-dist-'));
    built = writeBuild(dist);
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const cases = [
    { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
    { accept: 'gzip, deflate', encoding: 'gzip' },
    { accept: 'identity', encoding: undefined },
  ];

  for (const { accept, encoding } of cases) {
    it(`sends a hashed script ${encoding ?? 'unencoded'} for Accept-Encoding "${accept}", cached for a year`, async () => {
      const response = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      const body = response.rawPayload;
      expect(decode(encoding, body)).toBe(built.script);
      if (encoding) expect(body.length).toBeLessThan(built.script.length / 5);
    });

    it(`sends index.html ${encoding ?? 'unencoded'} for Accept-Encoding "${accept}" at every page path, never cached without revalidation`, async () => {
      for (const url of ['/features', '/connect?signin=error', '/no/such/page', '/?utm=x']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/text\/html/);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(decode(encoding, response.rawPayload), url).toBe(built.html);
      }
    });

    it(`sends the prerendered landing page ${encoding ?? 'unencoded'} for / with Accept-Encoding "${accept}"`, async () => {
      const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decode(encoding, response.rawPayload)).toBe(built.landing);
    });
  }

  it('sends /connect prerendered as its first render depends on the query: with or without returnTo', async () => {
    const plain = await t.app.inject({ url: '/connect', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(built.connect);
    const returning = await t.app.inject({ url: '/connect?returnTo=%2Fmanual', headers: { 'accept-encoding': 'identity' } });
    expect(returning.body).toBe(built.connectReturn);
  });

  it('redirects a signed-out visit to a protected page to /connect at once, with the way back', async () => {
    for (const [url, returnTo] of [
      ['/dashboard', '/dashboard'],
      ['/manual/abc?page=2', '/manual/abc?page=2'],
      ['/manual/', '/manual/'],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(`/connect?${new URLSearchParams({ returnTo }).toString()}`);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const stale = await t.app.inject({ url: '/dashboard', cookies: { mailroom_session: 'no-such-session' } });
    expect(stale.statusCode).toBe(302);
  });

  it('sends a signed-in user the protected page itself', async () => {
    const browser = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(browser);
    for (const url of ['/dashboard', '/manual/abc']) {
      const response = await browser.request('GET', url, { headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(built.html);
    }
  });
});

describe('the host name in the address bar', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-dist-'));
    writeBuild(dist);
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends a page opened on another host name to PUBLIC_URL's, path and query kept", async () => {
    for (const [host, url] of [
      ['127.0.0.1:3000', '/connect?returnTo=%2Fmanual'],
      ['127.0.0.1:3000', '/'],
      ['mailroom.lan', '/assets/index-abc123.js'],
    ] as const) {
      const response = await t.app.inject({ url, headers: { host } });
      expect(response.statusCode, `${host}${url}`).toBe(302);
      expect(response.headers.location, `${host}${url}`).toBe(`http://localhost:3000${url}`);
    }
  });

  it("serves PUBLIC_URL's host name, and leaves the API, health checks and POSTs alone on any host", async () => {
    expect((await t.app.inject({ url: '/', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/healthz', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/session', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/connect', headers: { host: '127.0.0.1:3000' } });
    expect(post.statusCode).not.toBe(302);
  });
});
