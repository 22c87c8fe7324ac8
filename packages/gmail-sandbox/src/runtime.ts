import type { RevocationLog, TokenVerifier } from './auth.ts';
import type { FaultInjector } from './faults.ts';
import type { PushNotifier } from './push.ts';
import type { ConcurrencyLimiter, QuotaLimiter } from './quota.ts';
import type { SandboxStore } from './store/store.ts';

/** The live parts of one sandbox instance, shared by its routes. */
export interface SandboxRuntime {
  options: {
    verifyToken: TokenVerifier;
    /** 429 (rateLimitExceeded) or 403 (userRateLimitExceeded): Gmail answers either past the quota. */
    quotaErrorStatus: 429 | 403;
    /** IANA zone for calendar dates in `q` (Gmail reads them as midnight Pacific time). */
    timeZone: string;
  };
  store: SandboxStore;
  quota: QuotaLimiter;
  concurrency: ConcurrencyLimiter;
  faults: FaultInjector;
  push: PushNotifier;
  revocations: RevocationLog;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Requests that passed the gate (authenticated, within quota, not failed on purpose). */
  requestCount: number;
}
