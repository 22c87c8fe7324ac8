import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';

describe('the HTTP server around the functions', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Mailroom</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the SPA for / and for any unknown page path (history fallback)', async () => {
    for (const url of ['/', '/no/such/page', '/manual/abc?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Mailroom</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not answer API paths with the SPA', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.status).toBe('NOT_FOUND');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a strict Content Security Policy and the other security headers', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('exposes Prometheus request counts and latency histograms by route', async () => {
    await t.app.inject({ url: '/healthz' });
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status_code="200"\} \d+/);
    expect(metrics.body).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz"\}/);
  });
});

describe('rate limiting', () => {
  it('answers RESOURCE_EXHAUSTED once a client exceeds the per-minute limit', async () => {
    const t = await createTestApp('sqlite', { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await t.app.inject({ method: 'POST', url: '/api/fn/nope', payload: { data: {} } });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().error.status).toBe('RESOURCE_EXHAUSTED');
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('metrics protection', () => {
  it('without METRICS_TOKEN serves loopback clients only, also behind a trusted proxy', async () => {
    const t = await createTestApp('sqlite');
    const proxied = await createTestApp('sqlite', { env: { TRUST_PROXY: 'true' } });
    try {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.8.9.10']) {
        expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
      }
      for (const remoteAddress of ['192.168.1.20', '10.0.0.5', '203.0.113.7', '::ffff:192.168.1.20', 'fe80::1', '2001:db8::1']) {
        const response = await t.app.inject({ url: '/metrics', remoteAddress });
        expect(response.statusCode, remoteAddress).toBe(403);
        expect(response.body).not.toContain('http_requests_total');
      }
      // A reverse proxy on this machine forwarding a client from elsewhere is not loopback...
      expect((await proxied.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(403);
      // ...and a client from elsewhere cannot claim to be loopback in X-Forwarded-For.
      expect((await proxied.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
      expect((await proxied.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      await t.close();
      await proxied.close();
    }
  });

  it('with METRICS_TOKEN serves any client that has the token, and none without it', async () => {
    const token = 'a-long-metrics-token-0123456789';
    const t = await createTestApp('sqlite', { env: { METRICS_TOKEN: token } });
    try {
      expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'a-long-metrics-token-0123456789';
    const t = await createTestApp('sqlite', { env: { METRICS_TOKEN: token } });
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
