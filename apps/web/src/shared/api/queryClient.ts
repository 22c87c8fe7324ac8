import { QueryClient } from '@tanstack/react-query';
import { FnCallError } from './errors';

/** Failures worth a second attempt: the network or a server that is briefly unavailable. */
function isTransient(error: unknown): boolean {
  return error instanceof FnCallError && (error.network || error.status === 'UNAVAILABLE' || error.status === 'DEADLINE_EXCEEDED');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isTransient(error) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one query cache. The function client reads the session's CSRF token from it and
 * clears auth state and cached categories from it when the server answers UNAUTHENTICATED.
 */
export const queryClient = createQueryClient();
