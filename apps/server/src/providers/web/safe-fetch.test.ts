import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_URLS, hostileLookup } from '../../testing/ssrf.ts';
import { startListServer } from '../../testing/list-server.ts';
import { createSafeWebClient, isPublicAddress, testOnlyAllowanceAvailable, UnsafeUrlError, WebRequestError, type Lookup } from './safe-fetch.ts';

/**
 * The SSRF attacks, tried for real: listeners on the loopback addresses' port 443 (the only port
 * the client would ever use) count every connection, and after each hostile URL the count must
 * still be 0. The positive path goes to a list server of the test's own, let through with the
 * test-only allowance.
 */

interface Listener {
  server: http.Server;
  connections: number;
  requests: string[];
}

async function listen(host: string, port: number): Promise<Listener> {
  const listener: Listener = { server: http.createServer(), connections: 0, requests: [] };
  listener.server.on('connection', () => (listener.connections += 1));
  listener.server.on('request', (req, res) => {
    listener.requests.push(`${req.method} ${req.url}`);
    res.end('ok');
  });
  await new Promise<void>((resolve, reject) => {
    listener.server.once('error', reject);
    // reusePort: the unsubscribe feature's tests may listen on the same port in another worker.
    listener.server.listen({ port, host, reusePort: true }, () => resolve());
  });
  return listener;
}

const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the SSRF-safe client for URLs from mail', () => {
  let v4: Listener;
  let v6: Listener | null = null;

  beforeAll(async () => {
    v4 = await listen('127.0.0.1', 443);
    try {
      v6 = await listen('::1', 443);
    } catch (error) {
      // A machine without IPv6 loopback cannot be reached on [::1] at all; in CI it must exist.
      if (process.env.CI === 'true') throw error;
    }
  });
  afterAll(async () => {
    await close(v4.server);
    if (v6) await close(v6.server);
  });

  it(`refuses ${HOSTILE_URLS.length} hostile URLs without a single connection to the loopback listeners`, async () => {
    expect(HOSTILE_URLS.length).toBeGreaterThanOrEqual(40);
    const client = createSafeWebClient({ lookup: hostileLookup, timeoutMs: 2_000 });
    const outcomes: string[] = [];
    for (const url of HOSTILE_URLS) {
      const outcome = await client.post({ url, body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' }).then(
        (response) => `requested (${response.status})`,
        (error: unknown) => (error instanceof UnsafeUrlError ? 'refused' : `failed: ${(error as Error).message}`),
      );
      outcomes.push(`${url} -> ${outcome}`);
    }
    expect(outcomes.filter((o) => !o.endsWith('-> refused'))).toEqual([]);
    expect(v4.connections).toBe(0);
    expect(v6?.connections ?? 0).toBe(0);
  });

  it('resolves a name once and connects to the address it checked (DNS rebinding cannot switch it)', async () => {
    const answers = [['203.0.113.10'], ['127.0.0.1']];
    let lookups = 0;
    const rebinding: Lookup = async () => {
      const next = answers[Math.min(lookups, answers.length - 1)] as string[];
      lookups += 1;
      return next.map((address) => ({ address, family: 4 }));
    };
    // 203.0.113.0/24 is documentation space (not unicast in ipaddr.js), so the first answer is refused already;
    // a resolver that answers public first is exercised with a real public address below.
    const client = createSafeWebClient({ lookup: rebinding, timeoutMs: 500 });
    await expect(client.post({ url: 'https://rebind.example/u', body: 'x', contentType: 'text/plain' })).rejects.toBeInstanceOf(UnsafeUrlError);
    expect(lookups).toBe(1);

    let publicFirst = 0;
    const flipping: Lookup = async () => {
      publicFirst += 1;
      return [{ address: publicFirst === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    };
    const pinnedClient = createSafeWebClient({ lookup: flipping, timeoutMs: 500 });
    // No network here, or a real host that is not a list server: either way the request fails,
    // and it must fail at the public address, never reach the loopback listener.
    const result = await pinnedClient.post({ url: 'https://rebind.example/u', body: 'x', contentType: 'text/plain' }).then(
      (r) => r.address,
      () => 'failed',
    );
    expect(['93.184.215.14', 'failed']).toContain(result);
    expect(publicFirst).toBe(1);
    expect(v4.connections).toBe(0);
  });

  it('classifies addresses with ipaddr.js: public unicast only', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true);
    for (const address of ['127.0.0.1', '::1', '::ffff:10.0.0.1', '169.254.169.254', 'fd00:ec2::254', '168.63.129.16', '0.0.0.0', 'nonsense']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('the test-only allowance and the positive path', () => {
  let list: http.Server;
  let listOrigin: string;
  const received: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  let loopback443: Listener;

  beforeAll(async () => {
    loopback443 = await listen('127.0.0.1', 443).catch(() => listen('127.0.0.2', 443));
    list = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/redirect-internal') {
          res.writeHead(302, { location: 'https://127.0.0.1/steal' }).end();
        } else if (req.url === '/redirect-metadata') {
          res.writeHead(307, { location: 'https://169.254.169.254/latest/meta-data/' }).end();
        } else if (req.url === '/big') {
          res.writeHead(200).end('x'.repeat(200_000));
        } else if (req.url === '/slow') {
          // never answers
        } else {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('unsubscribed');
        }
      });
    });
    await new Promise<void>((resolve) => list.listen(0, '127.0.0.1', () => resolve()));
    listOrigin = `http://127.0.0.1:${(list.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    list.closeAllConnections();
    await close(list);
    await close(loopback443.server);
  });

  it('is available in this vitest run only, and refused when NODE_ENV is production or outside vitest', () => {
    expect(testOnlyAllowanceAvailable()).toBe(true);
    expect(testOnlyAllowanceAvailable({ VITEST: 'true', NODE_ENV: 'production' })).toBe(false);
    expect(testOnlyAllowanceAvailable({})).toBe(false);
    const saved = process.env.VITEST;
    try {
      delete process.env.VITEST;
      expect(() => createSafeWebClient({ testOnlyAllowedOrigins: [listOrigin] })).toThrow(/tests only/);
    } finally {
      process.env.VITEST = saved;
    }
  });

  it('POSTs exactly the body to the allowed list server, with no cookies or credentials', async () => {
    const client = createSafeWebClient({ testOnlyAllowedOrigins: [listOrigin] });
    const response = await client.post({ url: `${listOrigin}/unsub?id=42`, body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('unsubscribed');
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/unsub?id=42', body: 'List-Unsubscribe=One-Click' });
    expect(last.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last.headers.cookie).toBeUndefined();
    expect(last.headers.authorization).toBeUndefined();
  });

  it('does not follow redirects, to internal addresses or anywhere', async () => {
    const client = createSafeWebClient({ testOnlyAllowedOrigins: [listOrigin] });
    const before = received.length;
    const first = await client.post({ url: `${listOrigin}/redirect-internal`, body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' });
    const second = await client.post({ url: `${listOrigin}/redirect-metadata`, body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' });
    expect([first.status, second.status]).toEqual([302, 307]);
    expect(first.location).toBe('https://127.0.0.1/steal');
    expect(received.length - before).toBe(2);
    expect(loopback443.connections).toBe(0);
  });

  it('lets only the exact allowed origin through: another port on the same address is refused', async () => {
    const client = createSafeWebClient({ testOnlyAllowedOrigins: [listOrigin] });
    const other = listOrigin.replace(/:(\d+)$/, (_m, p: string) => `:${Number(p) + 1}`);
    await expect(client.post({ url: `${other}/u`, body: 'x', contentType: 'text/plain' })).rejects.toMatchObject({ reason: 'SCHEME' });
    await expect(client.post({ url: 'https://127.0.0.1/u', body: 'x', contentType: 'text/plain' })).rejects.toMatchObject({ reason: 'PRIVATE_ADDRESS' });
  });

  it('caps the response size and times out a server that never answers', async () => {
    const client = createSafeWebClient({ testOnlyAllowedOrigins: [listOrigin], maxResponseBytes: 1024, timeoutMs: 300 });
    const big = await client.post({ url: `${listOrigin}/big`, body: 'x', contentType: 'text/plain' });
    expect(big.body.length).toBe(1024);
    expect(big.truncated).toBe(true);
    await expect(client.post({ url: `${listOrigin}/slow`, body: 'x', contentType: 'text/plain' })).rejects.toMatchObject({ kind: 'timeout', message: 'no answer within 0.3 s' });
  });

  it('an https server whose certificate is not trusted fails as a TLS error before anything is sent', async () => {
    const trusted = await startListServer();
    const untrusted = await startListServer();
    try {
      const client = createSafeWebClient({ testOnlyAllowedOrigins: [trusted.origin, untrusted.origin], testOnlyCa: trusted.ca, timeoutMs: 5_000 });
      const failure = client.post({ url: `${untrusted.origin}/unsub`, body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' });
      await expect(failure).rejects.toBeInstanceOf(WebRequestError);
      await expect(failure).rejects.toMatchObject({ kind: 'tls', message: expect.stringMatching(/^the server’s certificate is not valid \(.*self[- ]signed/) });
      expect(untrusted.requests).toHaveLength(0);
      // The same client reaches the server it trusts: the failure was the certificate, not the client.
      expect((await client.post({ url: `${trusted.origin}/unsub`, body: 'x', contentType: 'text/plain' })).status).toBe(200);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });
});
