import { roundMoney } from '@vowa/shared/finance/money';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Airport } from '@vowa/shared/travel/travel-schemas';
import {
  checkOutOf,
  hotelCategories,
  type TripQuoteQuery,
} from '@vowa/shared/travel/trip-price-model';
import type { TripIdea } from '@vowa/shared/travel/trip-quote-schemas';
import type { ExchangeRates } from './fx/exchange-rates';
import { findAirport } from './geo/airports';
import { curatedDestinations } from './offline/data/destinations';
import { placeOfDestination } from './offline/destination-places';
import type { ProviderExperience, ProviderFlight, TravelProvider } from './travel-provider';
import { converterFor } from './travel-quotes';
import { viaProvider, type TravelService } from './travel-service';
import { cheapestFlight, distanceKm, samePlace, stayInCategory, type Stop } from './trip-parts';

/** The days around the chosen check-in the assistant looks for cheaper flights. */
const DATE_SHIFTS = [-3, -2, -1, 1, 2, 3];
/** How far a city may be to be "nearby". */
const NEARBY_CITY_KM = 600;

/** What the ideas need of the trip being customised (the quote service's own checks). */
export type TripPlanning = {
  /** The origin, today where it is, and the stops; throws the quote route's errors. */
  prepare(query: TripQuoteQuery): { origin: Airport; today: string; stops: Stop[] };
  /** The suggested trip's experiences, priced again now. */
  basisExperiences(basis: NonNullable<TripQuoteQuery['basis']>): Promise<ProviderExperience[]>;
};

/**
 * Ideas for the customise dialog's AI Assistant tab, from the provider's prices now:
 * experiences there, cheaper dates nearby, the stay in another category and a nearby city.
 * Every price is a recorded quote; the assistant chooses among them and words them.
 */
export function createTripIdeas(
  deps: {
    provider: TravelProvider;
    travel: Pick<TravelService, 'record'>;
    rates: ExchangeRates;
  },
  trip: TripPlanning,
) {
  const { provider } = deps;

  /** Shown amounts of one currency, for the ideas. */
  function shown(currency: DisplayCurrency) {
    const converter = converterFor(deps.rates.table(), provider.currency, currency);
    return (amount: number) => ({
      amount: roundMoney(converter.convert(amount) ?? amount, converter.currency),
      currency: converter.currency,
    });
  }

  /** The best-rated experiences there that the trip does not already have. */
  async function experienceIdeas(
    stop: Stop,
    exclude: Set<string>,
    money: ReturnType<typeof shown>,
  ) {
    const found = await viaProvider(() => provider.searchExperiences({ place: stop.place }));
    const fresh = found.filter((offer) => !exclude.has(offer.id)).slice(0, 4);
    const saved = await deps.travel.record('experience', fresh);
    return saved.map(({ offer, record }): TripIdea => ({
      kind: 'experience',
      name: offer.name,
      experienceType: offer.type,
      rating: offer.rating,
      price: offer.price === null ? null : money(offer.price),
      quoteId: record.id,
      change: null,
    }));
  }

  /** The cheapest way out and back on nearby dates, when cheaper than the chosen ones. */
  async function dateIdea(
    query: TripQuoteQuery,
    origin: Airport,
    stops: Stop[],
    today: string,
    money: ReturnType<typeof shown>,
  ): Promise<TripIdea | null> {
    const first = stops[0]!;
    const last = stops[stops.length - 1]!;
    const checkOut = checkOutOf(query.checkIn, query.nights);
    const options = [0, ...DATE_SHIFTS]
      .map((shift) => ({
        shift,
        out: addDays(query.checkIn, shift),
        back: addDays(checkOut, shift),
      }))
      .filter((option) => option.out >= today);
    const search = (from: Airport, to: Airport, departureDate: string) =>
      provider.searchFlights({
        origin: from,
        destination: to,
        departureDate,
        adults: query.travelers,
        travelClass: query.flightClass,
      });
    const priced = await viaProvider(() =>
      Promise.all(
        options.map(async (option) => {
          const [out, back] = await Promise.all([
            search(origin, first.airport, option.out),
            search(last.airport, origin, option.back),
          ]);
          const pair = [cheapestFlight(out), cheapestFlight(back)];
          if (!pair[0] || !pair[1]) return null;
          const total = ((pair[0].price ?? 0) + (pair[1].price ?? 0)) * query.travelers;
          return { ...option, flights: pair as ProviderFlight[], total };
        }),
      ),
    );
    const chosen = priced.find((option) => option?.shift === 0);
    const cheapest = priced
      .filter((option) => option !== null && option.shift !== 0)
      .reduce<(typeof priced)[number]>(
        (best, option) => (!best || option!.total < best.total ? option : best),
        null,
      );
    if (!chosen || !cheapest || cheapest.total >= chosen.total) return null;
    const saved = await deps.travel.record('flight', [...chosen.flights, ...cheapest.flights]);
    return {
      kind: 'dates',
      checkIn: cheapest.out,
      flights: money(cheapest.total),
      saving: money(chosen.total - cheapest.total),
      quoteIds: saved.slice(2).map(({ record }) => record.id),
      change: { setting: 'checkIn', checkIn: cheapest.out },
    };
  }

  /** The destination's stay in the other categories, with the difference from the chosen one. */
  async function categoryIdeas(
    query: TripQuoteQuery,
    stop: Stop,
    money: ReturnType<typeof shown>,
  ): Promise<TripIdea[]> {
    const hotels = await viaProvider(() =>
      provider.searchHotels({
        place: stop.place,
        checkIn: stop.checkIn,
        checkOut: stop.checkOut,
        adults: query.travelers,
        roomType: 'standard',
      }),
    );
    const current = stayInCategory(hotels, query.hotelCategory);
    const others = hotelCategories
      .filter((category) => category !== query.hotelCategory)
      .map((category) => ({ category, stay: stayInCategory(hotels, category) }))
      .filter((option) => option.stay?.categoryMatched);
    const saved = await deps.travel.record(
      'hotel',
      others.map((option) => option.stay!.hotel),
    );
    return others.map(({ category, stay }, index): TripIdea => {
      const price = stay!.hotel.price ?? 0;
      const before = current?.hotel.price ?? null;
      return {
        kind: 'hotel_category',
        hotelCategory: category,
        hotelName: stay!.hotel.name,
        stars: stay!.hotel.rating,
        stay: money(price),
        difference: before === null ? null : money(price - before),
        quoteId: saved[index]!.record.id,
        change: { setting: 'hotelCategory', hotelCategory: category },
      };
    });
  }

  /** A curated destination near the trip's, not on it yet, and the flight there. */
  async function cityIdea(
    query: TripQuoteQuery,
    stops: Stop[],
    money: ReturnType<typeof shown>,
  ): Promise<TripIdea | null> {
    const main = stops[0]!;
    const candidates = curatedDestinations
      .flatMap((destination) => {
        const place = placeOfDestination(destination);
        const airport = findAirport(destination.airport);
        return place && airport ? [{ place, airport, km: distanceKm(main.place, place) }] : [];
      })
      .filter(
        (candidate) =>
          candidate.km > 0 &&
          candidate.km <= NEARBY_CITY_KM &&
          !stops.some((stop) => samePlace(stop.place, candidate.place)),
      )
      .sort(
        (a, b) =>
          Number(b.place.countryCode === main.place.countryCode) -
            Number(a.place.countryCode === main.place.countryCode) || a.km - b.km,
      );
    const next = candidates[0];
    if (!next) return null;
    const byAir = next.airport.code !== main.airport.code;
    const flights = byAir
      ? await viaProvider(() =>
          provider.searchFlights({
            origin: main.airport,
            destination: next.airport,
            departureDate: main.checkOut,
            adults: query.travelers,
            travelClass: query.flightClass,
          }),
        )
      : [];
    const flight = cheapestFlight(flights);
    const [saved] = flight ? await deps.travel.record('flight', [flight]) : [];
    return {
      kind: 'city',
      city: next.place.name,
      country: next.place.country,
      countryCode: next.place.countryCode,
      distanceKm: next.km,
      flight: flight?.price == null ? null : money(flight.price),
      quoteId: saved?.record.id ?? null,
      change: { setting: 'addCity', city: next.place.name },
    };
  }

  return {
    async tripIdeas(query: TripQuoteQuery & { currency: DisplayCurrency }) {
      const { origin, today, stops } = trip.prepare(query);
      const money = shown(query.currency);
      const known = query.basis ? await trip.basisExperiences(query.basis) : [];
      const exclude = new Set(known.map((offer) => offer.id));
      const [experiences, dates, categories, city] = await Promise.all([
        experienceIdeas(stops[0]!, exclude, money),
        dateIdea(query, origin, stops, today, money),
        categoryIdeas(query, stops[0]!, money),
        cityIdea(query, stops, money),
      ]);
      const main = stops[0]!.place;
      return {
        destination: { city: main.name, country: main.country, countryCode: main.countryCode },
        ideas: [
          ...experiences,
          ...(dates ? [dates] : []),
          ...categories,
          ...(city ? [city] : []),
        ] satisfies TripIdea[],
      };
    },
  };
}
