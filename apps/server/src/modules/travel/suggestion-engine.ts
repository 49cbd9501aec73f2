import {
  DEALS_LIMIT,
  MARKET_HISTORY_MIN_DAYS,
  MARKET_HISTORY_WINDOW_DAYS,
  SUGGESTION_LEAD_DAYS,
  SUGGESTION_LIMIT,
  SUGGESTION_TRAVELERS,
  type DealCategory,
  type DisplayCurrency,
} from '@vowa/shared/travel/travel-constants';
import { addDays, isAutoBookEligible, marketConfidence } from '@vowa/shared/travel/travel-rules';
import type { Airport, TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import {
  converterFor,
  presentExperience,
  presentFlight,
  presentHotel,
  quoteIdOf,
} from './travel-quotes';
import { artworkImageFor } from '../bucket-lists/destination-images';
import type { ExchangeRates } from './fx/exchange-rates';
import { findAirport, greatCircleKm } from './geo/airports';
import { curatedDestinations, type CuratedDestination } from './offline/data/destinations';
import { placeOfDestination } from './offline/destination-places';
import type {
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  TravelProvider,
} from './travel-provider';
import type { TravelRepository } from './travel-repository';
import { localToday, type TravelService } from './travel-service';

const DAY_MS = 86_400_000;
const EXPERIENCES_PER_TRIP = 2;

/** A priced trip for two, in the provider's currency, before it is shown to anyone. */
export type PricedTrip = {
  destination: CuratedDestination;
  airport: Airport;
  country: string;
  nights: number;
  departureDate: string;
  returnDate: string;
  outbound: ProviderFlight;
  inbound: ProviderFlight;
  hotel: ProviderHotel;
  experiences: ProviderExperience[];
  /** Flights and experiences for two, plus the stay. */
  total: number;
  currency: string;
  marketPrice: number;
  marketPriceSource: 'history' | 'reference';
  historyDays: number;
  validUntil: string;
};

export type TripPricing = { trips: PricedTrip[]; considered: number; pricedAt: Date };

/** Trips get longer with distance: a long weekend nearby, more than a week across the world. */
export function nightsFor(distanceKm: number): number {
  if (distanceKm < 1_500) return 3;
  if (distanceKm < 4_000) return 5;
  if (distanceKm < 9_000) return 7;
  return 9;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Prices a trip for two to every curated destination from an origin, and judges each against
 * its market price. The pricing of an origin is computed once per quote day and shared by every
 * user leaving from there; what differs per user (budget, threshold, currency) is applied after.
 */
export function createSuggestionEngine(deps: {
  provider: TravelProvider;
  repository: TravelRepository;
  travel: TravelService;
  rates: ExchangeRates;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const cache = new LRUCache<string, TripPricing>({ max: 64 });
  const inflight = new Map<string, Promise<TripPricing>>();
  const recordedQuotes = new LRUCache<string, true>({ max: 20_000 });
  // The offline provider answers at once; a remote one is asked a few things at a time.
  const limit = pLimit(deps.provider.name === 'offline' ? 64 : 4);

  async function priceTrip(
    origin: Airport,
    destination: CuratedDestination,
    departureDate: string,
  ) {
    const airport = findAirport(destination.airport);
    const place = placeOfDestination(destination);
    if (!airport || !place) return null;
    const distanceKm = greatCircleKm(origin, airport);
    if (distanceKm < 150) return null;
    const nights = nightsFor(distanceKm);
    const returnDate = addDays(departureDate, nights);
    const flightQuery = { adults: SUGGESTION_TRAVELERS, travelClass: 'economy' as const };
    const [outbound, inbound, hotels, experiences] = await Promise.all([
      deps.provider.searchFlights({ ...flightQuery, origin, destination: airport, departureDate }),
      deps.provider.searchFlights({
        ...flightQuery,
        origin: airport,
        destination: origin,
        departureDate: returnDate,
      }),
      deps.provider.searchHotels({
        place,
        checkIn: departureDate,
        checkOut: returnDate,
        adults: SUGGESTION_TRAVELERS,
        roomType: 'standard',
      }),
      deps.provider.searchExperiences({ place }),
    ]);
    const out = outbound.find((flight) => flight.price !== null);
    const back = inbound.find((flight) => flight.price !== null);
    // Good value, not the cheapest bed: the cheapest stay at three stars or more.
    const hotel =
      hotels.find((offer) => offer.price !== null && offer.rating >= 3) ??
      hotels.find((offer) => offer.price !== null);
    const picked = experiences
      .filter((offer) => offer.price !== null)
      .slice(0, EXPERIENCES_PER_TRIP);
    if (!out || !back || !hotel || picked.length === 0) return null;
    const flightTotal = ((out.price ?? 0) + (back.price ?? 0)) * SUGGESTION_TRAVELERS;
    const experienceTotal = sum(picked.map((offer) => offer.price ?? 0)) * SUGGESTION_TRAVELERS;
    const total = cents(flightTotal + (hotel.price ?? 0) + experienceTotal);
    const reference = cents(
      ((out.referencePrice ?? out.price ?? 0) + (back.referencePrice ?? back.price ?? 0)) *
        SUGGESTION_TRAVELERS +
        (hotel.referencePrice ?? hotel.price ?? 0) +
        experienceTotal,
    );
    const validUntil = [out, back, hotel, ...picked]
      .map((offer) => offer.validUntil)
      .sort()[0] as string;
    return {
      trip: {
        destination,
        airport,
        country: place.country,
        nights,
        departureDate,
        returnDate,
        outbound: out,
        inbound: back,
        hotel,
        experiences: picked,
        total,
        currency: out.currency,
        validUntil,
      },
      reference,
    };
  }

  const subjectOf = (origin: Airport, trip: { airport: Airport; nights: number }) =>
    `${deps.provider.name}:trip:${origin.code}:${trip.airport.code}:${trip.nights}n:${SUGGESTION_TRAVELERS}p`;

  async function computePricing(origin: Airport): Promise<TripPricing> {
    const departureDate = addDays(localToday(origin.timezone, now()), SUGGESTION_LEAD_DAYS);
    const priced = (
      await Promise.all(
        curatedDestinations.map((destination) =>
          limit(() =>
            priceTrip(origin, destination, departureDate).catch((error: unknown) => {
              deps.log.warn(
                {
                  destination: destination.airport,
                  err: error instanceof Error ? error.message : error,
                },
                'could not price a suggested trip',
              );
              return null;
            }),
          ),
        ),
      )
    ).filter((entry) => entry !== null);

    // Every trip quote goes into the price history (once per price per day), then the market
    // price of each is read back over the last 30 days.
    const quotedAt = now();
    await deps.repository.recordPrices(
      priced.map(({ trip }) => ({
        subjectKey: subjectOf(origin, trip),
        provider: deps.provider.name,
        amount: trip.total,
        currency: trip.currency,
        quotedOn: quotedAt.toISOString().slice(0, 10),
        quotedAt,
      })),
    );
    const history = await deps.repository.marketHistory(
      priced.map(({ trip }) => subjectOf(origin, trip)),
      new Date(quotedAt.getTime() - MARKET_HISTORY_WINDOW_DAYS * DAY_MS),
    );
    const trips = priced.map(({ trip, reference }): PricedTrip => {
      const recorded = history.get(subjectOf(origin, trip));
      const fromHistory = recorded !== undefined && recorded.days >= MARKET_HISTORY_MIN_DAYS;
      return {
        ...trip,
        marketPrice: fromHistory ? cents(recorded.median) : reference,
        marketPriceSource: fromHistory ? 'history' : 'reference',
        historyDays: recorded?.days ?? 0,
      };
    });
    return { trips, considered: curatedDestinations.length, pricedAt: quotedAt };
  }

  /** The day's pricing for an origin, computed once (per instance) and then served from memory. */
  async function pricingFor(origin: Airport): Promise<TripPricing> {
    const key = `${origin.code}|${localToday('UTC', now())}`;
    const cached = cache.get(key);
    if (cached) return cached;
    let pending = inflight.get(key);
    if (!pending) {
      pending = computePricing(origin).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    const pricing = await pending;
    const endOfDay = (Math.floor(now().getTime() / DAY_MS) + 1) * DAY_MS;
    cache.set(key, pricing, { ttl: Math.max(1, endOfDay - now().getTime()) });
    return pricing;
  }

  /** Makes sure the offers of trips about to be shown are recorded quotes (for re-quotes). */
  async function recordComponents(trips: PricedTrip[]) {
    const fresh = <T extends ProviderFlight | ProviderHotel | ProviderExperience>(offers: T[]) =>
      offers.filter((offer) => !recordedQuotes.has(quoteIdOf(deps.provider.name, offer)));
    const flights = fresh(trips.flatMap((trip) => [trip.outbound, trip.inbound]));
    const hotels = fresh(trips.map((trip) => trip.hotel));
    const experiences = fresh(trips.flatMap((trip) => trip.experiences));
    await deps.travel.record('flight', flights);
    await deps.travel.record('hotel', hotels);
    await deps.travel.record('experience', experiences);
    for (const offer of [...flights, ...hotels, ...experiences]) {
      recordedQuotes.set(quoteIdOf(deps.provider.name, offer), true);
    }
  }

  function present(
    origin: Airport,
    pricedAt: Date,
    trip: PricedTrip,
    settings: { priceAlertThreshold: number },
    currency: DisplayCurrency,
  ): TripSuggestion {
    const table = deps.rates.table();
    const { convert } = converterFor(table, trip.currency, currency);
    const recordOf = (offer: ProviderFlight | ProviderHotel | ProviderExperience) => ({
      id: quoteIdOf(deps.provider.name, offer),
      provider: deps.provider.name,
      quotedAt: pricedAt,
      validUntil: new Date(offer.validUntil),
    });
    const flightPrice =
      convert(((trip.outbound.price ?? 0) + (trip.inbound.price ?? 0)) * SUGGESTION_TRAVELERS) ?? 0;
    const hotelPrice = convert(trip.hotel.price ?? 0) ?? 0;
    const experiencePrice =
      convert(sum(trip.experiences.map((offer) => offer.price ?? 0)) * SUGGESTION_TRAVELERS) ?? 0;
    const price = cents(flightPrice + hotelPrice + experiencePrice);
    const originalPrice = convert(trip.marketPrice) ?? price;
    return {
      id: `trip_${origin.code}_${trip.airport.code}_${trip.departureDate}`,
      destination: trip.destination.city,
      country: trip.country,
      countryCode: trip.airport.countryCode,
      airportCode: trip.airport.code,
      category: trip.destination.category,
      rating: trip.hotel.reviewScore ?? trip.hotel.rating,
      image: artworkImageFor(trip.destination.city, trip.country, trip.destination.category),
      price,
      originalPrice,
      savings: Math.max(0, Math.round(originalPrice - price)),
      marketPriceSource: trip.marketPriceSource,
      historyDays: trip.historyDays,
      confidence: marketConfidence(trip.marketPriceSource === 'history' ? trip.historyDays : 0),
      duration: `${trip.nights} nights`,
      nights: trip.nights,
      dealExpiry: trip.validUntil,
      flightPrice,
      hotelPrice,
      experiencePrice,
      autoBookEligible: isAutoBookEligible(
        trip.total,
        trip.marketPrice,
        settings.priceAlertThreshold,
      ),
      departureCity: origin.city,
      arrivalCity: trip.airport.city,
      departureDate: trip.departureDate,
      returnDate: trip.returnDate,
      hotelName: trip.hotel.name,
      hotelRating: trip.hotel.rating,
      flightDetails: {
        outbound: presentFlight(trip.outbound, recordOf(trip.outbound), table, currency),
        return: presentFlight(trip.inbound, recordOf(trip.inbound), table, currency),
      },
      hotel: presentHotel(trip.hotel, recordOf(trip.hotel), table, currency),
      experiences: trip.experiences.map((offer) =>
        presentExperience(offer, recordOf(offer), table, currency),
      ),
    };
  }

  type Audience = {
    origin: Airport;
    currency: DisplayCurrency;
    maxTripBudget: number;
    priceAlertThreshold: number;
  };

  /** Trips within the budget, in the shown currency, best deal first (savings share, rating). */
  async function affordable(audience: Audience) {
    const pricing = await pricingFor(audience.origin);
    const { convert } = converterFor(deps.rates.table(), deps.provider.currency, audience.currency);
    const within = pricing.trips
      .filter((trip) => (convert(trip.total) ?? trip.total) <= audience.maxTripBudget)
      .sort(
        (a, b) =>
          (b.marketPrice - b.total) / b.marketPrice - (a.marketPrice - a.total) / a.marketPrice ||
          (b.hotel.reviewScore ?? 0) - (a.hotel.reviewScore ?? 0),
      );
    return { pricing, within };
  }

  return {
    async suggestions(audience: Audience) {
      const { pricing, within } = await affordable(audience);
      const chosen = within.slice(0, SUGGESTION_LIMIT);
      await recordComponents(chosen);
      return {
        considered: pricing.considered,
        suggestions: chosen.map((trip) =>
          present(audience.origin, pricing.pricedAt, trip, audience, audience.currency),
        ),
      };
    },

    async deals(audience: Audience & { category: DealCategory }) {
      const { pricing, within } = await affordable(audience);
      const chosen = within
        .filter(
          (trip) =>
            trip.marketPrice > trip.total &&
            (audience.category === 'all' || trip.destination.category === audience.category),
        )
        .sort((a, b) => b.marketPrice - b.total - (a.marketPrice - a.total))
        .slice(0, DEALS_LIMIT);
      await recordComponents(chosen);
      return {
        considered: pricing.considered,
        deals: chosen.map((trip) =>
          present(audience.origin, pricing.pricedAt, trip, audience, audience.currency),
        ),
      };
    },

    /** Forgets the day's pricing (tests that write history, a provider switch). */
    clear() {
      cache.clear();
    },
  };
}

export type SuggestionEngine = ReturnType<typeof createSuggestionEngine>;
