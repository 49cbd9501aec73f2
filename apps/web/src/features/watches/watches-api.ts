import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSettingsSchema } from '@vowa/shared/settings/settings-schemas';
import {
  watchHistoryResponseSchema,
  watchListResponseSchema,
  watchResponseSchema,
  type CreateDestinationWatchRequest,
  type CreateWatchRequest,
  type UpdateWatchRequest,
} from '@vowa/shared/watches/watch-schemas';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { settingsKeys } from '../../lib/settings-keys';
import { watchKeys } from '../../lib/watch-keys';

const BASE = '/travel/watches';

/** The person's watches, newest first (ended ones of the last 30 days too). */
export function useWatches() {
  const { status } = useSession();
  return useQuery({
    queryKey: watchKeys.list(),
    queryFn: ({ signal }) => apiRequest(BASE, { signal, schema: watchListResponseSchema }),
    enabled: status === 'signed-in',
  });
}

/** Watch a trip, a flight or a stay (the same subject again answers the watch it has). */
export function createWatch(body: CreateWatchRequest) {
  return apiRequest(BASE, { method: 'POST', body, schema: watchResponseSchema });
}

/** "Tell me when it fits my budget": a bucket-list place, priced as a trip from home. */
export function createDestinationWatch(body: CreateDestinationWatchRequest) {
  return apiRequest(`${BASE}/destination`, { method: 'POST', body, schema: watchResponseSchema });
}

/** Every screen that shows watches (this one, the Auto-Booking modal) reads them again. */
function useRefreshWatches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: watchKeys.all });
}

/** Pause or resume a watch. */
export function useUpdateWatch() {
  const refresh = useRefreshWatches();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWatchRequest }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: refresh,
  });
}

export function useDeleteWatch() {
  const refresh = useRefreshWatches();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** A watch's own recorded prices, with the advice; read when its history is opened. */
export function useWatchHistory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: watchKeys.history(id),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}/history`, {
        signal,
        schema: watchHistoryResponseSchema,
      }),
    enabled,
    retry: false,
  });
}

/** Whether price-drop alerts are on (Settings → Notifications), from the settings read. */
export function usePriceDropAlerts() {
  const { user, status } = useSession();
  const settings = useQuery({
    queryKey: settingsKeys.mine(user?.id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('/user_management/settings', { signal, schema: userSettingsSchema }),
    enabled: status === 'signed-in' && !!user,
    staleTime: 5 * 60_000,
  });
  const notifications = (settings.data as { notifications?: { priceDropAlerts?: unknown } })
    ?.notifications;
  return typeof notifications?.priceDropAlerts === 'boolean' ? notifications.priceDropAlerts : null;
}

/** Turns price-drop alerts on, as the Settings switch does. */
export function useTurnOnPriceDropAlerts() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: () =>
      apiRequest('/user_management/settings', {
        method: 'PUT',
        body: { notifications: { priceDropAlerts: true } },
        schema: userSettingsSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.mine(user?.id ?? ''), saved);
      void queryClient.invalidateQueries({ queryKey: watchKeys.all });
    },
  });
}
