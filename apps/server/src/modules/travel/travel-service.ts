import {
  DEFAULT_DISPLAY_CURRENCY,
  MAX_DAYS_AHEAD,
  MAX_NIGHTS,
  type DisplayCurrency,
} from '@vowa/shared/travel/travel-constants';
import {
  addDays,
  daysBetween,
  flightChangeAdjustment,
  hotelChangeAdjustment,
  isCalendarDate,
} from '@vowa/shared/travel/travel-rules';
import type {
  Airport,
  FlightRequoteRequest,
  FlightSearchRequest,
  HotelRequoteRequest,
  HotelSearchRequest,
  RequoteResponse,
} from '@vowa/shared/travel/travel-schemas';
import { TZDate } from '@date-fns/tz';
import { AppError } from '../../lib/app-error';
import { convertAmount, type ExchangeRates, type RateTable } from './fx/exchange-rates';
import { findAirport, searchAirports } from './geo/airports';
import { curatedDestinations } from './offline/data/destinations';
import { findPlace } from './offline/destination-places';
import {
  TravelProviderError,
  type ProviderExperience,
  type ProviderFlight,
  type ProviderHotel,
  type TravelProvider,
} from './travel-provider';
import {
  presentExperience,
  presentFlight,
  presentHotel,
  priceRecordOf,
  quoteRecordOf,
  type OfferKind,
  type ProviderOffer,
} from './travel-quotes';
import type { QuoteRecord, TravelRepository } from './travel-repository';

export const travelMessages = {
  unknownAirport: (code: string) => `We don't know an airport with the code ${code}.`,
  sameAirport: 'Origin and destination must be different airports.',
  pastDate: 'Dates in the past cannot be booked. Choose today or a later date.',
  tooFarAhead: `Dates more than ${MAX_DAYS_AHEAD} days ahead are not on sale yet.`,
  returnBeforeDeparture: 'The return date must be on or after the departure date.',
  checkOutBeforeCheckIn: 'Check-out must be after check-in.',
  tooManyNights: `A stay can be at most ${MAX_NIGHTS} nights.`,
  notADate: 'That date does not exist in the calendar.',
  unknownCity: (city: string) => `We couldn't find a city called "${city}".`,
  quoteNotFound: 'This offer is no longer available. Please search again.',
  quoteKindMismatch: 'That quote is not for this kind of offer.',
  notAnOption: 'Choose one of the listed options.',
  noLongerOffered: 'That option is no longer offered. Please choose another.',
  experienceNotFound: 'That experience was not found.',
  providerBusy: 'The travel provider is busy. Please try again in a minute.',
  providerUnavailable: 'The travel provider is unavailable right now. Please try again later.',
} as const;

type Dependencies = {
  repository: TravelRepository;
  provider: TravelProvider;
  rates: ExchangeRates;
  now?: () => Date;
};

/** A provider failure becomes a `{detail}` the person can act on. */
export async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TravelProviderError) {
      if (error.kind === 'rejected') throw new AppError('travel_request_rejected', error.message);
      if (error.kind === 'busy') {
        throw new AppError('travel_provider_busy', travelMessages.providerBusy);
      }
      throw new AppError('travel_provider_unavailable', travelMessages.providerUnavailable);
    }
    throw error;
  }
}

/** A city (or airport code) as the travel searches understand it, for other modules. */
export function placeNamed(query: string) {
  return findPlace(query);
}

/**
 * What the offline inventory knows of a destination: where it is, its main airport, its kind of
 * trip and three well-known sights when it is one of the curated destinations.
 */
export function destinationFacts(query: string) {
  const place = findPlace(query);
  if (!place) return null;
  const curated = curatedDestinations.find(
    (destination) =>
      destination.city.toLowerCase() === place.name.toLowerCase() ||
      destination.airport === place.airportCode,
  );
  return {
    name: curated?.city ?? place.name,
    country: place.country,
    countryCode: place.countryCode,
    timezone: place.timezone,
    airportCode: curated?.airport ?? place.airportCode,
    category: curated?.category ?? null,
    highlights: curated ? [...curated.highlights] : [],
  };
}

/** The best-known curated destination in a country ("Japan" → Tokyo), if there is one. */
export function leadingDestinationIn(countryCode: string) {
  const curated = curatedDestinations.find(
    (destination) => findPlace(destination.city)?.countryCode === countryCode,
  );
  return curated ? destinationFacts(curated.city) : null;
}

/** The last place on earth where a day ends (UTC−12). */
const LAST_TIMEZONE = 'Etc/GMT+12';

/** Today's date where a place is: a flight from Tokyo can leave "today" before New York's today. */
export function localToday(timezone: string, now: Date): string {
  return new TZDate(now.getTime(), timezone).toISOString().slice(0, 10);
}

export function requireAirport(code: string): Airport {
  const airport = findAirport(code);
  if (!airport) throw new AppError('unknown_airport', travelMessages.unknownAirport(code));
  return airport;
}

function requireBookableDate(date: string, today: string) {
  if (!isCalendarDate(date)) throw new AppError('date_not_in_calendar', travelMessages.notADate);
  if (date < today) throw new AppError('date_in_past', travelMessages.pastDate);
  if (daysBetween(today, date) > MAX_DAYS_AHEAD) {
    throw new AppError('date_too_far_ahead', travelMessages.tooFarAhead);
  }
}

/** Searches, re-quotes and detail views over the configured provider (part 2 §2–§4, §9). */
export function createTravelService({
  repository,
  provider,
  rates,
  now = () => new Date(),
}: Dependencies) {
  /** Records offers as quotes (and in the price history) and returns them with their records. */
  async function record<T extends ProviderOffer>(kind: OfferKind, offers: T[]) {
    const quotedAt = now();
    const records = offers.map((offer) => quoteRecordOf(provider.name, kind, offer, quotedAt));
    await repository.saveQuotes(records);
    await repository.recordPrices(records.map(priceRecordOf).filter((row) => row !== null));
    return offers.map((offer, index) => ({ offer, record: records[index] as QuoteRecord }));
  }

  const recorded = (record: QuoteRecord) => ({
    id: record.id,
    provider: record.provider,
    quotedAt: record.quotedAt ?? now(),
    validUntil: record.validUntil,
  });

  async function loadQuote(quoteId: string, kind: OfferKind) {
    const row = await repository.findQuote(quoteId);
    if (!row || row.provider !== provider.name) {
      throw new AppError('quote_not_found', travelMessages.quoteNotFound);
    }
    if (row.kind !== kind)
      throw new AppError('quote_kind_mismatch', travelMessages.quoteKindMismatch);
    return row;
  }

  /** Asks the provider again, records the new quote, and prices it against the original. */
  async function requoted<Offer extends ProviderOffer, Shown extends { price: number | null }>(
    kind: OfferKind,
    row: QuoteRecord & { quotedAt: Date },
    currency: DisplayCurrency,
    present: (
      offer: Offer,
      at: ReturnType<typeof recorded>,
      table: RateTable,
      to: DisplayCurrency,
    ) => Shown,
    ask: () => Promise<Offer | null>,
  ) {
    const next = await viaProvider(ask);
    if (!next) throw new AppError('option_no_longer_offered', travelMessages.noLongerOffered);
    const [saved] = await record(kind, [next]);
    const table = rates.table();
    const offer = present(next, recorded(saved!.record), table, currency);
    const before = present(row.offer as Offer, recorded(row), table, currency);
    return {
      offer,
      originalPrice: before.price,
      difference: differenceOf(offer.price, before.price),
    };
  }

  return {
    record,

    async searchFlights(request: FlightSearchRequest) {
      const currency = request.currency ?? DEFAULT_DISPLAY_CURRENCY;
      const origin = requireAirport(request.origin);
      const destination = requireAirport(request.destination);
      if (origin.code === destination.code) {
        throw new AppError('same_airport', travelMessages.sameAirport);
      }
      const today = localToday(origin.timezone, now());
      requireBookableDate(request.departureDate, today);
      if (request.returnDate) {
        requireBookableDate(request.returnDate, today);
        if (request.returnDate < request.departureDate) {
          throw new AppError('return_before_departure', travelMessages.returnBeforeDeparture);
        }
      }
      const query = { adults: request.adults, travelClass: request.travelClass };
      const [outbound, inbound] = await viaProvider(() =>
        Promise.all([
          provider.searchFlights({
            ...query,
            origin,
            destination,
            departureDate: request.departureDate,
          }),
          request.returnDate
            ? provider.searchFlights({
                ...query,
                origin: destination,
                destination: origin,
                departureDate: request.returnDate,
              })
            : Promise.resolve([]),
        ]),
      );
      const saved = await record('flight', [...outbound, ...inbound]);
      const table = rates.table();
      const shown = saved.map(({ offer, record: row }) =>
        presentFlight(offer as ProviderFlight, recorded(row), table, currency),
      );
      return {
        type: 'flights' as const,
        currency: shown[0]?.currency ?? currency,
        flights: shown.slice(0, outbound.length),
        returnFlights: shown.slice(outbound.length),
      };
    },

    async searchHotels(request: HotelSearchRequest) {
      const currency = request.currency ?? DEFAULT_DISPLAY_CURRENCY;
      const place = findPlace(request.city);
      if (!place) throw new AppError('unknown_city', travelMessages.unknownCity(request.city));
      const today = localToday(place.timezone, now());
      requireBookableDate(request.checkIn, today);
      if (!isCalendarDate(request.checkOut)) {
        throw new AppError('date_not_in_calendar', travelMessages.notADate);
      }
      if (request.checkOut <= request.checkIn) {
        throw new AppError('check_out_before_check_in', travelMessages.checkOutBeforeCheckIn);
      }
      if (daysBetween(request.checkIn, request.checkOut) > MAX_NIGHTS) {
        throw new AppError('stay_too_long', travelMessages.tooManyNights);
      }
      const hotels = await viaProvider(() =>
        provider.searchHotels({
          place,
          checkIn: request.checkIn,
          checkOut: request.checkOut,
          adults: request.adults,
          roomType: request.roomType,
        }),
      );
      const saved = await record('hotel', hotels);
      const table = rates.table();
      const shown = saved.map(({ offer, record: row }) =>
        presentHotel(offer as ProviderHotel, recorded(row), table, currency),
      );
      return { type: 'hotels' as const, currency: shown[0]?.currency ?? currency, hotels: shown };
    },

    async experiences(query: {
      city: string;
      type?: ProviderExperience['type'];
      date?: string;
      currency?: DisplayCurrency;
    }) {
      const currency = query.currency ?? DEFAULT_DISPLAY_CURRENCY;
      const place = findPlace(query.city);
      if (!place) throw new AppError('unknown_city', travelMessages.unknownCity(query.city));
      if (query.date) requireBookableDate(query.date, localToday(place.timezone, now()));
      const found = await viaProvider(() =>
        provider.searchExperiences({ place, type: query.type, date: query.date }),
      );
      const saved = await record('experience', found);
      const table = rates.table();
      const experiences = saved.map(({ offer, record: row }) =>
        presentExperience(offer as ProviderExperience, recorded(row), table, currency),
      );
      return { currency: experiences[0]?.currency ?? currency, experiences };
    },

    async experience(id: string, currency: DisplayCurrency = DEFAULT_DISPLAY_CURRENCY) {
      const found = await viaProvider(() => provider.experienceDetails(id));
      if (!found) throw new AppError('experience_not_found', travelMessages.experienceNotFound);
      const [saved] = await record('experience', [found]);
      if (!saved) throw new AppError('experience_not_found', travelMessages.experienceNotFound);
      return {
        experience: presentExperience(found, recorded(saved.record), rates.table(), currency),
      };
    },

    /**
     * How a recorded offer's price moved: every price recorded for the same flight, stay or
     * experience, converted into `currency` at today's rate (the rate is said with them).
     */
    async priceHistory(quoteId: string, currency: DisplayCurrency = DEFAULT_DISPLAY_CURRENCY) {
      const row = await repository.findQuote(quoteId);
      if (!row || row.provider !== provider.name) {
        throw new AppError('quote_not_found', travelMessages.quoteNotFound);
      }
      const table = rates.table();
      const points = (await repository.pricesOf(row.subjectKey, 60)).map((point) => {
        // A currency without a rate stays as the provider quoted it.
        const converted = convertAmount(table, point.amount, point.currency, currency);
        return {
          amount: converted?.amount ?? point.amount,
          currency: converted ? currency : point.currency,
          quotedAt: point.quotedAt.toISOString(),
        };
      });
      return { quoteId, kind: row.kind as OfferKind, points };
    },

    async requoteFlight(request: FlightRequoteRequest): Promise<RequoteResponse> {
      const currency = request.currency ?? DEFAULT_DISPLAY_CURRENCY;
      const row = await loadQuote(request.quoteId, 'flight');
      const original = row.offer as ProviderFlight;
      const change = {
        travelClass: request.travelClass,
        departureDate: request.departureDate,
        departureTime: request.departureTime,
      };
      const adjustment = flightChangeAdjustment(
        {
          travelClass: original.class,
          departureDate: original.departure.date,
          departureTime: original.departure.time,
        },
        change,
      );
      if (!adjustment) throw new AppError('not_an_option', travelMessages.notAnOption);
      const origin = findAirport(original.departure.airportCode);
      requireBookableDate(request.departureDate, localToday(origin?.timezone ?? 'UTC', now()));
      const { offer, ...prices } = await requoted('flight', row, currency, presentFlight, () =>
        provider.requoteFlight(original, change),
      );
      return { kind: 'flight', flight: offer, ...prices };
    },

    async requoteHotel(request: HotelRequoteRequest): Promise<RequoteResponse> {
      const currency = request.currency ?? DEFAULT_DISPLAY_CURRENCY;
      const row = await loadQuote(request.quoteId, 'hotel');
      const original = row.offer as ProviderHotel;
      const change = {
        roomType: request.roomType,
        checkIn: request.checkIn,
        checkOut: request.checkOut,
        nights: request.nights,
      };
      if (!hotelChangeAdjustment(original, change)) {
        throw new AppError('not_an_option', travelMessages.notAnOption);
      }
      if (request.checkOut <= request.checkIn) {
        throw new AppError('check_out_before_check_in', travelMessages.checkOutBeforeCheckIn);
      }
      // Hotels carry no time zone: only refuse a check-in that is past everywhere on earth.
      requireBookableDate(request.checkIn, localToday(LAST_TIMEZONE, now()));
      const { offer, ...prices } = await requoted('hotel', row, currency, presentHotel, () =>
        provider.requoteHotel(original, change),
      );
      return { kind: 'hotel', hotel: offer, ...prices };
    },

    airports(query: string) {
      return { airports: searchAirports(query, 10) };
    },

    /** Dates a suggestion starts from: a month ahead, in the origin's calendar. */
    suggestionDates(origin: Airport, leadDays: number, nights: number) {
      const departureDate = addDays(localToday(origin.timezone, now()), leadDays);
      return { departureDate, returnDate: addDays(departureDate, nights) };
    },
  };
}

function differenceOf(next: number | null, before: number | null): number | null {
  if (next === null || before === null) return null;
  return Math.round((next - before) * 100) / 100;
}

export type TravelService = ReturnType<typeof createTravelService>;
