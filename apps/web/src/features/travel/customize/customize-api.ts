import { useMutation, useQuery } from '@tanstack/react-query';
import type { TripQuoteRequest } from '@vowa/shared/travel/trip-price-model';
import {
  tripQuoteResponseSchema,
  tripSuggestionsResponseSchema,
} from '@vowa/shared/travel/trip-quote-schemas';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { travelKeys } from '../../../lib/travel-keys';

/**
 * POST /api/travel/trip_quotes: the customised trip priced exactly. Keyed by the request, so the
 * newest settled choice wins and going back to a choice already priced shows it at once; a quote
 * is kept for a few minutes (the quotes themselves stay valid longer).
 */
export function useTripQuote(request: TripQuoteRequest | null) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...travelKeys.user(user?.id ?? ''), 'trip-quote', request] as const,
    queryFn: ({ signal }) =>
      apiRequest('/travel/trip_quotes', {
        method: 'POST',
        body: request,
        schema: tripQuoteResponseSchema,
        signal,
      }),
    enabled: request !== null && !!user,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/llm/trip_suggestions: the assistant's ideas for this trip. */
export function useTripSuggestions() {
  return useMutation({
    mutationFn: (input: { trip: TripQuoteRequest; message: string }) =>
      apiRequest('/llm/trip_suggestions', {
        method: 'POST',
        body: input,
        schema: tripSuggestionsResponseSchema,
      }),
  });
}
