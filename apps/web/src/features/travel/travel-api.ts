import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealCategory } from '@vowa/shared/travel/travel-constants';
import {
  dealsResponseSchema,
  requoteResponseSchema,
  suggestionsResponseSchema,
  travelPreferencesSchema,
  type RequoteRequest,
} from '@vowa/shared/travel/travel-schemas';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { travelKeys, type SettingsKey } from '../../lib/travel-keys';
import { useBudgetSettings } from '../../lib/use-financial-status';

// Typed wrappers over /api/travel; every answer is parsed by the shared schemas.

/**
 * The budget settings as part of a key. Until they are known the trips wait (the status bar
 * reads them on every screen, so they are normally cached already); if they cannot be read the
 * trips load anyway.
 */
function useSettingsKey(): { key: SettingsKey; ready: boolean } {
  const settings = useBudgetSettings();
  if (settings.data) {
    const { maxTripBudget, priceAlertThreshold, autoBookingEnabled } = settings.data;
    return { key: `${maxTripBudget}|${priceAlertThreshold}|${autoBookingEnabled}`, ready: true };
  }
  return { key: 'unknown', ready: settings.isError };
}

function useUserId() {
  const { user, status } = useSession();
  return { userId: user?.id ?? '', signedIn: status === 'signed-in' && !!user };
}

/** GET /api/travel/suggestions: up to 24 trips within the budget, best value first. */
export function useSuggestions(origin?: string) {
  const { userId, signedIn } = useUserId();
  const settings = useSettingsKey();
  return useQuery({
    queryKey: travelKeys.suggestions(userId, settings.key, origin),
    queryFn: ({ signal }) =>
      apiRequest(
        origin ? `/travel/suggestions?origin=${encodeURIComponent(origin)}` : '/travel/suggestions',
        { schema: suggestionsResponseSchema, signal },
      ),
    enabled: signedIn && settings.ready,
  });
}

/** GET /api/travel/deals?category=…: up to 8 of today's best trips in a category. */
export function useDeals(category: DealCategory) {
  const { userId, signedIn } = useUserId();
  const settings = useSettingsKey();
  return useQuery({
    queryKey: travelKeys.deals(userId, settings.key, category),
    queryFn: ({ signal }) =>
      apiRequest(`/travel/deals?category=${encodeURIComponent(category)}`, {
        schema: dealsResponseSchema,
        signal,
      }),
    enabled: signedIn && settings.ready,
  });
}

/**
 * POST /api/travel/requote for the dialogs' Modify mode. A query keyed by the change, so the
 * newest choice always wins and going back to a choice already priced shows it at once.
 * `null` (nothing changed) sends nothing.
 */
export function useRequote(request: RequoteRequest | null) {
  const { userId } = useUserId();
  return useQuery({
    queryKey: travelKeys.requote(userId, request),
    queryFn: ({ signal }) =>
      apiRequest('/travel/requote', {
        method: 'POST',
        body: request,
        schema: requoteResponseSchema,
        signal,
      }),
    enabled: request !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/travel/preferences: the saved home airport. */
export function useTravelPreferences() {
  const { userId, signedIn } = useUserId();
  return useQuery({
    queryKey: travelKeys.preferences(userId),
    queryFn: ({ signal }) =>
      apiRequest('/travel/preferences', { schema: travelPreferencesSchema, signal }),
    enabled: signedIn,
  });
}

/** PUT /api/travel/preferences; suggestions and deals are read again from the new airport. */
export function useSaveHomeAirport() {
  const queryClient = useQueryClient();
  const { userId } = useUserId();
  return useMutation({
    mutationFn: (homeAirport: string) =>
      apiRequest('/travel/preferences', {
        method: 'PUT',
        body: { homeAirport },
        schema: travelPreferencesSchema,
      }),
    onSuccess: async (preferences) => {
      queryClient.setQueryData(travelKeys.preferences(userId), preferences);
      await queryClient.invalidateQueries({ queryKey: travelKeys.trips(userId) });
    },
  });
}
