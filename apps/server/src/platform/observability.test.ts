import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { LogRing, RouteStats, createObservability, createProcessLogger, percentile, redactSecrets } from './observability.ts';

describe('route statistics', () => {
  it('gives p50 and p95 latency, the rate over five minutes and the 5xx share per route template', () => {
    const stats = new RouteStats();
    const now = Date.UTC(2026, 10, 26, 10, 0, 30);
    // 1 ms .. 100 ms on one route, two of them 500s and one a 404.
    for (let ms = 1; ms <= 100; ms++) stats.observe('POST', '/api/fn/:name', ms === 7 || ms === 8 ? 500 : ms === 9 ? 404 : 200, ms, now - (ms % 3) * 60_000);
    stats.observe('GET', '/healthz', 200, 0.4, now);
    const [fn, health] = stats.snapshot(now);
    expect(fn).toEqual({ method: 'POST', route: '/api/fn/:name', requests: 100, perMinute: 20, clientErrors: 1, serverErrors: 2, errorRate: 0.02, p50Ms: 50, p95Ms: 95 });
    expect(health).toMatchObject({ route: '/healthz', requests: 1, p50Ms: 0.4, p95Ms: 0.4, errorRate: 0 });
    // Ten minutes later the rate is zero, the totals stay.
    expect(stats.snapshot(now + 10 * 60_000)[0]).toMatchObject({ requests: 100, perMinute: 0 });
  });

  it('keeps percentiles over the last 512 requests only', () => {
    const stats = new RouteStats();
    for (let i = 0; i < 1000; i++) stats.observe('GET', '/x', 200, 1000, 0);
    for (let i = 0; i < 512; i++) stats.observe('GET', '/x', 200, 2, 0);
    expect(stats.snapshot(0)[0]).toMatchObject({ requests: 1512, p50Ms: 2, p95Ms: 2 });
    expect(percentile([], 0.95)).toBe(0);
  });
});

describe('the /ops log ring', () => {
  it('never shows tokens, passwords, bodies or query strings from a log line', () => {
    const ring = new LogRing();
    const log = pino({ level: 'warn' }, ring);
    log.warn(
      {
        err: new Error('invalid_grant: refresh_token=1//0gSECRETrefreshTOKENvalue1234567 rejected; Authorization: Bearer ya29.a0SECRETaccess'),
        body: 'Dear Alice, here is the private body of the email',
        subject: 'Private subject',
        headers: { authorization: 'Bearer SECRETheader', cookie: 'mailroom_session=SECRETcookie' },
        req: { method: 'GET', url: '/auth/callback?code=4/SECRETcode&state=x' },
        job: { name: 'mail.sync', attempt: 2 },
        accountId: 'acc-1',
      },
      'OAuth exchange failed for client_secret=SECRETclient password: hunter2 token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.SECRETsig',
    );
    log.info('not kept: below warn');
    log.error({ err: new Error('x'.repeat(1000)) }, 'long');
    const [long, entry] = ring.recent();
    expect(entry).toMatchObject({ level: 'warn', context: { job: 'mail.sync', attempt: '2', route: 'GET /auth/callback', account: 'acc-1' } });
    expect(entry?.message).toContain('OAuth exchange failed');
    expect(entry?.error).toContain('Error: invalid_grant');
    const shown = JSON.stringify(ring.recent());
    for (const secret of ['SECRET', 'hunter2', 'private body', 'Private subject', 'eyJhbGci', 'ya29']) expect(shown).not.toContain(secret);
    expect(ring.recent()).toHaveLength(2);
    expect(long?.error?.length).toBeLessThanOrEqual(300);
  });

  it('holds the last 100 warnings and errors, newest first', () => {
    const ring = new LogRing();
    const log = pino({ level: 'warn' }, ring);
    for (let i = 0; i < 130; i++) log.error(`failure ${i}`);
    const recent = ring.recent();
    expect(recent).toHaveLength(100);
    expect(recent[0]?.message).toBe('failure 129');
    expect(recent[99]?.message).toBe('failure 30');
  });

  it('is fed by the process logger even when stdout logs only errors', () => {
    const observability = createObservability();
    const log = createProcessLogger('silent', observability);
    log.warn('disk almost full');
    log.info('ignored');
    expect(observability.logs.recent().map((e) => e.message)).toEqual(['disk almost full']);
  });

  it('scrubs what looks like a secret from a job error', () => {
    expect(redactSecrets('Gmail said 401 for access_token=ya29.abc, cookie: s=1')).toBe('Gmail said 401 for access_token=[redacted], cookie: [redacted]');
    expect(redactSecrets('quota exceeded for user 12345')).toBe('quota exceeded for user 12345');
  });
});
