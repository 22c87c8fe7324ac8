import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built app as `npm run build` leaves it: each file with its brotli and gzip copies. */
function writeBuild(dir: string): { script: string; html: string } {
  const script = 'export function greet(name) { return "Hello, " + name; }\n'.repeat(100);
  const html = `<!doctype html><title>Mailroom</title><div id="root"></div>${'<!-- shell -->'.repeat(100)}`;
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [file, content] of [
    ['assets/index-abc123.js', script],
    ['index.html', html],
  ] as const) {
    const full = path.join(dir, file);
    fs.writeFileSync(full, content);
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content));
  }
  return { script, html };
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('serving the pre-compressed web app', () => {
  let t: TestApp;
  let dist: string;
  let built: { script: string; html: string };

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
      for (const url of ['/', '/dashboard', '/manual/abc?x=1']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/text\/html/);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(decode(encoding, response.rawPayload), url).toBe(built.html);
      }
    });
  }
});
