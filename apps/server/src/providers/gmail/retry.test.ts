import { describe, expect, it } from 'vitest';
import type { Clock } from './clock.ts';
import { QuotaPacer } from './pacer.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY, withRetry } from './retry.ts';

/** A clock whose sleeps return at once and advance time, recording how long each was. */
function fakeClock(): Clock & { sleeps: number[] } {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

/** An error shaped like gaxios' for an HTTP failure with a Google error body. */
function httpError(status: number, reason: string, headers: Record<string, string> = {}) {
  return Object.assign(new Error(reason), {
    response: { status, headers: new Headers(headers), data: { error: { code: status, message: reason, errors: [{ reason, domain: 'global', message: reason }] } } },
  });
}

function failing(errors: unknown[]): () => Promise<string> {
  return async () => {
    const next = errors.shift();
    if (next) throw next;
    return 'ok';
  };
}

describe('retries', () => {
  it('backs off 1 s, 2 s, 4 s ... with up to one base delay of jitter', async () => {
    const clock = fakeClock();
    const errors = [httpError(500, 'backendError'), httpError(503, 'backendError'), httpError(429, 'rateLimitExceeded'), httpError(403, 'userRateLimitExceeded')];
    expect(await withRetry(failing(errors), { policy: DEFAULT_RETRY_POLICY, clock, random: () => 0.5 })).toBe('ok');
    expect(clock.sleeps).toEqual([1_500, 2_500, 4_500, 8_500]);
  });

  it('waits at least as long as Retry-After says', async () => {
    const clock = fakeClock();
    await withRetry(failing([httpError(429, 'rateLimitExceeded', { 'retry-after': '30' })]), { policy: DEFAULT_RETRY_POLICY, clock, random: () => 0 });
    expect(clock.sleeps).toEqual([30_000]);
  });

  it('never retries other 4xx errors', async () => {
    for (const [status, reason] of [
      [400, 'invalidArgument'],
      [403, 'insufficientPermissions'],
      [404, 'notFound'],
      [401, 'authError'],
    ] as const) {
      const clock = fakeClock();
      const error = httpError(status, reason);
      await expect(withRetry(failing([error]), { policy: DEFAULT_RETRY_POLICY, clock, random: Math.random })).rejects.toBe(error);
      expect(clock.sleeps).toEqual([]);
    }
  });

  it('retries a dropped connection but not a programming error', async () => {
    const clock = fakeClock();
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(await withRetry(failing([reset]), { policy: DEFAULT_RETRY_POLICY, clock, random: () => 0 })).toBe('ok');
    const bug = new TypeError('x is not a function');
    await expect(withRetry(failing([bug]), { policy: DEFAULT_RETRY_POLICY, clock, random: () => 0 })).rejects.toBe(bug);
    expect(clock.sleeps).toEqual([1_000]);
  });

  it('caps a single wait at maxDelayMs (plus jitter)', () => {
    expect(backoffDelay(DEFAULT_RETRY_POLICY, 20, () => 0, null)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
  });
});

describe('quota pacer', () => {
  it('never spends more than the target share of the limit in any window, and sustains 95 % of it', async () => {
    const clock = fakeClock();
    const pacer = new QuotaPacer({ unitsPerWindow: 15_000, windowMs: 60_000 }, clock);
    const spends: Array<{ at: number; units: number }> = [];
    for (let i = 0; i < 20_000; i++) {
      await pacer.take(5);
      spends.push({ at: clock.now(), units: 5 });
    }
    // Slide a one-minute window over every spend.
    let worst = 0;
    let start = 0;
    let sum = 0;
    for (const spend of spends) {
      sum += spend.units;
      while ((spends[start] as { at: number }).at <= spend.at - 60_000) sum -= (spends[start++] as { units: number }).units;
      worst = Math.max(worst, sum);
    }
    expect(worst).toBeLessThanOrEqual(15_000 * 0.98);
    const elapsedMinutes = (spends.at(-1)!.at - spends[0]!.at) / 60_000;
    const sustained = (20_000 * 5) / elapsedMinutes / 15_000;
    expect(sustained).toBeGreaterThan(0.94);
  });

  it('stops bursting after the provider reports the quota spent', async () => {
    const clock = fakeClock();
    const pacer = new QuotaPacer({ unitsPerWindow: 600, windowMs: 60_000 }, clock);
    pacer.drain();
    await pacer.take(5);
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeGreaterThan(0);
  });
});
