import { addDays } from '@vowa/shared/travel/travel-rules';
import {
  MARKET_HISTORY_MIN_QUOTES,
  MARKET_HISTORY_WINDOW_DAYS,
  SUGGESTION_TRAVELERS,
} from '@vowa/shared/travel/travel-constants';
import { MARKET_MIN_DAYS, median } from '@vowa/shared/watches/watch-rules';
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Database } from '../../db/database';
import type { RecordedQuote } from './travel-booking-service';
import type { ProviderFlight, ProviderHotel } from './travel-provider';
import { priceHistory } from './travel-schema';
import type { TravelPlanner } from './travel-planner';
import { nearestAirportTo } from './travel-planner';
import type { TravelRepository } from './travel-repository';
import type { TravelService } from './travel-service';

const DAY_MS = 86_400_000;
/** A destination watch's trip: leaves a month ahead, for a week. */
const DESTINATION_LEAD_DAYS = 30;
const DESTINATION_NIGHTS = 7;

export const watchPricingMessages = {
  noAirport: 'There is no airport near this place to plan a trip to.',
  noTrip: 'No flights or stays are offered for a trip there right now.',
} as const;

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * What the watches module asks of travel (issue 16): the market price of a set of recorded
 * quotes, from recorded data only, and a priced trip to a bucket-list place.
 */
export function createWatchPricing(deps: {
  db: Database;
  providerName: string;
  repository: Pick<TravelRepository, 'marketHistory'>;
  service: Pick<TravelService, 'searchFlights' | 'searchHotels'>;
  planner: Pick<TravelPlanner, 'preferences'>;
  now: () => Date;
}) {
  /**
   * A trip that is a suggested trip (both flights between the same airports, a stay, for two):
   * that trip's market price as the suggestion engine records it.
   */
  async function suggestedTripMarket(quotes: RecordedQuote[], travelers: number) {
    const flights = quotes.filter((quote) => quote.kind === 'flight');
    const hotel = quotes.find((quote) => quote.kind === 'hotel');
    if (travelers !== SUGGESTION_TRAVELERS || flights.length !== 2 || !hotel) return null;
    const outbound = flights[0]!.offer as ProviderFlight;
    const nights = (hotel.offer as ProviderHotel).nights;
    const subject = `${deps.providerName}:trip:${outbound.departure.airportCode}:${outbound.arrival.airportCode}:${nights}n:${SUGGESTION_TRAVELERS}p`;
    const at = deps.now();
    const history = await deps.repository.marketHistory(
      [subject],
      new Date(at.getTime() - MARKET_HISTORY_WINDOW_DAYS * DAY_MS),
      at,
    );
    const recorded = history.get(subject);
    if (!recorded || recorded.quotes < MARKET_HISTORY_MIN_QUOTES) return null;
    if (recorded.currency !== outbound.currency) return null;
    return cents(recorded.median);
  }

  /**
   * The median over 30 days of what the items cost together each day (each item's lowest
   * recorded price that day, per traveller where booking charges per traveller), when at least
   * MARKET_MIN_DAYS days have a price for every item; else null.
   */
  async function itemsMarket(quotes: RecordedQuote[], subjects: string[], travelers: number) {
    const at = deps.now();
    const currency = quotes[0]?.currency;
    const rows = await deps.db
      .select({
        subjectKey: priceHistory.subjectKey,
        day: priceHistory.quotedOn,
        amount: sql<string>`min(${priceHistory.amount})`,
        currency: sql<string>`min(${priceHistory.currency})`,
      })
      .from(priceHistory)
      .where(
        and(
          inArray(priceHistory.subjectKey, [...new Set(subjects)]),
          gte(priceHistory.quotedAt, new Date(at.getTime() - MARKET_HISTORY_WINDOW_DAYS * DAY_MS)),
          lte(priceHistory.quotedAt, at),
        ),
      )
      .groupBy(priceHistory.subjectKey, priceHistory.quotedOn);
    const prices = new Map<string, number>();
    for (const row of rows) {
      if (row.currency === currency) prices.set(`${row.subjectKey}|${row.day}`, Number(row.amount));
    }
    const days = [...new Set(rows.map((row) => String(row.day)))];
    const totals = days.flatMap((day) => {
      let total = 0;
      for (const [index, quote] of quotes.entries()) {
        const price = prices.get(`${subjects[index]}|${day}`);
        if (price === undefined) return [];
        total += quote.kind === 'hotel' ? price : price * travelers;
      }
      return [total];
    });
    if (totals.length < MARKET_MIN_DAYS) return null;
    return cents(median(totals) ?? 0);
  }

  return {
    /**
     * The market price of these quotes for these travellers, from recorded data: a suggested
     * trip's market price, else the median of the items' price history (≥ 7 days), else null
     * (the caller takes the price now).
     */
    async marketPrice(input: {
      quotes: RecordedQuote[];
      subjects: string[];
      travelers: number;
    }): Promise<number | null> {
      return (
        (await suggestedTripMarket(input.quotes, input.travelers)) ??
        (await itemsMarket(input.quotes, input.subjects, input.travelers))
      );
    },

    /**
     * A trip to a place from the person's home airport, priced now and recorded: the nearest
     * airport to the place, leaving a month ahead for 7 nights, economy; the cheapest flight
     * each way and a mid-range stay (3–4 stars, else the median price).
     */
    async planDestinationTrip(input: { userId: string; place: string; travelers: number }) {
      const destination = nearestAirportTo(input.place);
      if (!destination) throw new AppError('unknown_city', watchPricingMessages.noAirport);
      const { homeAirport } = await deps.planner.preferences(input.userId);
      if (homeAirport.code === destination.code) {
        throw new AppError('same_airport', watchPricingMessages.noAirport);
      }
      const today = deps.now().toISOString().slice(0, 10);
      const departureDate = addDays(today, DESTINATION_LEAD_DAYS);
      const returnDate = addDays(departureDate, DESTINATION_NIGHTS);
      const [flights, hotels] = await Promise.all([
        deps.service.searchFlights({
          type: 'flights',
          origin: homeAirport.code,
          destination: destination.code,
          departureDate,
          returnDate,
          adults: input.travelers,
          travelClass: 'economy',
        }),
        deps.service.searchHotels({
          type: 'hotels',
          city: destination.code,
          checkIn: departureDate,
          checkOut: returnDate,
          adults: input.travelers,
          roomType: 'standard',
        }),
      ]);
      const bySource = <T extends { quote: { sourceAmount: number } }>(offers: T[]) =>
        [...offers].sort((a, b) => a.quote.sourceAmount - b.quote.sourceAmount);
      const outbound = bySource(flights.flights)[0];
      const inbound = bySource(flights.returnFlights)[0];
      const sorted = bySource(hotels.hotels);
      const midRange = sorted.filter((hotel) => hotel.rating >= 3 && hotel.rating <= 4);
      const hotel = midRange[0] ?? sorted[Math.floor(sorted.length / 2)];
      if (!outbound || !inbound || !hotel) {
        throw new AppError('no_flights_for_leg', watchPricingMessages.noTrip);
      }
      return {
        items: [
          { kind: 'flight' as const, quoteId: outbound.quote.quoteId },
          { kind: 'flight' as const, quoteId: inbound.quote.quoteId },
          { kind: 'hotel' as const, quoteId: hotel.quote.quoteId },
        ],
        title: {
          destination: hotel.address.city || destination.city,
          country: hotel.address.country,
          countryCode: hotel.address.countryCode ?? destination.countryCode,
        },
      };
    },
  };
}

export type WatchPricing = ReturnType<typeof createWatchPricing>;
