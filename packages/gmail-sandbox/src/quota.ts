import { QUOTA_WINDOW_MS } from './limits.ts';

export type QuotaDecision = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Per-user quota: the units spent in the trailing minute may not exceed the limit
 * (https://developers.google.com/workspace/gmail/api/reference/quota). A sliding log rather than
 * a fixed minute, so a client cannot spend two minutes' worth across a minute boundary.
 * Rejected requests spend nothing.
 */
export class QuotaLimiter {
  unitsPerMinute: number | null;
  /** The window the limit counts over: a minute, as Google's; tests and benches may shorten it. */
  windowMs: number;
  /** Requests refused for quota, for tests and benches that check a client paced itself. */
  rejections = 0;
  private readonly now: () => number;
  private readonly spent = new Map<string, { log: Array<{ at: number; units: number }>; total: number }>();

  constructor(options: { unitsPerMinute: number | null; windowMs?: number; now: () => number }) {
    this.unitsPerMinute = options.unitsPerMinute;
    this.windowMs = options.windowMs ?? QUOTA_WINDOW_MS;
    this.now = options.now;
  }

  charge(user: string, units: number): QuotaDecision {
    if (this.unitsPerMinute === null) return { ok: true };
    const now = this.now();
    let account = this.spent.get(user);
    if (!account) this.spent.set(user, (account = { log: [], total: 0 }));
    while (account.log.length > 0 && (account.log[0] as { at: number }).at <= now - this.windowMs) {
      account.total -= (account.log.shift() as { units: number }).units;
    }
    if (account.total + units <= this.unitsPerMinute) {
      account.log.push({ at: now, units });
      account.total += units;
      return { ok: true };
    }
    this.rejections++;
    // When will enough of the window have expired for this request to fit?
    let freed = this.unitsPerMinute - account.total;
    for (const entry of account.log) {
      freed += entry.units;
      if (freed >= units) return { ok: false, retryAfterMs: Math.max(1, entry.at + this.windowMs - now) };
    }
    return { ok: false, retryAfterMs: this.windowMs };
  }

  /** Units spent by the user in the trailing minute (for tests and the bench). */
  usage(user: string): number {
    this.charge(user, 0);
    return this.spent.get(user)?.total ?? 0;
  }

  reset(): void {
    this.spent.clear();
  }
}

/** Google's concurrent-request limit per user: past it, 429 "Too many concurrent requests for user". */
export class ConcurrencyLimiter {
  maxPerUser: number | null;
  private readonly inFlight = new Map<string, number>();

  constructor(maxPerUser: number | null) {
    this.maxPerUser = maxPerUser;
  }

  /** Returns a release function, or null when the user already has the maximum in flight. */
  acquire(user: string): (() => void) | null {
    const current = this.inFlight.get(user) ?? 0;
    if (this.maxPerUser !== null && current >= this.maxPerUser) return null;
    this.inFlight.set(user, current + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(user) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(user);
      else this.inFlight.set(user, left);
    };
  }
}
