import type { Insights } from '@mailroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callFn } from '../../../shared/api';
import { useAuth } from '../../auth';

export const insightsKey = ['insights'] as const;

/** getInsights for a range, in the user's own time zone (the server reads it from their settings). */
export function useInsights(range: { from: string; to: string }, enabled = true) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...insightsKey, userId, range.from, range.to],
    queryFn: (): Promise<Insights> => callFn('getInsights', { from: range.from, to: range.to }),
    enabled: enabled && userId !== null,
    staleTime: 60_000,
    // The figures of the last range stay on screen while the next range loads.
    placeholderData: keepPreviousData,
  });
}
