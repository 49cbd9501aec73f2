import { minorDigits, roundMoney } from '@vowa/shared/finance/money';
import {
  MAX_DAYS_AHEAD,
  SUGGESTION_TRAVELERS,
  type DisplayCurrency,
} from '@vowa/shared/travel/travel-constants';
import { addDays, daysBetween, isCalendarDate } from '@vowa/shared/travel/travel-rules';
import type { Airport } from '@vowa/shared/travel/travel-schemas';
import {
  checkOutOf,
  estimateTripPrice,
  originalPriceFor,
  type TripQuoteQuery,
} from '@vowa/shared/travel/trip-price-model';
import type { TripQuote } from '@vowa/shared/travel/trip-quote-schemas';
import { AppError } from '../../lib/app-error';
import type { ExchangeRates } from './fx/exchange-rates';
import { findAirport } from './geo/airports';
import { findPlace } from './offline/destination-places';
import type {
  Place,
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  TravelProvider,
} from './travel-provider';
import {
  converterFor,
  presentExperience,
  presentFlight,
  presentHotel,
  type OfferKind,
  type ProviderOffer,
} from './travel-quotes';
import type { QuoteRecord, TravelRepository } from './travel-repository';
import { localToday, requireAirport, viaProvider, type TravelService } from './travel-service';
import { createTripIdeas } from './trip-ideas';
import {
  airportPlace,
  cheapestFlight,
  placeOfAirport,
  samePlace,
  shareNights,
  stayInCategory,
  type Stop,
} from './trip-parts';

export const tripQuoteMessages = {
  sameAirport: 'Origin and destination must be different airports.',
  notADate: 'That date does not exist in the calendar.',
  pastDate: 'Dates in the past cannot be booked. Choose today or a later date.',
  tooFarAhead: `Dates more than ${MAX_DAYS_AHEAD} days ahead are not on sale yet.`,
  unknownCity: (city: string) => `We couldn't find a city called "${city}".`,
  unreachableCity: (city: string) => `We know no airport that reaches ${city}.`,
  duplicateCity: (city: string) => `${city} is already part of this trip.`,
  tooManyCities: (stops: number) =>
    `A trip with ${stops} cities needs at least ${stops} nights: one night in each.`,
  noFlights: (from: string, to: string, date: string) =>
    `No flights from ${from} to ${to} on ${date}. Try another date.`,
  /** Part 2 §8. */
  noHotels: 'No hotels available for your dates in this city.',
} as const;

/**
 * Issue 14 §4: a customised trip priced by the provider now, part by part, every part recorded
 * as a quote the booking flow can book, with part 2 §9's instant estimate beside it.
 */
export function createTripQuoteService(deps: {
  provider: TravelProvider;
  repository: Pick<TravelRepository, 'findQuote'>;
  travel: Pick<TravelService, 'record'>;
  rates: ExchangeRates;
  now: () => Date;
}) {
  const { provider } = deps;

  /** The trip's check-out, once its check-in is a real, bookable date. */
  function requireTripDates(checkIn: string, nights: number, today: string) {
    if (!isCalendarDate(checkIn)) {
      throw new AppError('date_not_in_calendar', tripQuoteMessages.notADate);
    }
    const checkOut = checkOutOf(checkIn, nights);
    if (checkIn < today) throw new AppError('date_in_past', tripQuoteMessages.pastDate);
    if (daysBetween(today, checkOut) > MAX_DAYS_AHEAD) {
      throw new AppError('date_too_far_ahead', tripQuoteMessages.tooFarAhead);
    }
    return checkOut;
  }

  /** The destination and the additional cities as places, each reachable and named once. */
  function resolveStops(query: TripQuoteQuery, origin: Airport) {
    const destination = placeOfAirport(query.destination);
    const destinationAirport = requireAirport(query.destination);
    if (destinationAirport.code === origin.code) {
      throw new AppError('same_airport', tripQuoteMessages.sameAirport);
    }
    const places: { place: Place; airport: Airport }[] = [
      { place: destination ?? airportPlace(destinationAirport), airport: destinationAirport },
    ];
    for (const name of query.additionalCities) {
      const place = findPlace(name);
      if (!place) {
        throw new AppError('unknown_additional_city', tripQuoteMessages.unknownCity(name));
      }
      const airport = place.airportCode ? findAirport(place.airportCode) : null;
      if (!airport) {
        throw new AppError('additional_city_unreachable', tripQuoteMessages.unreachableCity(name));
      }
      if (places.some((stop) => samePlace(stop.place, place))) {
        throw new AppError('duplicate_additional_city', tripQuoteMessages.duplicateCity(name));
      }
      places.push({ place, airport });
    }
    if (query.nights < places.length) {
      throw new AppError(
        'too_many_cities_for_nights',
        tripQuoteMessages.tooManyCities(places.length),
      );
    }
    let checkIn = query.checkIn;
    return shareNights(query.nights, places.length).map((nights, index): Stop => {
      const stop = { ...places[index]!, checkIn, checkOut: addDays(checkIn, nights), nights };
      checkIn = stop.checkOut;
      return stop;
    });
  }

  /** Each flight of the trip: out, between stops that do not share an airport, and back. */
  function legsOf(origin: Airport, stops: Stop[], checkOut: string) {
    const legs: { from: Airport; to: Airport; date: string }[] = [];
    let at = origin;
    let date = stops[0]!.checkIn;
    for (const stop of stops) {
      if (stop.airport.code !== at.code) legs.push({ from: at, to: stop.airport, date });
      at = stop.airport;
      date = stop.checkOut;
    }
    if (at.code !== origin.code) legs.push({ from: at, to: origin, date: checkOut });
    return legs;
  }

  async function priceFlights(query: TripQuoteQuery, legs: ReturnType<typeof legsOf>) {
    const found = await viaProvider(() =>
      Promise.all(
        legs.map((leg) =>
          provider.searchFlights({
            origin: leg.from,
            destination: leg.to,
            departureDate: leg.date,
            adults: query.travelers,
            travelClass: query.flightClass,
          }),
        ),
      ),
    );
    return found.map((flights, index) => {
      const flight = cheapestFlight(flights);
      const leg = legs[index]!;
      if (!flight) {
        throw new AppError(
          'no_flights_for_leg',
          tripQuoteMessages.noFlights(leg.from.city, leg.to.city, leg.date),
        );
      }
      return flight;
    });
  }

  async function priceStays(query: TripQuoteQuery, stops: Stop[]) {
    const found = await viaProvider(() =>
      Promise.all(
        stops.map((stop) =>
          provider.searchHotels({
            place: stop.place,
            checkIn: stop.checkIn,
            checkOut: stop.checkOut,
            adults: query.travelers,
            roomType: 'standard',
          }),
        ),
      ),
    );
    return found.map((hotels) => {
      const stay = stayInCategory(hotels, query.hotelCategory);
      if (!stay) throw new AppError('no_hotels_available', tripQuoteMessages.noHotels);
      return stay;
    });
  }

  /** A recorded quote of this provider and kind, or nothing (a stale basis is not an error). */
  async function recordedOffer<T extends ProviderOffer>(quoteId: string, kind: OfferKind) {
    const row = await deps.repository.findQuote(quoteId);
    if (!row || row.provider !== provider.name || row.kind !== kind) return null;
    return row.offer as T;
  }

  /** The suggested trip's experiences priced again now, and its own price (for two). */
  async function priceBasis(basis: NonNullable<TripQuoteQuery['basis']>) {
    const [outbound, inbound, hotel, ...experiences] = await Promise.all([
      recordedOffer<ProviderFlight>(basis.outboundQuoteId, 'flight'),
      recordedOffer<ProviderFlight>(basis.returnQuoteId, 'flight'),
      recordedOffer<ProviderHotel>(basis.hotelQuoteId, 'hotel'),
      ...basis.experienceQuoteIds.map((id) => recordedOffer<ProviderExperience>(id, 'experience')),
    ]);
    const known = experiences.filter((offer): offer is ProviderExperience => offer !== null);
    const fresh = await viaProvider(() =>
      Promise.all(known.map((offer) => provider.experienceDetails(offer.id))),
    );
    // The suggested trip's parts for two, as the suggestion engine totals them.
    const original =
      outbound?.price != null && inbound?.price != null && hotel?.price != null
        ? {
            flights: (outbound.price + inbound.price) * SUGGESTION_TRAVELERS,
            hotel: hotel.price,
            experiences:
              known.reduce((sum, offer) => sum + (offer.price ?? 0), 0) * SUGGESTION_TRAVELERS,
            nights: hotel.nights,
          }
        : null;
    return {
      experiences: fresh.filter(
        (offer): offer is ProviderExperience => offer !== null && offer.price !== null,
      ),
      original,
    };
  }

  /** The origin, today where it leaves, and the stops: every check the routes share. */
  function prepare(query: TripQuoteQuery) {
    const origin = requireAirport(query.origin);
    const today = localToday(origin.timezone, deps.now());
    requireTripDates(query.checkIn, query.nights, today);
    return { origin, today, stops: resolveStops(query, origin) };
  }

  const ideas = createTripIdeas(deps, {
    prepare,
    basisExperiences: async (basis) => (await priceBasis(basis)).experiences,
  });

  return {
    tripIdeas: ideas.tripIdeas,

    async quoteTrip(query: TripQuoteQuery & { currency: DisplayCurrency }): Promise<TripQuote> {
      const origin = requireAirport(query.origin);
      const checkOut = requireTripDates(
        query.checkIn,
        query.nights,
        localToday(origin.timezone, deps.now()),
      );
      const stops = resolveStops(query, origin);
      const [flights, stays, basis] = await Promise.all([
        priceFlights(query, legsOf(origin, stops, checkOut)),
        priceStays(query, stops),
        query.basis ? priceBasis(query.basis) : null,
      ]);
      const experiences = basis?.experiences ?? [];
      const [savedFlights, savedHotels, savedExperiences] = await Promise.all([
        deps.travel.record('flight', flights),
        deps.travel.record(
          'hotel',
          stays.map((stay) => stay.hotel),
        ),
        deps.travel.record('experience', experiences),
      ]);
      const table = deps.rates.table();
      const at = (row: QuoteRecord) => ({
        id: row.id,
        provider: row.provider,
        quotedAt: row.quotedAt ?? deps.now(),
        validUntil: row.validUntil,
      });
      const shownFlights = savedFlights.map(({ offer, record }) =>
        presentFlight(offer, at(record), table, query.currency),
      );
      const shownHotels = savedHotels.map(({ offer, record }, index) => ({
        hotel: presentHotel(offer, at(record), table, query.currency),
        categoryMatched: stays[index]!.categoryMatched,
      }));
      const shownExperiences = savedExperiences.map(({ offer, record }) =>
        presentExperience(offer, at(record), table, query.currency),
      );

      const { currency, exchangeRate, convert } = converterFor(
        table,
        provider.currency,
        query.currency,
      );
      const digits = minorDigits(currency);
      const hotels = stays.map((stay) => stay.hotel);
      const breakdown = {
        flights: partTotal(shownFlights, query.travelers, currency),
        hotels: partTotal(
          shownHotels.map((stay) => stay.hotel),
          1,
          currency,
        ),
        experiences: partTotal(shownExperiences, query.travelers, currency),
      };
      const offers: ProviderOffer[] = [...flights, ...hotels, ...experiences];
      const charged = chargedTotal({ flights, hotels, experiences }, query.travelers);
      const original = basis?.original;
      const originalPrice = original
        ? originalPriceFor(
            {
              flights: convert(original.flights) ?? original.flights,
              hotel: convert(original.hotel) ?? original.hotel,
              experiences: convert(original.experiences) ?? original.experiences,
              nights: original.nights,
            },
            query.nights,
            digits,
          )
        : null;
      const validUntil = offers
        .map((offer) => offer.validUntil)
        .reduce((earliest, value) => (value < earliest ? value : earliest));
      return {
        currency,
        quotedAt: (savedFlights[0]?.record.quotedAt ?? deps.now()).toISOString(),
        validUntil: new Date(validUntil).toISOString(),
        checkIn: query.checkIn,
        checkOut,
        nights: query.nights,
        travelers: query.travelers,
        flightClass: query.flightClass,
        hotelCategory: query.hotelCategory,
        stops: stops.map((stop) => ({
          city: stop.place.name,
          country: stop.place.country,
          countryCode: stop.place.countryCode,
          airportCode: stop.airport.code,
          checkIn: stop.checkIn,
          checkOut: stop.checkOut,
          nights: stop.nights,
        })),
        flights: shownFlights,
        hotels: shownHotels,
        experiences: shownExperiences,
        items: [
          ...shownFlights.map((flight) => ({
            kind: 'flight' as const,
            quoteId: flight.quote.quoteId,
          })),
          ...shownHotels.map(({ hotel }) => ({
            kind: 'hotel' as const,
            quoteId: hotel.quote.quoteId,
          })),
          ...shownExperiences.map((experience) => ({
            kind: 'experience' as const,
            quoteId: experience.quote.quoteId,
          })),
        ],
        breakdown,
        total: roundMoney(breakdown.flights + breakdown.hotels + breakdown.experiences, currency),
        charged,
        exchangeRate,
        estimate:
          originalPrice === null
            ? null
            : { originalPrice, ...estimateTripPrice(originalPrice, query, digits) },
      };
    },
  };
}

/**
 * One part's total: flights and experiences are priced per traveller; a stay is priced for the
 * whole party (the search named every traveller), as the booking flow charges it.
 */
function partTotal(offers: { price: number | null }[], times: number, currency: string) {
  const sum = offers.reduce((total, offer) => total + (offer.price ?? 0), 0);
  return roundMoney(sum * times, currency);
}

/** The total in the provider's own currency (what is charged), when all parts share one. */
function chargedTotal(
  parts: { flights: ProviderFlight[]; hotels: ProviderHotel[]; experiences: ProviderExperience[] },
  travelers: number,
) {
  const offers: ProviderOffer[] = [...parts.flights, ...parts.hotels, ...parts.experiences];
  const currency = offers[0]?.currency;
  if (!currency || offers.some((offer) => offer.currency !== currency)) return null;
  const amount =
    partTotal(parts.flights, travelers, currency) +
    partTotal(parts.hotels, 1, currency) +
    partTotal(parts.experiences, travelers, currency);
  return { amount: roundMoney(amount, currency), currency };
}

export type TripQuoteService = ReturnType<typeof createTripQuoteService>;
