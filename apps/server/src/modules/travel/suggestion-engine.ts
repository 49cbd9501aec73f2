import {
  DEALS_LIMIT,
  LONG_HAUL_KM,
  MARKET_HISTORY_MIN_QUOTES,
  MARKET_HISTORY_WINDOW_DAYS,
  SUGGESTION_LIMIT,
  SUGGESTION_TRAVELERS,
  type DealCategory,
  type DealKind,
  type DisplayCurrency,
} from '@vowa/shared/travel/travel-constants';
import { convertMoney, type Money } from '@vowa/shared/finance/money';
import {
  addDays,
  daysBetween,
  isAutoBookEligible,
  marketConfidence,
} from '@vowa/shared/travel/travel-rules';
import type { Airport, TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import {
  converterFor,
  presentExperience,
  presentFlight,
  presentHotel,
  quoteIdOf,
} from './travel-quotes';
import type { DestinationPhotos } from '../artwork/artwork-service';
import type { ExchangeRates } from './fx/exchange-rates';
import { findAirport, greatCircleKm } from './geo/airports';
import { curatedDestinations, type CuratedDestination } from './offline/data/destinations';
import { placeOfDestination } from './offline/destination-places';
import { bestSeasonOf, departureDates } from './seasons';
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
/**
 * Departure dates priced per destination and day. Each is a recorded quote of the trip, so the
 * market price has real evidence from the first day; a remote provider is asked less.
 */
const DATES_PER_TRIP = { offline: 3, remote: 1 } as const;

/** A priced trip for two, in the provider's currency, before it is shown to anyone. */
export type PricedTrip = {
  destination: CuratedDestination;
  airport: Airport;
  country: string;
  nights: number;
  distanceKm: number;
  /** The destination's best months (1–12); the trip leaves in them. */
  season: readonly number[];
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
  /** The recorded totals of this trip in the window: how many, on how many days, their range. */
  historyQuotes: number;
  historyDays: number;
  historyLow: number | null;
  historyHigh: number | null;
  confidence: number;
  /** When the first of its quotes stops being valid. */
  validUntil: string;
};

export type TripPricing = { trips: PricedTrip[]; considered: number; pricedAt: Date };

/**
 * Trips get longer with distance: a long weekend on a short hop (3 to 5 nights), a week or more
 * on a long haul (7 to 12 nights).
 */
export function nightsFor(distanceKm: number): number {
  if (distanceKm < 1_500) return 3;
  if (distanceKm < 3_000) return 4;
  if (distanceKm < LONG_HAUL_KM) return 5;
  if (distanceKm < 7_000) return 7;
  if (distanceKm < 9_500) return 9;
  if (distanceKm < 12_500) return 10;
  return 12;
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
  /** The destinations' pictures: generated artwork, or Unsplash photos with their credit. */
  images: Pick<DestinationPhotos, 'imageFor'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const cache = new LRUCache<string, TripPricing>({ max: 64 });
  const inflight = new Map<string, Promise<TripPricing>>();
  const recordedQuotes = new LRUCache<string, true>({ max: 20_000 });
  // A remote provider is asked a few things at a time. The offline one answers from memory, so
  // more at once would gain nothing: each turn of the event loop prices a few destinations and
  // lets other requests through (see computePricing).
  const limit = pLimit(deps.provider.name === 'offline' ? 8 : 4);

  /** The trip leaving on one date: flights both ways and the stay, plus the experiences. */
  async function priceOn(
    origin: Airport,
    airport: Airport,
    place: NonNullable<ReturnType<typeof placeOfDestination>>,
    nights: number,
    departureDate: string,
    experiences: ProviderExperience[],
  ) {
    const returnDate = addDays(departureDate, nights);
    const flightQuery = { adults: SUGGESTION_TRAVELERS, travelClass: 'economy' as const };
    const [outbound, inbound, hotels] = await Promise.all([
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
    ]);
    const out = outbound.find((flight) => flight.price !== null);
    const back = inbound.find((flight) => flight.price !== null);
    // Good value, not the cheapest bed: the cheapest stay at three stars or more.
    const hotel =
      hotels.find((offer) => offer.price !== null && offer.rating >= 3) ??
      hotels.find((offer) => offer.price !== null);
    if (!out || !back || !hotel) return null;
    const flightTotal = ((out.price ?? 0) + (back.price ?? 0)) * SUGGESTION_TRAVELERS;
    const experienceTotal =
      sum(experiences.map((offer) => offer.price ?? 0)) * SUGGESTION_TRAVELERS;
    const total = cents(flightTotal + (hotel.price ?? 0) + experienceTotal);
    const reference = cents(
      ((out.referencePrice ?? out.price ?? 0) + (back.referencePrice ?? back.price ?? 0)) *
        SUGGESTION_TRAVELERS +
        (hotel.referencePrice ?? hotel.price ?? 0) +
        experienceTotal,
    );
    // The deal lasts as long as its first quote does.
    const validUntil = [out, back, hotel, ...experiences]
      .map((offer) => offer.validUntil)
      .sort()[0] as string;
    return {
      departureDate,
      returnDate,
      outbound: out,
      inbound: back,
      hotel,
      total,
      reference,
      validUntil,
    };
  }

  /**
   * A trip to a destination: as long as its distance asks, leaving in the destination's best
   * season on a few dates spread through it; the cheapest date is the trip, and every date's
   * total is a recorded quote of it.
   */
  async function priceTrip(origin: Airport, destination: CuratedDestination, today: string) {
    const airport = findAirport(destination.airport);
    const place = placeOfDestination(destination);
    if (!airport || !place) return null;
    const distanceKm = greatCircleKm(origin, airport);
    if (distanceKm < 150) return null;
    const nights = nightsFor(distanceKm);
    const season = bestSeasonOf({
      latitude: airport.latitude,
      longitude: airport.longitude,
      countryCode: airport.countryCode,
      category: destination.category,
    }).months;
    const dates = departureDates({
      today,
      season,
      nights,
      seed: `${origin.code}-${airport.code}`,
      count: deps.provider.name === 'offline' ? DATES_PER_TRIP.offline : DATES_PER_TRIP.remote,
    });
    const experiences = (await deps.provider.searchExperiences({ place }))
      .filter((offer) => offer.price !== null)
      .slice(0, EXPERIENCES_PER_TRIP);
    if (experiences.length === 0) return null;
    const options = (
      await Promise.all(
        dates.map((date) => priceOn(origin, airport, place, nights, date, experiences)),
      )
    ).filter((option) => option !== null);
    const best = options.reduce<(typeof options)[number] | null>(
      (cheapest, option) => (!cheapest || option.total < cheapest.total ? option : cheapest),
      null,
    );
    if (!best) return null;
    const { reference, ...chosen } = best;
    return {
      trip: {
        destination,
        airport,
        country: place.country,
        nights,
        distanceKm,
        season,
        ...chosen,
        experiences,
        currency: chosen.outbound.currency,
      },
      reference,
      totals: options.map((option) => option.total),
    };
  }

  const subjectOf = (origin: Airport, trip: { airport: Airport; nights: number }) =>
    `${deps.provider.name}:trip:${origin.code}:${trip.airport.code}:${trip.nights}n:${SUGGESTION_TRAVELERS}p`;

  async function computePricing(origin: Airport): Promise<TripPricing> {
    const today = localToday(origin.timezone, now());
    const priced = (
      await Promise.all(
        curatedDestinations.map((destination) =>
          limit(async () => {
            // The offline inventory prices in memory: without a turn of the event loop between
            // destinations, a first pricing of the day (hundreds of them) would hold every other
            // request, the screen's own code and data included, for a second or more.
            await nextTurn();
            return priceTrip(origin, destination, today).catch((error: unknown) => {
              deps.log.warn(
                {
                  destination: destination.airport,
                  err: error instanceof Error ? error.message : error,
                },
                'could not price a suggested trip',
              );
              return null;
            });
          }),
        ),
      )
    ).filter((entry) => entry !== null);

    // Every date's total goes into the trip's price history (once per price per day), then the
    // market price of each is read back over the last 30 days, with what it rests on.
    const quotedAt = now();
    await deps.repository.recordPrices(
      priced.flatMap(({ trip, totals }) =>
        totals.map((amount) => ({
          subjectKey: subjectOf(origin, trip),
          provider: deps.provider.name,
          amount,
          currency: trip.currency,
          quotedOn: quotedAt.toISOString().slice(0, 10),
          quotedAt,
        })),
      ),
    );
    const history = await deps.repository.marketHistory(
      priced.map(({ trip }) => subjectOf(origin, trip)),
      new Date(quotedAt.getTime() - MARKET_HISTORY_WINDOW_DAYS * DAY_MS),
      quotedAt,
    );
    const trips = priced.map(({ trip, reference }): PricedTrip => {
      const recorded = history.get(subjectOf(origin, trip));
      const fromHistory = recorded !== undefined && recorded.quotes >= MARKET_HISTORY_MIN_QUOTES;
      const evidence = {
        source: fromHistory ? ('history' as const) : ('reference' as const),
        quotes: recorded?.quotes ?? 0,
        days: recorded?.days ?? 0,
        low: recorded?.low ?? null,
        high: recorded?.high ?? null,
        median: recorded?.median ?? null,
      };
      return {
        ...trip,
        marketPrice: fromHistory ? cents(recorded.median) : reference,
        marketPriceSource: evidence.source,
        historyQuotes: evidence.quotes,
        historyDays: evidence.days,
        historyLow: evidence.low,
        historyHigh: evidence.high,
        confidence: marketConfidence(evidence),
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
    const picture = deps.images.imageFor({
      name: trip.destination.city,
      country: trip.country,
      countryCode: trip.airport.countryCode,
      latitude: trip.airport.latitude,
      longitude: trip.airport.longitude,
      category: trip.destination.category,
    });
    return {
      id: `trip_${origin.code}_${trip.airport.code}_${trip.departureDate}`,
      destination: trip.destination.city,
      country: trip.country,
      countryCode: trip.airport.countryCode,
      airportCode: trip.airport.code,
      category: trip.destination.category,
      rating: trip.hotel.reviewScore ?? trip.hotel.rating,
      image: picture.url,
      imageCredit: picture.credit,
      price,
      originalPrice,
      savings: Math.max(0, Math.round(originalPrice - price)),
      marketPriceSource: trip.marketPriceSource,
      historyQuotes: trip.historyQuotes,
      historyDays: trip.historyDays,
      historyRange:
        trip.historyLow !== null && trip.historyHigh !== null
          ? { low: convert(trip.historyLow) ?? 0, high: convert(trip.historyHigh) ?? 0 }
          : null,
      confidence: trip.confidence,
      distanceKm: Math.round(trip.distanceKm),
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
    /** The budget in the currency it was entered in. */
    budget: Money;
    priceAlertThreshold: number;
  };

  /**
   * Trips within the budget, best deal first (savings share, rating). The budget is converted
   * into each trip's quoting currency, so the answer is the same whatever currency it is shown in.
   */
  async function affordable(audience: Audience) {
    const pricing = await pricingFor(audience.origin);
    const table = deps.rates.table();
    const budgetIn = (currency: string) =>
      convertMoney(table, audience.budget.amount, audience.budget.currency, currency)?.amount ??
      audience.budget.amount;
    const within = pricing.trips
      .filter((trip) => trip.total <= budgetIn(trip.currency))
      .sort(
        (a, b) =>
          (b.marketPrice - b.total) / b.marketPrice - (a.marketPrice - a.total) / a.marketPrice ||
          (b.hotel.reviewScore ?? 0) - (a.hotel.reviewScore ?? 0),
      );
    return { pricing, within };
  }

  return {
    /**
     * Prices the day's trips from these origins ahead of their first visitor (travel-module's
     * warm-up), one origin after another; an origin that fails is logged and skipped.
     */
    async warm(origins: Airport[]) {
      const started = Date.now();
      const priced: string[] = [];
      for (const origin of origins) {
        await pricingFor(origin).then(
          () => priced.push(origin.code),
          (error: unknown) => {
            deps.log.warn({ origin: origin.code, err: error }, 'could not price the day ahead');
          },
        );
      }
      deps.log.info({ origins: priced, ms: Date.now() - started }, 'suggestions priced ahead');
    },

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

    /**
     * Today's Best Deals: within the budget and the category, not already in the suggestion
     * list, the best trip of each kind (biggest saving, value per night, long haul, weekend,
     * lowest recorded price, top-rated stay, leaving soon, ending soon), each trip once.
     */
    async deals(audience: Audience & { category: DealCategory }) {
      const { pricing, within } = await affordable(audience);
      const listed = new Set(within.slice(0, SUGGESTION_LIMIT));
      const pool = within.filter(
        (trip) =>
          !listed.has(trip) &&
          (audience.category === 'all' || trip.destination.category === audience.category),
      );
      const chosen = bestOfKinds(pool, {
        today: localToday(audience.origin.timezone, now()),
        at: now(),
      }).slice(0, DEALS_LIMIT);
      await recordComponents(chosen.map(({ trip }) => trip));
      return {
        considered: pricing.considered,
        deals: chosen.map(({ trip, kind }) => ({
          ...present(audience.origin, pricing.pricedAt, trip, audience, audience.currency),
          dealReason: kind,
        })),
      };
    },

    /** Forgets the day's pricing (tests that write history, a provider switch). */
    clear() {
      cache.clear();
    },
  };
}

export type SuggestionEngine = ReturnType<typeof createSuggestionEngine>;

const savingOf = (trip: PricedTrip) => trip.marketPrice - trip.total;
const weekdayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

type DealRule = {
  kind: DealKind;
  /** Which trips are of this kind. */
  fits: (trip: PricedTrip) => boolean;
  /** Lower is better. */
  rank: (trip: PricedTrip) => number;
};

/**
 * The best trip of each kind, in the order of the kinds, never the same trip twice; a kind no
 * trip fits is left out. Every figure compared comes from the trips' recorded quotes.
 */
export function bestOfKinds(
  trips: PricedTrip[],
  context: { today: string; at: Date },
): { trip: PricedTrip; kind: DealKind }[] {
  const saves = (trip: PricedTrip) => savingOf(trip) > 0;
  const rules: DealRule[] = [
    { kind: 'biggest-saving', fits: saves, rank: (trip) => -savingOf(trip) },
    { kind: 'value-per-night', fits: () => true, rank: (trip) => trip.total / trip.nights },
    {
      kind: 'long-haul',
      fits: (trip) => trip.distanceKm >= LONG_HAUL_KM,
      rank: (trip) => trip.total,
    },
    {
      // A long weekend: a short trip leaving on a Thursday or Friday.
      kind: 'weekend',
      fits: (trip) => trip.nights <= 4 && [4, 5].includes(weekdayOf(trip.departureDate)),
      rank: (trip) => trip.total,
    },
    {
      // Today's total is the lowest of the trip's recorded totals, over more than one day.
      kind: 'lowest-recorded',
      fits: (trip) =>
        trip.marketPriceSource === 'history' &&
        trip.historyDays >= 2 &&
        trip.historyLow !== null &&
        trip.total <= trip.historyLow,
      rank: (trip) => -trip.historyQuotes,
    },
    {
      kind: 'top-rated',
      fits: (trip) => saves(trip) && trip.hotel.reviewScore !== null,
      rank: (trip) => -(trip.hotel.reviewScore ?? 0) * 1e6 + trip.total,
    },
    {
      kind: 'leaving-soon',
      fits: (trip) => saves(trip) && daysBetween(context.today, trip.departureDate) <= 30,
      rank: (trip) => daysBetween(context.today, trip.departureDate) * 1e6 + trip.total,
    },
    {
      kind: 'ending-soon',
      fits: (trip) => saves(trip) && Date.parse(trip.validUntil) - context.at.getTime() <= DAY_MS,
      rank: (trip) => Date.parse(trip.validUntil),
    },
  ];
  const taken = new Set<PricedTrip>();
  const picks: { trip: PricedTrip; kind: DealKind }[] = [];
  for (const rule of rules) {
    const best = trips
      .filter((trip) => !taken.has(trip) && rule.fits(trip))
      .sort((a, b) => rule.rank(a) - rule.rank(b))[0];
    if (!best) continue;
    taken.add(best);
    picks.push({ trip: best, kind: rule.kind });
  }
  return picks;
}
