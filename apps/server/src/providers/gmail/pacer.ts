import type { Clock } from './clock.ts';

export interface PacerOptions {
  /** The provider's per-user limit, in quota units per window (Gmail: 15,000 per minute, DESIGN §5). */
  unitsPerWindow: number;
  /** The window the limit is counted over; a minute for Gmail. */
  windowMs?: number;
  /** Share of the limit that may be spent at once after a quiet spell. */
  burstFraction?: number;
  /** Share of the limit the pacer aims to use at most in any window, leaving room for clock skew. */
  targetFraction?: number;
}

/**
 * Client-side pacing so a full sync stays under the per-user quota on its own instead of
 * learning it from 429s. A token bucket: capacity B (the burst), refilled at rate r. Over any
 * window W it spends at most B + r·W, so choosing B + r·W = target·limit keeps every window
 * under the limit while sustained throughput is (target − burst)·limit, 95 % by default.
 * Reservations queue in arrival order: a caller that cannot be served now takes the units on
 * credit and sleeps until they have been refilled.
 */
export class QuotaPacer {
  private readonly clock: Clock;
  private readonly capacity: number;
  private readonly ratePerMs: number;
  private tokens: number;
  private updatedAt: number;

  constructor(options: PacerOptions, clock: Clock) {
    const windowMs = options.windowMs ?? 60_000;
    const burst = options.burstFraction ?? 0.03;
    const target = options.targetFraction ?? 0.98;
    if (!(burst > 0 && burst < target && target <= 1)) throw new RangeError('need 0 < burstFraction < targetFraction <= 1');
    this.clock = clock;
    this.capacity = burst * options.unitsPerWindow;
    this.ratePerMs = ((target - burst) * options.unitsPerWindow) / windowMs;
    this.tokens = this.capacity;
    this.updatedAt = clock.now();
  }

  /** Waits until `units` may be spent, then spends them. */
  async take(units: number): Promise<void> {
    this.refill();
    this.tokens -= units;
    if (this.tokens >= 0) return;
    await this.clock.sleep(Math.ceil(-this.tokens / this.ratePerMs));
  }

  /**
   * The provider said the quota is spent (someone else shares it, or the clocks disagree): stop
   * bursting and start from an empty bucket.
   */
  drain(): void {
    this.refill();
    this.tokens = Math.min(this.tokens, 0);
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * this.ratePerMs);
    this.updatedAt = now;
  }
}
