import { convertMoney, roundMoney } from '@vowa/shared/finance/money';
import type { ExchangeRates } from '../travel/fx/exchange-rates';
import { fromMinor } from './booking-items';
import type { BookingRow, BookingsRepository } from './bookings-repository';

/** A person's booked trips summed up for the profile (part 1 §2), in their currency. */
export type TripStats = {
  tripsBooked: number;
  /** Market price minus the price paid, over items whose quote carried a market price. */
  totalSaved: number;
  /** Countries of trips that have begun, lower-case English names (the bucket lists' form). */
  visitedCountries: string[];
  /** "Rome, Italy": the destination booked most often (the latest among equals). */
  favoriteDestination: string | null;
  recentTrips: { id: string; destination: string; country: string; date: string; status: string }[];
};

export type SharedTrip = { id: string; destination: string; country: string; date: string };

/** What the profile module may ask of bookings; handed to it when the app is composed. */
export type TripsPort = {
  tripStats(userId: string, currency: string): Promise<TripStats>;
  /** Trips shown on a public profile (when the owner shares trips): confirmed ones. */
  sharedTrips(userId: string): Promise<SharedTrip[]>;
};

const RECENT_TRIPS = 5;

/** What one booking saved against the market, in minor units of its own currency. */
function savedMinor(row: BookingRow): number {
  return row.items.reduce(
    (sum, item) =>
      item.marketAmountMinor === null
        ? sum
        : sum + Math.max(0, item.marketAmountMinor - item.amountMinor),
    0,
  );
}

function favoriteOf(rows: BookingRow[]): string | null {
  const counts = new Map<string, number>();
  // Newest first, so among equals the first counted (the latest trip) stays ahead.
  for (const row of rows) {
    const name = row.country ? `${row.destination}, ${row.country}` : row.destination;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [name, count] of counts) if (best === null || count > counts.get(best)!) best = name;
  return best;
}

export function createTripsPort(deps: {
  repository: Pick<BookingsRepository, 'confirmedOf'>;
  rates: Pick<ExchangeRates, 'table'>;
  now: () => Date;
}): TripsPort {
  return {
    async tripStats(userId, currency) {
      const rows = await deps.repository.confirmedOf(userId);
      const table = deps.rates.table();
      const saved = rows.reduce((sum, row) => {
        const amount = fromMinor(savedMinor(row), row.currency);
        // A currency without a rate cannot be added up honestly: left out.
        return sum + (convertMoney(table, amount, row.currency, currency)?.amount ?? 0);
      }, 0);
      const today = deps.now().toISOString().slice(0, 10);
      const visited = rows
        .filter((row) => row.startDate <= today && row.country)
        .map((row) => row.country.trim().toLowerCase());
      return {
        tripsBooked: rows.length,
        totalSaved: roundMoney(saved, currency),
        visitedCountries: [...new Set(visited)],
        favoriteDestination: favoriteOf(rows),
        recentTrips: rows.slice(0, RECENT_TRIPS).map((row) => ({
          id: row.id,
          destination: row.destination,
          country: row.country,
          date: row.startDate,
          status: row.status,
        })),
      };
    },

    async sharedTrips(userId) {
      const rows = await deps.repository.confirmedOf(userId);
      return rows.map((row) => ({
        id: row.id,
        destination: row.destination,
        country: row.country,
        date: row.startDate,
      }));
    },
  };
}
