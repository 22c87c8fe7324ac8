import { seededRandom } from './rng.ts';

export interface FaultOptions {
  /** Fraction of requests (0..1) that fail with 500 backendError before doing anything. */
  errorRate?: number;
  /** Fraction of requests (0..1) delayed by latencyMs. */
  latencyRate?: number;
  latencyMs?: number;
  /** Seed for the fault sequence; the same seed gives the same failures in the same order. */
  seed?: number;
}

export interface FaultDecision {
  fail: boolean;
  delayMs: number;
}

/**
 * Injected faults, reproducible from a seed. A failed request does nothing to the mailbox, so a
 * client retrying it cannot apply a change twice.
 */
export class FaultInjector {
  private errorRate = 0;
  private latencyRate = 0;
  private latencyMs = 0;
  private random: () => number = seededRandom(1);
  /** How many requests were failed on purpose, for tests that check retries happened. */
  injectedErrors = 0;

  constructor(options: FaultOptions = {}) {
    this.configure(options);
  }

  configure(options: FaultOptions): void {
    if (options.errorRate !== undefined) this.errorRate = clampRate(options.errorRate, 'errorRate');
    if (options.latencyRate !== undefined) this.latencyRate = clampRate(options.latencyRate, 'latencyRate');
    if (options.latencyMs !== undefined) this.latencyMs = Math.max(0, options.latencyMs);
    if (options.seed !== undefined) this.random = seededRandom(options.seed);
  }

  next(): FaultDecision {
    if (this.errorRate === 0 && (this.latencyRate === 0 || this.latencyMs === 0)) return { fail: false, delayMs: 0 };
    const delayMs = this.latencyRate > 0 && this.random() < this.latencyRate ? this.latencyMs : 0;
    const fail = this.errorRate > 0 && this.random() < this.errorRate;
    if (fail) this.injectedErrors++;
    return { fail, delayMs };
  }
}

function clampRate(rate: number, name: string): number {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`${name} must be between 0 and 1`);
  return rate;
}
