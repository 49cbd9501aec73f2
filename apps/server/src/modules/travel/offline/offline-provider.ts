import type { TravelProvider } from '../travel-provider';
import { createOfflineBookings, currentOfflineOffer } from './offline-booking';
import { offlineExperienceDetails, searchOfflineExperiences } from './offline-experiences';
import { requoteOfflineFlight, searchOfflineFlights } from './offline-flights';
import { requoteOfflineHotel, searchOfflineHotels } from './offline-hotels';
import { createMemoryOrderStore, type ProviderOrderStore } from '../provider-orders';

/**
 * The embedded default inventory: real airports, airlines and cities, priced by the fare model
 * in euros. Deterministic for a query and a day; prices drift from one day to the next. Its
 * orders live in `orders` (the app passes the database; on its own, in memory).
 */
export function createOfflineProvider(
  options: { now?: () => Date; orders?: ProviderOrderStore } = {},
): TravelProvider {
  const now = options.now ?? (() => new Date());
  const bookings = createOfflineBookings({
    now,
    orders: options.orders ?? createMemoryOrderStore(),
  });
  return {
    name: 'offline',
    currency: 'EUR',
    async searchFlights(query) {
      return searchOfflineFlights(query, now());
    },
    async requoteFlight(original, change) {
      return requoteOfflineFlight(original, change, now());
    },
    async searchHotels(query) {
      return searchOfflineHotels(query, now());
    },
    async requoteHotel(original, change) {
      return requoteOfflineHotel(original, change, now());
    },
    async searchExperiences(query) {
      return searchOfflineExperiences(query, now());
    },
    async experienceDetails(id) {
      return offlineExperienceDetails(id, now());
    },
    async currentOffer(kind, offer) {
      return currentOfflineOffer(kind, offer, now());
    },
    book: bookings.book,
    // Cancelling is idempotent by the order's state: a cancelled order keeps its first refund.
    cancel: (kind, orderId) => bookings.cancel(kind, orderId),
  };
}
