import type { TravelProvider } from '../travel-provider';
import { offlineExperienceDetails, searchOfflineExperiences } from './offline-experiences';
import { requoteOfflineFlight, searchOfflineFlights } from './offline-flights';
import { requoteOfflineHotel, searchOfflineHotels } from './offline-hotels';

/**
 * The embedded default inventory: real airports, airlines and cities, priced by the fare model
 * in euros. Deterministic for a query and a day; prices drift from one day to the next.
 */
export function createOfflineProvider(options: { now?: () => Date } = {}): TravelProvider {
  const now = options.now ?? (() => new Date());
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
  };
}
