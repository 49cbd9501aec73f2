import type { ProviderOrderStore } from '../provider-orders';
import type { ProviderFlight, ProviderHotel, TravelProvider } from '../travel-provider';
import { createDuffelClient, type DuffelLogger } from './duffel-client';
import { createDuffelFlights } from './duffel-flights';
import { createDuffelStays } from './duffel-stays';

export type DuffelProviderOptions = {
  accessToken: string;
  /** https://api.duffel.com, or a local fake. */
  apiUrl: string;
  log: DuffelLogger;
  now?: () => Date;
  /** Where Duffel orders and stays bookings are recorded with their idempotency keys. */
  orders: ProviderOrderStore;
  /** Duffel sells no activities: experiences come from this provider (the offline inventory). */
  experiences: Pick<
    TravelProvider,
    'searchExperiences' | 'experienceDetails' | 'currentOffer' | 'book' | 'cancel'
  >;
  timeoutMs?: number;
};

/**
 * Duffel as the live provider: flights (offer requests, offers, orders, order cancellations)
 * and Duffel Stays (search, rates, quotes, bookings), in the same shapes as the offline
 * inventory; experiences through `experiences`. Prices are in the offer's own currency.
 */
export function createDuffelProvider(options: DuffelProviderOptions): TravelProvider {
  const now = options.now ?? (() => new Date());
  const client = createDuffelClient(options);
  const flights = createDuffelFlights({ client, orders: options.orders, now });
  const stays = createDuffelStays({ client, orders: options.orders, now });
  const { experiences } = options;
  return {
    name: 'duffel',
    // Duffel quotes in the organisation's billing currency; each offer names its own.
    currency: 'EUR',
    searchFlights: flights.search,
    requoteFlight: flights.requote,
    searchHotels: stays.search,
    requoteHotel: stays.requote,
    searchExperiences: (query) => experiences.searchExperiences(query),
    experienceDetails: (id) => experiences.experienceDetails(id),
    async currentOffer(kind, offer) {
      if (kind === 'flight') return flights.sellingNow(offer as ProviderFlight);
      if (kind === 'hotel') return stays.sellingNow(offer as ProviderHotel);
      return experiences.currentOffer
        ? experiences.currentOffer(kind, offer)
        : experiences.experienceDetails(offer.id);
    },
    async book(request) {
      if (request.kind === 'flight') return flights.book(request);
      if (request.kind === 'hotel') return stays.book(request);
      return experiences.book(request);
    },
    async cancel(kind, orderId, idempotencyKey) {
      if (kind === 'flight') return flights.cancel(orderId);
      if (kind === 'hotel') return stays.cancel(orderId);
      return experiences.cancel(kind, orderId, idempotencyKey);
    },
  };
}
