import { useQuery } from '@tanstack/react-query';
import {
  priceHistoryResponseSchema,
  type PriceHistoryResponse,
} from '@vowa/shared/watches/watch-schemas';
import { apiRequest } from './api-client';
import { useSession } from './session-context';
import { watchKeys } from './watch-keys';
import type { WatchItem } from './watch-actions-context';

/** Recorded prices change once a day at most; a screen opened again reads the kept answer. */
const HISTORY_STALE_MS = 5 * 60_000;

/**
 * The recorded price history of a flight, a stay or a whole trip (its quotes summed per day as
 * a booking charges them), with the market, the person's target and the buy-or-wait advice:
 * `POST /api/travel/price_history`. `null` reads nothing (nothing to show yet).
 */
export function usePriceHistory(request: { items: WatchItem[]; travelers: number } | null) {
  const { status } = useSession();
  const items = request?.items.map(({ kind, quoteId }) => ({ kind, quoteId })) ?? [];
  const travelers = request?.travelers ?? 1;
  return useQuery<PriceHistoryResponse>({
    queryKey: watchKeys.quoteHistory(
      items.map((item) => `${item.kind}:${item.quoteId}`),
      travelers,
    ),
    queryFn: ({ signal }) =>
      apiRequest('/travel/price_history', {
        method: 'POST',
        body: { items, travelers },
        schema: priceHistoryResponseSchema,
        signal,
      }),
    enabled: request !== null && items.length > 0 && status === 'signed-in',
    staleTime: HISTORY_STALE_MS,
    retry: false,
  });
}
