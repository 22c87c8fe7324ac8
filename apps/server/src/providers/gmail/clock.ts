import { setTimeout as delay } from 'node:timers/promises';

/** Time as the provider sees it; tests inject a fake so retries and pacing need no real waiting. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => delay(ms).then(() => undefined),
};
