export {
  createSafeWebClient,
  isPublicAddress,
  testOnlyAllowanceAvailable,
  UnsafeUrlError,
  WebRequestError,
  SAFE_FETCH_MAX_RESPONSE_BYTES,
  SAFE_FETCH_TIMEOUT_MS,
  type Lookup,
  type ResolvedAddress,
  type SafePostInput,
  type SafeResponse,
  type SafeWebClient,
  type SafeWebClientOptions,
  type UnsafeUrlReason,
} from './safe-fetch.ts';
export { createDkimVerifier, noDnsResolver, type DkimCheck, type DkimVerdict, type DkimVerifier } from './dkim.ts';

import type { DkimVerifier } from './dkim.ts';
import type { SafeWebClient } from './safe-fetch.ts';

/**
 * What features get from providers/web (AppServices.web): the SSRF-safe client for URLs from
 * mail, and the DKIM check that must pass before a one-click unsubscribe uses one.
 */
export interface WebServices {
  client: SafeWebClient;
  verifyDkim: DkimVerifier;
}
