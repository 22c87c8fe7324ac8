import type { AuthUser } from '@mailroom/contract';
import { useQuery } from '@tanstack/react-query';
import { queryClient, sessionQueryOptions } from '../../../shared/api';

export type AuthState =
  | { status: 'loading'; user: null; csrfToken: null }
  | { status: 'signed-in'; user: AuthUser; csrfToken: string | null }
  | { status: 'signed-out'; user: null; csrfToken: null };

/**
 * Asks for the session (GET /api/auth/session, one small request) at once, before React renders,
 * so that the answer is on its way while the page's code loads; useAuth then shares that request.
 */
export function startSessionCheck(): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
}

/** The session, loaded once and re-checked when the window regains focus (another tab may sign out). */
export function useAuth(): AuthState {
  const { data } = useQuery(sessionQueryOptions);
  if (!data) return { status: 'loading', user: null, csrfToken: null };
  if (!data.user) return { status: 'signed-out', user: null, csrfToken: null };
  return { status: 'signed-in', user: data.user, csrfToken: data.csrfToken };
}

/** How the app addresses the user: display name, else the part of the email before the at-sign. */
export function greetingName(user: Pick<AuthUser, 'displayName' | 'email'>): string {
  const name = user.displayName?.trim();
  if (name) return name;
  return user.email.split('@')[0] || user.email;
}
