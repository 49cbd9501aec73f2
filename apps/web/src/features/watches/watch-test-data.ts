import type { PriceHistoryResponse, Watch } from '@vowa/shared/watches/watch-schemas';

/** A watch as GET /api/travel/watches answers it: an alert on a trip to Paris for two. */
export function makeWatch(change: Partial<Watch> = {}): Watch {
  return {
    id: 'w1',
    kind: 'trip',
    mode: 'alert',
    status: 'active',
    endedReason: null,
    title: { destination: 'Paris', country: 'France', countryCode: 'FR' },
    startDate: '2026-05-20',
    endDate: '2026-05-27',
    travelers: 2,
    items: [
      { kind: 'flight', quoteId: 'q-out' },
      { kind: 'flight', quoteId: 'q-back' },
      { kind: 'hotel', quoteId: 'q-stay' },
    ],
    current: { amount: 3020, currency: 'USD' },
    market: { amount: 3600, currency: 'USD' },
    target: { amount: 2880, currency: 'USD' },
    thresholdPercent: 80,
    maxBudget: { amount: 5000, currency: 'USD' },
    display: null,
    lastCheckedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    nextCheckAt: null,
    bookingId: null,
    bucketItemId: null,
    createdAt: '2026-03-01T08:00:00Z',
    ...change,
  };
}

export function makeHistory(change: Partial<PriceHistoryResponse> = {}): PriceHistoryResponse {
  return {
    currency: 'USD',
    points: [
      { at: '2026-03-01T08:00:00Z', day: '2026-03-01', amount: 3100, currency: 'USD' },
      { at: '2026-03-02T08:00:00Z', day: '2026-03-02', amount: 3020, currency: 'USD' },
    ],
    market: { amount: 3600, currency: 'USD' },
    target: { amount: 2880, currency: 'USD' },
    thresholdPercent: 80,
    departureDate: '2026-05-20',
    advice: {
      advice: 'buy',
      confidence: 'medium',
      score: 0.55,
      reasons: [{ code: 'sweet_spot', params: { days: 80 } }],
    },
    ...change,
  };
}
