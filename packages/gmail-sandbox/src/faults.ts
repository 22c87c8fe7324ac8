import { seededRandom } from './rng.ts';

export interface FaultOptions {
  /** Fraction of requests (0..1) that fail before doing anything (500 backendError unless `errorKind` says otherwise). */
  errorRate?: number;
  /**
   * How an injected failure answers: 500 backendError (clients retry it), or 400
   * failedPrecondition "Mail service not enabled" (Gmail's answer for a user whose Gmail an
   * administrator turned off; retrying does not help, so a client fails at once).
   */
  errorKind?: FaultKind;
  /** Fraction of requests (0..1) delayed by latencyMs. */
  latencyRate?: number;
  latencyMs?: number;
  /** Seed for the fault sequence; the same seed gives the same failures in the same order. */
  seed?: number;
}

export type FaultKind = 'backendError' | 'failedPrecondition';

export interface FaultDecision {
  fail: boolean;
  kind: FaultKind;
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
  private errorKind: FaultKind = 'backendError';
  private random: () => number = seededRandom(1);
  /** How many requests were failed on purpose, for tests that check retries happened. */
  injectedErrors = 0;

  constructor(options: FaultOptions = {}) {
    this.configure(options);
  }

  configure(options: FaultOptions): void {
    if (options.errorRate !== undefined) this.errorRate = clampRate(options.errorRate, 'errorRate');
    if (options.latencyRate !== undefined) this.latencyRate = clampRate(options.latencyRate, 'latencyRate');
    if (options.errorKind !== undefined) this.errorKind = options.errorKind;
    if (options.latencyMs !== undefined) this.latencyMs = Math.max(0, options.latencyMs);
    if (options.seed !== undefined) this.random = seededRandom(options.seed);
  }

  next(): FaultDecision {
    if (this.errorRate === 0 && (this.latencyRate === 0 || this.latencyMs === 0)) return { fail: false, kind: this.errorKind, delayMs: 0 };
    const delayMs = this.latencyRate > 0 && this.random() < this.latencyRate ? this.latencyMs : 0;
    const fail = this.errorRate > 0 && this.random() < this.errorRate;
    if (fail) this.injectedErrors++;
    return { fail, kind: this.errorKind, delayMs };
  }
}

function clampRate(rate: number, name: string): number {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`${name} must be between 0 and 1`);
  return rate;
}
