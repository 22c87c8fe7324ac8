import type { AuthSession, CSRF_HEADER_NAME, FnName, FnRequest, FnResponse } from '@mailroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { FnCallError, NETWORK_ERROR_MESSAGE, isFnStatus } from './errors';
import { queryClient as appQueryClient } from './queryClient';
import { SIGNED_OUT, categoriesQueryKey, mailQueryKey, sessionQueryKey } from './session';

/** The contract's header name; typed against it so a rename there breaks the build here. */
export const CSRF_HEADER: typeof CSRF_HEADER_NAME = 'x-csrf-token';

/** Functions whose request may be left out (no arguments, or all optional). */
type ArgsOf<N extends FnName> = undefined extends FnRequest<N> ? [data?: FnRequest<N>] : [data: FnRequest<N>];

let cache: QueryClient = appQueryClient;

/** Tests point the client at their own cache. */
export function setApiQueryClient(client: QueryClient): void {
  cache = client;
}

export function currentCsrfToken(): string | null {
  return cache.getQueryData<AuthSession>(sessionQueryKey)?.csrfToken ?? null;
}

/** After an UNAUTHENTICATED answer, or sign-out: forget the user and everything cached for them. */
export function clearSignedInState(client: QueryClient = cache): void {
  client.setQueryData<AuthSession>(sessionQueryKey, SIGNED_OUT);
  client.removeQueries({ queryKey: categoriesQueryKey });
  client.removeQueries({ queryKey: mailQueryKey });
}

function errorFromBody(body: unknown, httpStatus: number): FnCallError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { status, message, details } = error as { status?: unknown; message?: unknown; details?: unknown };
    if (isFnStatus(status) && typeof message === 'string') {
      return new FnCallError({ status, message, details, httpStatus });
    }
  }
  return new FnCallError({
    status: httpStatus >= 500 ? 'INTERNAL' : 'UNKNOWN',
    message: `The server answered ${httpStatus} without a readable error`,
    httpStatus,
  });
}

/**
 * Calls a callable function (DESIGN §3): POST /api/fn/{name} with `{"data": ...}`, resolving to
 * `result` or rejecting with an FnCallError carrying the canonical status, message and details.
 */
export async function callFn<N extends FnName>(name: N, ...args: ArgsOf<N>): Promise<FnResponse<N>> {
  const [data] = args;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const csrf = currentCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;

  let response: Response;
  try {
    response = await fetch(`/api/fn/${encodeURIComponent(name)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify({ data: data ?? null }),
    });
  } catch {
    throw new FnCallError({ status: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE, network: true });
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page, an empty body: reported below from the HTTP status.
  }

  if (response.ok && typeof body === 'object' && body !== null && 'result' in body) {
    return (body as { result: FnResponse<N> }).result;
  }
  const error = errorFromBody(body, response.status);
  if (error.status === 'UNAUTHENTICATED') clearSignedInState();
  throw error;
}
