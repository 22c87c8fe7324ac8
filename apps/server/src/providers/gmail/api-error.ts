/** What the provider needs to know about a failed Gmail call, read from a GaxiosError. */
export interface ApiFailure {
  /** HTTP status, or null when no response came back (connection reset, DNS, timeout). */
  status: number | null;
  /** Google's `error.errors[0].reason`, e.g. rateLimitExceeded, or the OAuth error (invalid_grant). */
  reason: string | null;
  message: string;
  /** Retry-After in milliseconds, when the response carried it. */
  retryAfterMs: number | null;
  /** No response came back because the connection failed (a system error code such as ECONNRESET). */
  network: boolean;
}

interface GaxiosLike {
  message?: string;
  status?: number;
  code?: string | number;
  response?: { status?: number; headers?: unknown; data?: unknown };
}

export function describeFailure(error: unknown, now: number): ApiFailure {
  const e = (error ?? {}) as GaxiosLike;
  const status = e.response?.status ?? e.status ?? null;
  const data = e.response?.data as { error?: unknown; error_description?: string } | string | undefined;
  let reason: string | null = null;
  let message = e.message ?? String(error);
  if (data && typeof data === 'object') {
    if (typeof data.error === 'string') {
      // OAuth token endpoint errors (RFC 6749 §5.2): {"error": "invalid_grant", "error_description": ...}
      reason = data.error;
      message = data.error_description ?? data.error;
    } else if (data.error && typeof data.error === 'object') {
      const body = data.error as { message?: string; errors?: Array<{ reason?: string }>; status?: string };
      reason = body.errors?.[0]?.reason ?? body.status ?? null;
      message = body.message ?? message;
    }
  }
  const httpStatus = typeof status === 'number' ? status : null;
  const network = httpStatus === null && typeof e.code === 'string' && e.code.length > 0;
  return { status: httpStatus, reason, message, retryAfterMs: retryAfter(e.response?.headers, now), network };
}

/** Retry-After is delta-seconds or an HTTP-date (RFC 9110 §10.2.3). */
function retryAfter(headers: unknown, now: number): number | null {
  let value: string | null | undefined;
  if (headers && typeof (headers as Headers).get === 'function') value = (headers as Headers).get('retry-after');
  else if (headers && typeof headers === 'object') value = (headers as Record<string, string | undefined>)['retry-after'];
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/**
 * Gmail's advice (https://developers.google.com/workspace/gmail/api/guides/handle-errors): retry
 * with exponential backoff on 429, on 403 rateLimitExceeded / userRateLimitExceeded and on 5xx,
 * and on a dropped connection; every other 4xx is the caller's mistake and is not retried.
 */
export function isRetryable(failure: ApiFailure): boolean {
  if (failure.status === null) return failure.network;
  if (failure.status === 429 || failure.status >= 500) return true;
  return failure.status === 403 && (failure.reason === 'rateLimitExceeded' || failure.reason === 'userRateLimitExceeded');
}

export function isQuotaFailure(failure: ApiFailure): boolean {
  return failure.status === 429 || (failure.status === 403 && (failure.reason === 'rateLimitExceeded' || failure.reason === 'userRateLimitExceeded'));
}
