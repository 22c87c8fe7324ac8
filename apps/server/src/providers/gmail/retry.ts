import { describeFailure, isRetryable } from './api-error.ts';
import type { ApiFailure } from './api-error.ts';
import type { Clock } from './clock.ts';

export interface RetryPolicy {
  /** First backoff; doubles each attempt (1 s, 2 s, 4 s ... as DESIGN §5). Injectable so tests run fast. */
  baseDelayMs: number;
  /** Longest single wait. */
  maxDelayMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 1_000, maxDelayMs: 64_000, maxAttempts: 10 };

/**
 * The wait before retry number `attempt` (1-based): exponential, with up to one base delay of
 * random jitter so many clients do not retry in step, and never shorter than Retry-After.
 */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number, retryAfterMs: number | null): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = exponential + random() * policy.baseDelayMs;
  return Math.max(jittered, retryAfterMs ?? 0);
}

/**
 * Runs `call` until it succeeds, a failure is not retryable, or attempts run out. `onFailure`
 * sees every failure (the pacer drains its bucket on quota errors).
 */
export async function withRetry<T>(
  call: () => Promise<T>,
  options: { policy: RetryPolicy; clock: Clock; random: () => number; onFailure?: (failure: ApiFailure) => void },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const failure = describeFailure(error, options.clock.now());
      options.onFailure?.(failure);
      if (!isRetryable(failure) || attempt >= options.policy.maxAttempts) throw error;
      await options.clock.sleep(backoffDelay(options.policy, attempt, options.random, failure.retryAfterMs));
    }
  }
}
