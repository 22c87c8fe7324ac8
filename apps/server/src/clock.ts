/**
 * The time, injected: features, jobs and the retention rules read `clock.now()` rather than
 * `Date.now()`, so a test can move time forward (30 days, 7 days, 24 hours) and watch a promise
 * being kept. Epoch milliseconds, like every time the store holds.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock a test sets and advances by hand. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start: number = Date.now()) {
    this.current = start;
  }
  now(): number {
    return this.current;
  }
  set(epochMs: number): void {
    this.current = epochMs;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
