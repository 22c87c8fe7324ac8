import type { AuthSession } from '@mailroom/contract';

/** Query keys shared by the client (which clears them) and the features (which fill them). */
export const sessionQueryKey = ['auth', 'session'] as const;
export const categoriesQueryKey = ['categories'] as const;
/** Every list of messages and every opened message (features/mail): dropped with the user on sign-out. */
export const mailQueryKey = ['mail'] as const;

export const SIGNED_OUT: AuthSession = { user: null, csrfToken: null };

function isSession(value: unknown): value is AuthSession {
  if (typeof value !== 'object' || value === null) return false;
  const { user, csrfToken } = value as { user?: unknown; csrfToken?: unknown };
  if (csrfToken !== null && typeof csrfToken !== 'string') return false;
  if (user === null) return true;
  if (typeof user !== 'object' || user === undefined) return false;
  const u = user as { id?: unknown; email?: unknown; displayName?: unknown };
  return typeof u.id === 'string' && typeof u.email === 'string' && (u.displayName === null || typeof u.displayName === 'string');
}

/**
 * GET /api/auth/session. Any failure (no such endpoint yet, a network error, a malformed answer)
 * counts as signed out: the public pages keep working and protected ones ask to sign in.
 */
export async function fetchSession(signal?: AbortSignal): Promise<AuthSession> {
  try {
    const response = await fetch('/api/auth/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) return SIGNED_OUT;
    const body: unknown = await response.json();
    return isSession(body) ? body : SIGNED_OUT;
  } catch (error) {
    if (signal?.aborted) throw error;
    return SIGNED_OUT;
  }
}

/** How the session is cached: kept 5 minutes, re-checked when the window regains focus (another tab may sign out). */
export const sessionQueryOptions = {
  queryKey: sessionQueryKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSession(signal),
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: true,
  retry: false,
} as const;
