import { useQuery } from '@tanstack/react-query';
import { airportsResponseSchema } from '@vowa/shared/travel/travel-schemas';
import { apiRequest } from './api-client';
import { useSession } from './session-context';
import { travelKeys } from './travel-keys';

/** GET /api/travel/airports?q=…: up to 10 airports for the departure picker. */
export function useAirportSearch(query: string) {
  const { user, status } = useSession();
  const userId = user?.id ?? '';
  const signedIn = status === 'signed-in' && !!user;
  const q = query.trim();
  return useQuery({
    queryKey: travelKeys.airports(userId, q),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/travel/airports?q=${encodeURIComponent(q)}`, {
          schema: airportsResponseSchema,
          signal,
        })
      ).airports,
    enabled: signedIn && q.length > 0,
    staleTime: 10 * 60_000,
  });
}
