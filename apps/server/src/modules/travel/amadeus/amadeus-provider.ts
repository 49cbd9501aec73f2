import { TZDate } from '@date-fns/tz';
import {
  FLIGHT_DEFAULTS,
  HOTEL_DEFAULTS,
  MAX_TRAVELERS,
  MIN_TRAVELERS,
  ROOM_TYPE_LABELS,
  roomTypes as ROOM_TYPE_ORDER,
  type ExperienceType,
  type RoomType,
  type TravelClass,
} from '@vowa/shared/travel/travel-constants';
import {
  addDays,
  clockToMinutes,
  daysBetween,
  formatFlightDuration,
} from '@vowa/shared/travel/travel-rules';
import type { Airport, Hotel } from '@vowa/shared/travel/travel-schemas';
import type { z } from 'zod';
import { greatCircleKm } from '../geo/airports';
import type {
  FlightQuery,
  Place,
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  TravelProvider,
} from '../travel-provider';
import { AmadeusApiError, createAmadeusClient, type AmadeusLogger } from './amadeus-client';
import {
  amadeusActivitiesSchema,
  amadeusActivityResponseSchema,
  amadeusActivitySchema,
  amadeusFlightOfferSchema,
  amadeusFlightOffersSchema,
  amadeusFlightPricingSchema,
  amadeusHotelListItemSchema,
  amadeusHotelListSchema,
  amadeusHotelOfferSchema,
  amadeusHotelOffersEntrySchema,
  amadeusHotelOffersSchema,
  amadeusHotelRawSchema,
  amadeusPriceMetricsSchema,
  type AmadeusActivity,
  type AmadeusBaggageAllowance,
  type AmadeusDictionaries,
  type AmadeusFareDetails,
  type AmadeusFlightOffer,
  type AmadeusHotelListItem,
  type AmadeusHotelOffer,
  type AmadeusHotelOffersEntry,
} from './amadeus-schemas';

export type AmadeusProviderOptions = {
  clientId: string;
  clientSecret: string;
  /** https://test.api.amadeus.com, https://api.amadeus.com, or a local fake. */
  baseUrl: string;
  /** The currency quotes are requested in (Amadeus's own default is EUR). */
  currency?: string;
  fetchImpl?: typeof fetch;
  log: AmadeusLogger;
  lookupAirport: (code: string) => Airport | null;
  airlineName: (code: string) => string | null;
  aircraftName: (code: string) => string | null;
  now?: () => Date;
  /** The pause before retrying a 429 that names no Retry-After. */
  retryDelayMs?: number;
  /** Minimum gap between requests (default 100 ms, the test environment's 10 per second). */
  requestSpacingMs?: number;
  /** How retries pause; tests pass one that does not sleep. */
  wait?: (ms: number) => Promise<void>;
};

/** Live fares and rooms: a quote is held for an hour at most. */
const OFFER_VALIDITY_MS = 60 * 60_000;
/** Activity prices are list prices and change slowly. */
const EXPERIENCE_VALIDITY_MS = 24 * 60 * 60_000;
const MAX_FLIGHT_OFFERS = 20;
const HOTEL_RADIUS_KM = 5;
/** Hotel Search v3 takes at most 20 hotelIds at once. */
const MAX_HOTELS = 20;
/** Tours and Activities searches at most 20 km around a point. */
const ACTIVITY_RADIUS_KM = 20;
/** Amadeus's limit on adults per search (flights) and per room (hotels); ours is 10. */
const AMADEUS_MAX_ADULTS = 9;
/**
 * 400s that only mean "nothing to offer": no rooms at the requested hotels, no hotels match, nothing
 * found for the city, no properties for the requested rates.
 */
const NOTHING_AVAILABLE_CODES = new Set([3664, 424, 895, 11126]);
const NOT_AVAILABLE = 'N/A';

const AMADEUS_TRAVEL_CLASS: Record<TravelClass, string> = {
  economy: 'ECONOMY',
  premium: 'PREMIUM_ECONOMY',
  business: 'BUSINESS',
  first: 'FIRST',
};
const CABIN_TRAVEL_CLASS: Record<string, TravelClass> = {
  ECONOMY: 'economy',
  PREMIUM_ECONOMY: 'premium',
  BUSINESS: 'business',
  FIRST: 'first',
};
const ROOM_CATEGORIES: Record<string, RoomType> = {
  STANDARD_ROOM: 'standard',
  DELUXE_ROOM: 'deluxe',
  SUITE: 'suite',
  JUNIOR_SUITE: 'suite',
  EXECUTIVE_SUITE: 'executive_suite',
  PRESIDENTIAL_SUITE: 'presidential_suite',
};
/** Amadeus chain codes of well-known brands; other codes stay unnamed rather than guessed. */
const HOTEL_CHAINS: Record<string, string> = {
  BW: 'Best Western',
  CP: 'Crowne Plaza',
  CY: 'Courtyard',
  DT: 'DoubleTree',
  ES: 'Embassy Suites',
  FS: 'Four Seasons',
  HI: 'Holiday Inn',
  HL: 'Hilton',
  HX: 'Hampton',
  HY: 'Hyatt',
  IC: 'InterContinental',
  MC: 'Marriott',
  MD: 'Le Méridien',
  NO: 'Novotel',
  RD: 'Radisson',
  RZ: 'Ritz-Carlton',
  SB: 'Sofitel',
  SI: 'Sheraton',
  WI: 'Westin',
};
const BOARD_HIGHLIGHTS: Record<string, string> = {
  BREAKFAST: 'Breakfast included',
  HALF_BOARD: 'Half board',
  FULL_BOARD: 'Full board',
  ALL_INCLUSIVE: 'All inclusive',
};
/** First match wins: a "dinner cruise" is food, "tickets to a museum" are culture. */
const EXPERIENCE_KEYWORDS: [ExperienceType, RegExp][] = [
  [
    'restaurant',
    /\b(food|foodie|dinner|lunch|brunch|wine|tasting|culinary|cooking|restaurant|gastronom\w*|cheese|chocolate|pastry|bistro)\b/i,
  ],
  [
    'cultural',
    /\b(museums?|gallery|galleries|palace|cathedral|church|basilica|history|historic\w*|heritage|art|exhibitions?)\b/i,
  ],
  [
    'entertainment',
    /\b(shows?|cabaret|concerts?|theat(?:er|re)|opera|nightlife|musical|comedy)\b/i,
  ],
  [
    'adventure',
    /\b(hik\w*|kayak\w*|climb\w*|paraglid\w*|skydiv\w*|rafting|zip-?lines?|diving|surf\w*|bikes?|biking|cycling|segway|quad)\b/i,
  ],
  ['shopping', /\b(shopping|shops?|markets?|boutiques?|outlets?)\b/i],
  [
    'attraction',
    /\b(tickets?|skip-the-line|entrance|admission|tower|zoo|aquarium|theme park|disneyland)\b/i,
  ],
  ['tour', /\b(tours?|cruises?|walk\w*|sightseeing|excursions?|day trips?|guided)\b/i],
];
const EXPERIENCE_CATEGORIES: Record<ExperienceType, string> = {
  restaurant: 'Food & Drink',
  tour: 'Tours',
  activity: 'Activities',
  attraction: 'Attractions',
  entertainment: 'Entertainment',
  adventure: 'Adventure',
  cultural: 'Culture',
  shopping: 'Shopping',
};

// ---------- Small readers ----------

const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** Amadeus amounts are strings ("932.70", even "514.13A"); null when absent or unreadable. */
function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(number) ? number : null;
}

/** ISO 8601 durations as Amadeus writes them (PT7H25M, P1DT2H) in minutes. */
export function isoDurationMinutes(duration: string | null | undefined): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration ?? '');
  if (!match || duration === 'P' || duration === 'PT') return null;
  const [, days = '0', hours = '0', minutes = '0'] = match;
  return Number(days) * 1440 + Number(hours) * 60 + Number(minutes);
}

/** A local "YYYY-MM-DDThh:mm" as minutes on a zone-less clock (differences at one airport). */
function localClockMinutes(at: string): number {
  return Date.parse(`${at.slice(0, 16)}:00Z`) / 60_000;
}

function instantAt(at: string, timeZone: string): number {
  const [year = 0, month = 1, day = 1] = at.slice(0, 10).split('-').map(Number);
  const [hours = 0, minutes = 0] = at.slice(11, 16).split(':').map(Number);
  return new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime();
}

/** Amadeus names are upper case ("AIRBUS A330-300"); words become "Airbus A330-300". */
function displayName(text: string): string {
  if (/[a-z]/.test(text)) return text.trim();
  return text
    .trim()
    .split(/\s+/)
    .map((word) =>
      /\d/.test(word)
        ? word
        : word.toLowerCase().replace(/(^|[-/('])(\p{L})/gu, (_, before: string, letter: string) => {
            return before + letter.toUpperCase();
          }),
    )
    .join(' ');
}

/** "MEAL SERVICES" → "Meal services"; text with lower case is left alone. */
function sentenceCase(text: string): string {
  const trimmed = text.trim();
  if (/[a-z]/.test(trimmed)) return trimmed;
  const lower = trimmed.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Activity descriptions are HTML; the spec's fields are plain text. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(?:p|li|div|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      }
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return HTML_ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const unique = (values: string[]) => [...new Set(values)];
const isHttps = (url: string) => /^https:\/\//i.test(url);

// ---------- Flights ----------

type Lookups = {
  airport: (code: string) => Airport | null;
  airline: (code: string) => string | null;
  aircraft: (code: string) => string | null;
};

type FlightContext = {
  lookups: Lookups;
  dictionaries: AmadeusDictionaries | null | undefined;
  requestedClass: TravelClass;
  travellers: number;
  currency: string;
  now: Date;
  referencePrice: number | null;
  /** What is known from the search when a priced offer leaves it out. */
  fallbackDurationMinutes?: number;
  fallbackDistanceKm?: number;
};

type FlightSegment = AmadeusFlightOffer['itineraries'][number]['segments'][number];

function segmentMinutes(segment: FlightSegment, airport: Lookups['airport']): number | null {
  const stated = isoDurationMinutes(segment.duration);
  if (stated !== null) return stated;
  const from = airport(segment.departure.iataCode)?.timezone;
  const to = airport(segment.arrival.iataCode)?.timezone;
  if (!from || !to) return null;
  return Math.round(
    (instantAt(segment.arrival.at, to) - instantAt(segment.departure.at, from)) / 60_000,
  );
}

/**
 * The itinerary's duration; when it is not given (priced offers may leave it out), its
 * segments plus the connections between them — a connection's two local times are at the same
 * airport, so their difference needs no time zone.
 */
function itineraryMinutes(
  itinerary: AmadeusFlightOffer['itineraries'][number],
  airport: Lookups['airport'],
): number | null {
  const stated = isoDurationMinutes(itinerary.duration);
  if (stated !== null) return stated;
  let total = 0;
  for (const [index, segment] of itinerary.segments.entries()) {
    const flying = segmentMinutes(segment, airport);
    if (flying === null) return null;
    total += flying;
    const next = itinerary.segments[index + 1];
    if (next) total += localClockMinutes(next.departure.at) - localClockMinutes(segment.arrival.at);
  }
  return total;
}

function checkedBaggage(bags: AmadeusBaggageAllowance | null | undefined): string | null {
  if (!bags) return null;
  if (bags.quantity !== null && bags.quantity !== undefined) {
    return bags.quantity === 0 ? 'No checked bag' : plural(bags.quantity, 'checked bag');
  }
  if (bags.weight !== null && bags.weight !== undefined) {
    return `Checked baggage up to ${bags.weight} ${(bags.weightUnit ?? 'KG').toLowerCase()}`;
  }
  return null;
}

function cabinBaggage(bags: AmadeusBaggageAllowance | null | undefined): string | null {
  if (!bags || bags.quantity === null || bags.quantity === undefined) return null;
  return bags.quantity === 0
    ? FLIGHT_DEFAULTS.baggage.carry
    : plural(bags.quantity, 'carry-on bag');
}

/** What the fare includes, from its branded-fare amenities (when Amadeus lists them). */
function fareFeatures(fareDetails: AmadeusFareDetails[]) {
  const amenities = fareDetails.flatMap((details) => details.amenities ?? []);
  const words = (amenity: (typeof amenities)[number]) =>
    `${amenity.amenityType ?? ''} ${amenity.description ?? ''}`.toUpperCase();
  const included = (pattern: RegExp) =>
    amenities.some((amenity) => !amenity.isChargeable && pattern.test(words(amenity)));
  return {
    wifi: included(/WI-?FI|INTERNET/),
    entertainment: included(/ENTERTAINMENT/),
    mealService: included(/\bMEALS?\b/),
    seatSelection: included(/PRE_RESERVED_SEAT|SEAT (SELECTION|ASSIGNMENT|RESERVATION)/),
    refund: amenities.find((amenity) => /REFUND/.test(words(amenity))),
    labels: unique(
      amenities
        .filter((amenity) => amenity.description)
        .map(
          (amenity) =>
            sentenceCase(amenity.description ?? '') +
            (amenity.isChargeable ? ' (extra charge)' : ''),
        ),
    ),
  };
}

function flightCancellation(
  offer: AmadeusFlightOffer,
  refund: ReturnType<typeof fareFeatures>['refund'],
): string {
  if (offer.pricingOptions?.refundableFare || offer.pricingOptions?.noPenaltyFare) {
    return 'Refundable fare';
  }
  if (refund) return refund.isChargeable ? 'Refundable for a fee' : 'Refundable ticket';
  return FLIGHT_DEFAULTS.cancellation;
}

/** An hour from now, or the end of the last ticketing day when that comes first. */
function flightValidUntil(lastTicketingDate: string | null | undefined, now: Date): string {
  const soon = now.getTime() + OFFER_VALIDITY_MS;
  const day = lastTicketingDate?.slice(0, 10) ?? '';
  const lastDay = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T23:59:59Z`) : Number.NaN;
  return new Date(lastDay > now.getTime() ? Math.min(soon, lastDay) : soon).toISOString();
}

function flightEndpoint(
  point: FlightSegment['departure'],
  context: FlightContext,
): ProviderFlight['departure'] {
  const airport = context.lookups.airport(point.iataCode);
  const location = context.dictionaries?.locations?.[point.iataCode];
  return {
    airportCode: point.iataCode,
    airportName: airport?.name ?? point.iataCode,
    city: airport?.city ?? location?.cityCode ?? NOT_AVAILABLE,
    country: airport?.country ?? location?.countryCode ?? NOT_AVAILABLE,
    countryCode: airport?.countryCode ?? location?.countryCode ?? undefined,
    time: point.at.slice(11, 16),
    date: point.at.slice(0, 10),
    terminal: point.terminal ?? null,
  };
}

/** One Amadeus flight offer (its first itinerary: searches are one way) as a ProviderFlight. */
function toProviderFlight(
  offer: AmadeusFlightOffer,
  raw: unknown,
  context: FlightContext,
): ProviderFlight | null {
  const [itinerary] = offer.itineraries;
  const first = itinerary?.segments[0];
  const last = itinerary?.segments.at(-1);
  if (!itinerary || !first || !last) return null;
  const { lookups, dictionaries } = context;

  const fareDetails = offer.travelerPricings?.[0]?.fareDetailsBySegment ?? [];
  const firstFare = fareDetails[0];
  const travelClass = CABIN_TRAVEL_CLASS[firstFare?.cabin ?? ''] ?? context.requestedClass;
  const features = fareFeatures(fareDetails);

  // Our price is per person; Amadeus's grand total covers every traveller it priced.
  const total = toNumber(offer.price.grandTotal) ?? toNumber(offer.price.total);
  const travellers = offer.travelerPricings?.length || context.travellers;
  const price = total === null ? null : roundMoney(total / Math.max(1, travellers));

  // The marketing carrier of the first flight, so the airline and the flight number agree.
  const airlineCode = first.carrierCode || offer.validatingAirlineCodes?.[0] || '';
  const carrierName = dictionaries?.carriers?.[airlineCode];
  const aircraftCode = first.aircraft?.code ?? '';
  const aircraftName = aircraftCode ? dictionaries?.aircraft?.[aircraftCode] : undefined;

  const durationMinutes =
    itineraryMinutes(itinerary, lookups.airport) ?? context.fallbackDurationMinutes ?? 0;
  const from = lookups.airport(first.departure.iataCode);
  const to = lookups.airport(last.arrival.iataCode);
  const numbers = itinerary.segments.map((segment) => `${segment.carrierCode}${segment.number}`);

  return {
    id: `${numbers.join('-')}_${first.departure.at.slice(0, 10)}T${first.departure.at.slice(11, 16).replace(':', '')}_${travelClass}`,
    airline: lookups.airline(airlineCode) ?? (carrierName ? displayName(carrierName) : airlineCode),
    airlineCode,
    flightNumber: `${first.carrierCode}${first.number}`,
    aircraft:
      (aircraftCode ? lookups.aircraft(aircraftCode) : null) ??
      (aircraftName ? displayName(aircraftName) : aircraftCode || NOT_AVAILABLE),
    class: travelClass,
    price,
    currency: offer.price.currency ?? context.currency,
    duration: formatFlightDuration(durationMinutes),
    durationMinutes,
    stops: itinerary.segments.length - 1,
    stopAirports: itinerary.segments.slice(1).map((segment) => segment.departure.iataCode),
    distanceKm:
      from && to ? Math.round(greatCircleKm(from, to)) : (context.fallbackDistanceKm ?? 0),
    departure: flightEndpoint(first.departure, context),
    arrival: flightEndpoint(last.arrival, context),
    segments: itinerary.segments.map((segment) => ({
      carrierCode: segment.carrierCode,
      number: segment.number,
      aircraftCode: segment.aircraft?.code ?? '',
      departure: {
        iataCode: segment.departure.iataCode,
        at: segment.departure.at,
        terminal: segment.departure.terminal ?? null,
      },
      arrival: {
        iataCode: segment.arrival.iataCode,
        at: segment.arrival.at,
        terminal: segment.arrival.terminal ?? null,
      },
      durationMinutes: segmentMinutes(segment, lookups.airport) ?? 0,
    })),
    baggage: {
      carry: cabinBaggage(firstFare?.includedCabinBags) ?? FLIGHT_DEFAULTS.baggage.carry,
      checked: checkedBaggage(firstFare?.includedCheckedBags) ?? FLIGHT_DEFAULTS.baggage.checked,
    },
    cancellation: flightCancellation(offer, features.refund),
    wifi: features.wifi,
    entertainment: features.entertainment,
    mealService: features.mealService,
    seatSelection: features.seatSelection,
    amenities: features.labels,
    validUntil: flightValidUntil(offer.lastTicketingDate, context.now),
    referencePrice: context.referencePrice,
    raw,
  };
}

/** One flight per id (Amadeus lists a flight once per fare family), the cheapest, cheapest first. */
function cheapestFirst(flights: ProviderFlight[]): ProviderFlight[] {
  const byId = new Map<string, ProviderFlight>();
  for (const flight of flights) {
    const kept = byId.get(flight.id);
    if (!kept || (flight.price ?? Infinity) < (kept.price ?? Infinity)) byId.set(flight.id, flight);
  }
  return [...byId.values()].sort(
    (a, b) =>
      (a.price ?? Infinity) - (b.price ?? Infinity) ||
      `${a.departure.date}${a.departure.time}`.localeCompare(
        `${b.departure.date}${b.departure.time}`,
      ),
  );
}

function mergeDictionaries(
  ...all: (AmadeusDictionaries | null | undefined)[]
): AmadeusDictionaries {
  return {
    carriers: Object.assign({}, ...all.map((entry) => entry?.carriers ?? {})),
    aircraft: Object.assign({}, ...all.map((entry) => entry?.aircraft ?? {})),
    locations: Object.assign({}, ...all.map((entry) => entry?.locations ?? {})),
  };
}

// ---------- Hotels ----------

type ParsedHotelOffer = { value: AmadeusHotelOffer; raw: unknown };

const roomTypeOf = (offer: AmadeusHotelOffer): RoomType =>
  ROOM_CATEGORIES[offer.room?.typeEstimated?.category ?? ''] ?? 'standard';

const offerTotal = (offer: AmadeusHotelOffer) =>
  toNumber(offer.price.total) ?? toNumber(offer.price.sellingTotal);

function cheapestOffer(offers: ParsedHotelOffer[]): ParsedHotelOffer | null {
  let best: ParsedHotelOffer | null = null;
  for (const offer of offers) {
    if (!best || (offerTotal(offer.value) ?? Infinity) < (offerTotal(best.value) ?? Infinity)) {
      best = offer;
    }
  }
  return best;
}

const offerOfRoomType = (offers: ParsedHotelOffer[], roomType: RoomType) =>
  cheapestOffer(offers.filter((offer) => roomTypeOf(offer.value) === roomType));

/** The room types this hotel offers for the stay, for the Modify select. */
const roomTypesOf = (offers: ParsedHotelOffer[]): RoomType[] => {
  const present = new Set(offers.map((offer) => roomTypeOf(offer.value)));
  return ROOM_TYPE_ORDER.filter((type) => present.has(type));
};

/** The stay's total and its price before taxes (from base, the nightly average, or the taxes). */
function stayPrice(offer: AmadeusHotelOffer, nights: number) {
  const total = offerTotal(offer);
  let base = toNumber(offer.price.base);
  const averageBase = toNumber(offer.price.variations?.average?.base);
  if (base === null && averageBase !== null) base = averageBase * nights;
  const taxes = (offer.price.taxes ?? []).filter((tax) => tax.included !== false);
  const taxAmounts = taxes.map((tax) => toNumber(tax.amount));
  if (base === null && total !== null && taxAmounts.length > 0 && !taxAmounts.includes(null)) {
    base = total - taxAmounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  }
  return { total, base };
}

/** "13:00:00" → "13:00". */
function clockOf(time: string | null | undefined): string | null {
  const match = /^(\d{2}):(\d{2})/.exec(time ?? '');
  return match ? `${match[1]}:${match[2]}` : null;
}

function hotelCancellation(offer: AmadeusHotelOffer, currency: string): string {
  const policies = [offer.policies?.cancellation, ...(offer.policies?.cancellations ?? [])].filter(
    (policy) => !!policy,
  );
  for (const policy of policies) {
    const text = policy.description?.text?.trim();
    if (text) return sentenceCase(text);
    if (policy.type === 'FULL_STAY') return 'Non-refundable';
    if (policy.deadline) {
      // The deadline is in the hotel's local time, with its offset.
      const when = `${policy.deadline.slice(0, 10)} ${policy.deadline.slice(11, 16)}`;
      const fee = toNumber(policy.amount);
      return fee
        ? `Free cancellation until ${when} (hotel time); ${fee.toFixed(2)} ${currency} after`
        : `Free cancellation until ${when} (hotel time)`;
    }
  }
  return NOT_AVAILABLE;
}

function roomDescription(offer: AmadeusHotelOffer, roomType: RoomType): string {
  const lines = (offer.room?.description?.text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map(sentenceCase);
  if (lines.length > 0) return lines.join('. ');
  const estimated = offer.room?.typeEstimated;
  const beds =
    estimated?.beds && estimated.bedType
      ? `, ${plural(estimated.beds, `${estimated.bedType.toLowerCase()} bed`)}`
      : '';
  return `${ROOM_TYPE_LABELS[roomType]}${beds}`;
}

function hotelAddress(listing: AmadeusHotelListItem | undefined, place: Place): Hotel['address'] {
  const address = listing?.address;
  const line = address?.lines?.[0];
  const sameCountry = !address?.countryCode || address.countryCode === place.countryCode;
  return {
    street: line ? displayName(line) : null,
    // The place's own name, so a re-quote can resolve the city again.
    city: place.name,
    state: address?.stateCode ?? place.state,
    country: sameCountry ? place.country : (address?.countryCode ?? place.country),
    countryCode: sameCountry ? place.countryCode : (address?.countryCode ?? undefined),
    zipCode: address?.postalCode ?? null,
  };
}

type HotelContext = {
  listing: AmadeusHotelListItem | undefined;
  /** The quote being re-quoted: what the hotel list said about the hotel then. */
  previous?: ProviderHotel;
  address: Hotel['address'];
  roomTypes: RoomType[];
  currency: string;
  now: Date;
  checkIn: string;
  checkOut: string;
};

function toProviderHotel(
  entry: AmadeusHotelOffersEntry,
  entryRaw: unknown,
  chosen: ParsedHotelOffer,
  context: HotelContext,
): ProviderHotel {
  const { hotel } = entry;
  const offer = chosen.value;
  const { listing, previous } = context;
  const checkIn = offer.checkInDate ?? context.checkIn;
  const checkOut = offer.checkOutDate ?? context.checkOut;
  const nights = Math.max(1, daysBetween(checkIn, checkOut));
  const { total, base } = stayPrice(offer, nights);
  const currency = offer.price.currency ?? context.currency;
  const roomType = roomTypeOf(offer);
  const latitude = toNumber(hotel.latitude) ?? toNumber(listing?.geoCode?.latitude);
  const longitude = toNumber(hotel.longitude) ?? toNumber(listing?.geoCode?.longitude);
  const name = hotel.name ?? listing?.name ?? null;
  const stars = toNumber(listing?.rating);
  const chain = hotel.brandCode ?? hotel.chainCode ?? listing?.chainCode ?? '';
  const highlight = offer.boardType ? BOARD_HIGHLIGHTS[offer.boardType] : undefined;

  return {
    // The hotel first: the price history groups quotes by what comes before the "|".
    id: `${hotel.hotelId}|${offer.id}`,
    name: name === null ? (previous?.name ?? null) : displayName(name),
    brand: HOTEL_CHAINS[chain] ?? HOTEL_CHAINS[hotel.chainCode ?? ''] ?? previous?.brand ?? null,
    rating: stars !== null ? Math.min(5, Math.max(0, stars)) : (previous?.rating ?? 0),
    reviewScore: null,
    reviewCount: 0,
    address: context.address,
    coordinates:
      latitude !== null && longitude !== null
        ? { latitude, longitude }
        : (previous?.coordinates ?? null),
    // Hotel Search v3 carries no pictures; the web shows its placeholders.
    images: [],
    checkIn,
    checkOut,
    nights,
    roomType,
    roomTypes: context.roomTypes.includes(roomType)
      ? context.roomTypes
      : [...context.roomTypes, roomType],
    pricePerNight: base === null ? null : roundMoney(base / nights),
    taxesAndFees: base === null || total === null ? null : roundMoney(total - base),
    price: total === null ? null : roundMoney(total),
    currency,
    amenities:
      listing?.amenities?.map((amenity) => sentenceCase(amenity.replace(/_/g, ' '))) ??
      previous?.amenities ??
      [],
    services: [],
    policies: {
      checkIn: clockOf(offer.policies?.checkInOut?.checkIn) ?? HOTEL_DEFAULTS.checkInTime,
      checkOut: clockOf(offer.policies?.checkInOut?.checkOut) ?? HOTEL_DEFAULTS.checkOutTime,
      cancellation: hotelCancellation(offer, currency),
      pets: NOT_AVAILABLE,
    },
    contact: { phone: null, email: null, website: null },
    description: roomDescription(offer, roomType),
    highlights: highlight ? [highlight] : [],
    nearbyAttractions: [],
    referencePrice: null,
    taxRate:
      base !== null && total !== null && base > 0
        ? Math.round(((total - base) / base) * 10_000) / 10_000
        : 0,
    validUntil: new Date(context.now.getTime() + OFFER_VALIDITY_MS).toISOString(),
    // Amadeus's hotel-offers entry, narrowed to the offer quoted.
    raw: { ...(entryRaw as Record<string, unknown>), offers: [chosen.raw] },
  };
}

// ---------- Experiences ----------

function guessExperienceType(name: string, description: string): ExperienceType {
  for (const text of [name, description]) {
    const found = EXPERIENCE_KEYWORDS.find(([, pattern]) => pattern.test(text));
    if (found) return found[0];
  }
  return 'activity';
}

function toProviderExperience(
  activity: AmadeusActivity,
  raw: unknown,
  context: { city: string; countryCode?: string; currency: string; now: Date },
): ProviderExperience {
  const name = plainText(activity.name);
  const description = plainText(activity.description ?? activity.shortDescription ?? '');
  const type = guessExperienceType(
    name,
    `${plainText(activity.shortDescription ?? '')} ${description}`,
  );
  const latitude = toNumber(activity.geoCode?.latitude);
  const longitude = toNumber(activity.geoCode?.longitude);
  const amount = toNumber(activity.price?.amount);
  const rating = toNumber(activity.rating);
  return {
    id: String(activity.id),
    name,
    type,
    category: EXPERIENCE_CATEGORIES[type],
    rating: rating === null ? 0 : Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10,
    reviewCount: 0,
    // Amadeus lists activities it has no price for with none (or 0): unknown, not free.
    price: amount === null || amount <= 0 ? null : roundMoney(amount),
    currency: activity.price?.currencyCode ?? context.currency,
    duration: activity.minimumDuration?.trim() || NOT_AVAILABLE,
    // Nothing says otherwise: any party we can book for.
    groupSize: { min: MIN_TRAVELERS, max: MAX_TRAVELERS },
    ageRestriction: null,
    location: {
      name: context.city,
      address: null,
      city: context.city,
      countryCode: context.countryCode,
      coordinates: latitude !== null && longitude !== null ? { latitude, longitude } : null,
    },
    images: (activity.pictures ?? []).filter(isHttps),
    description,
    highlights: [],
    included: [],
    notIncluded: [],
    schedule: [],
    meetingPoint: null,
    cancellationPolicy: NOT_AVAILABLE,
    provider: { name: NOT_AVAILABLE, rating: 0, verified: false, contact: null },
    availability: NOT_AVAILABLE,
    languages: [],
    difficulty: type === 'adventure' ? 'moderate' : 'easy',
    tags: [type],
    bookingLink:
      activity.bookingLink && isHttps(activity.bookingLink) ? activity.bookingLink : null,
    validUntil: new Date(context.now.getTime() + EXPERIENCE_VALIDITY_MS).toISOString(),
    raw,
  };
}

/** Amadeus activity ids are short codes; anything else cannot be one (and stays out of the URL). */
const ACTIVITY_ID = /^[A-Za-z0-9_-]{1,64}$/;

// ---------- The provider ----------

/**
 * Flights, hotels and activities from Amadeus Self-Service (test or production), mapped into the
 * spec's shapes. Prices are quoted in `currency` where Amadeus allows it (hotels may answer in
 * their own), per person for flights and experiences, for the whole stay for hotels.
 */
export function createAmadeusProvider(options: AmadeusProviderOptions): TravelProvider {
  const currency = options.currency ?? 'EUR';
  const now = options.now ?? (() => new Date());
  const { log } = options;
  const client = createAmadeusClient({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    log,
    fetchImpl: options.fetchImpl,
    now,
    retryDelayMs: options.retryDelayMs,
    requestSpacingMs: options.requestSpacingMs,
    wait: options.wait,
  });

  /** Lookups that also know the query's own airports. */
  function lookupsKnowing(known: Airport[]): Lookups {
    return {
      airport: (code) =>
        options.lookupAirport(code) ?? known.find((airport) => airport.code === code) ?? null,
      airline: options.airlineName,
      aircraft: options.aircraftName,
    };
  }

  /** Checks items one by one: one odd item is skipped (and logged), the rest are used. */
  function validItems<T>(items: unknown[], schema: z.ZodType<T>, what: string) {
    const valid: { value: T; raw: unknown }[] = [];
    for (const raw of items) {
      const parsed = schema.safeParse(raw);
      if (parsed.success) valid.push({ value: parsed.data, raw });
    }
    if (valid.length < items.length) {
      log.warn(
        { what, skipped: items.length - valid.length },
        'amadeus items with an unexpected shape skipped',
      );
    }
    return valid;
  }

  /** A 400 that only means "nothing available" is an empty answer, not a refusal. */
  async function nothingAvailableAs<T, F>(fallback: F, call: () => Promise<T>): Promise<T | F> {
    try {
      return await call();
    } catch (error) {
      if (
        error instanceof AmadeusApiError &&
        error.status === 400 &&
        error.codes.some((code) => NOTHING_AVAILABLE_CODES.has(code))
      ) {
        return fallback;
      }
      throw error;
    }
  }

  async function findFlightOffers(search: {
    origin: string;
    destination: string;
    date: string;
    adults: number;
    travelClass: TravelClass;
  }) {
    const body = await client.get(
      '/v2/shopping/flight-offers',
      {
        originLocationCode: search.origin,
        destinationLocationCode: search.destination,
        departureDate: search.date,
        adults: Math.min(search.adults, AMADEUS_MAX_ADULTS),
        travelClass: AMADEUS_TRAVEL_CLASS[search.travelClass],
        currencyCode: currency,
        max: MAX_FLIGHT_OFFERS,
      },
      amadeusFlightOffersSchema,
    );
    return {
      offers: validItems(body.data, amadeusFlightOfferSchema, 'flight offer'),
      dictionaries: body.dictionaries,
    };
  }

  /**
   * The median fare Amadeus has seen on the route for that day (Flight Price Analysis), as the
   * reference price. Only for economy, which is what the metric describes, and never in the way
   * of the search: without it the reference is simply unknown.
   */
  async function referenceFare(query: FlightQuery): Promise<number | null> {
    if (query.travelClass !== 'economy') return null;
    try {
      const body = await client.get(
        '/v1/analytics/itinerary-price-metrics',
        {
          originIataCode: query.origin.code,
          destinationIataCode: query.destination.code,
          departureDate: query.departureDate,
          currencyCode: currency,
          oneWay: true,
        },
        amadeusPriceMetricsSchema,
      );
      const [metric] = body.data;
      if (!metric || (metric.currencyCode && metric.currencyCode !== currency)) return null;
      const medium = metric.priceMetrics?.find((entry) => entry.quartileRanking === 'MEDIUM');
      const amount = toNumber(medium?.amount);
      return amount !== null && amount > 0 ? roundMoney(amount) : null;
    } catch {
      return null;
    }
  }

  /** Flight Offers Price: the offer as Amadeus would sell it now; null when it no longer would. */
  async function confirmPrice(raw: unknown) {
    try {
      const body = await client.post(
        '/v1/shopping/flight-offers/pricing',
        { data: { type: 'flight-offers-pricing', flightOffers: [raw] } },
        amadeusFlightPricingSchema,
        { 'X-HTTP-Method-Override': 'GET' },
      );
      const [priced] = validItems(body.data.flightOffers, amadeusFlightOfferSchema, 'priced offer');
      return priced ? { ...priced, dictionaries: body.dictionaries } : null;
    } catch (error) {
      if (error instanceof AmadeusApiError && error.kind === 'rejected') return null;
      throw error;
    }
  }

  async function findHotelOffers(
    hotelIds: string[],
    stay: { adults: number; checkIn: string; checkOut: string },
  ) {
    const body = await nothingAvailableAs(null, () =>
      client.get(
        '/v3/shopping/hotel-offers',
        {
          hotelIds: hotelIds.join(','),
          adults: Math.min(stay.adults, AMADEUS_MAX_ADULTS),
          checkInDate: stay.checkIn,
          checkOutDate: stay.checkOut,
          roomQuantity: 1,
          currency,
          // Every room, not only the cheapest: the requested type and the Modify list need them.
          bestRateOnly: false,
        },
        amadeusHotelOffersSchema,
      ),
    );
    if (!body) return [];
    return validItems(body.data, amadeusHotelOffersEntrySchema, 'hotel offers')
      .filter((entry) => entry.value.available !== false)
      .map((entry) => ({
        ...entry,
        offers: validItems(entry.value.offers ?? [], amadeusHotelOfferSchema, 'hotel offer'),
      }));
  }

  return {
    name: 'amadeus',
    currency,

    async searchFlights(query) {
      const [found, referencePrice] = await Promise.all([
        findFlightOffers({
          origin: query.origin.code,
          destination: query.destination.code,
          date: query.departureDate,
          adults: query.adults,
          travelClass: query.travelClass,
        }),
        referenceFare(query),
      ]);
      const context: FlightContext = {
        lookups: lookupsKnowing([query.origin, query.destination]),
        dictionaries: found.dictionaries,
        requestedClass: query.travelClass,
        travellers: Math.min(query.adults, AMADEUS_MAX_ADULTS),
        currency,
        now: now(),
        referencePrice,
        fallbackDistanceKm: Math.round(greatCircleKm(query.origin, query.destination)),
      };
      return cheapestFirst(
        found.offers
          .map((offer) => toProviderFlight(offer.value, offer.raw, context))
          .filter((flight) => flight !== null),
      );
    },

    async requoteFlight(original, change) {
      const saved = amadeusFlightOfferSchema.safeParse(original.raw);
      const adults = (saved.success ? saved.data.travelerPricings?.length : undefined) || 1;
      const found = await findFlightOffers({
        origin: original.departure.airportCode,
        destination: original.arrival.airportCode,
        date: change.departureDate,
        adults,
        travelClass: change.travelClass,
      });
      const context: FlightContext = {
        lookups: lookupsKnowing([]),
        dictionaries: found.dictionaries,
        requestedClass: change.travelClass,
        travellers: adults,
        currency,
        now: now(),
        // The reference fare belongs to the original's day and class.
        referencePrice:
          change.departureDate === original.departure.date && change.travelClass === original.class
            ? original.referencePrice
            : null,
        fallbackDistanceKm: original.distanceKm,
      };
      const candidates = found.offers.flatMap((offer) => {
        const flight = toProviderFlight(offer.value, offer.raw, context);
        return flight ? [{ flight, raw: offer.raw }] : [];
      });
      // The same airline at the time asked for, else the flight closest to that time.
      const sameAirline = candidates.filter(
        (candidate) => candidate.flight.airlineCode === original.airlineCode,
      );
      const pool = sameAirline.length > 0 ? sameAirline : candidates;
      const target = clockToMinutes(change.departureTime);
      const gap = (flight: ProviderFlight) =>
        Math.abs(clockToMinutes(flight.departure.time) - target);
      const [chosen] = [...pool].sort(
        (a, b) =>
          gap(a.flight) - gap(b.flight) ||
          (a.flight.price ?? Infinity) - (b.flight.price ?? Infinity),
      );
      if (!chosen) return null;

      const priced = await confirmPrice(chosen.raw);
      if (!priced) return null;
      return toProviderFlight(priced.value, priced.raw, {
        ...context,
        dictionaries: mergeDictionaries(found.dictionaries, priced.dictionaries),
        fallbackDurationMinutes: chosen.flight.durationMinutes,
      });
    },

    async searchHotels(query) {
      const listing = await nothingAvailableAs(null, () =>
        client.get(
          '/v1/reference-data/locations/hotels/by-geocode',
          {
            latitude: query.place.latitude,
            longitude: query.place.longitude,
            radius: HOTEL_RADIUS_KM,
            radiusUnit: 'KM',
          },
          amadeusHotelListSchema,
        ),
      );
      const hotels = validItems(listing?.data ?? [], amadeusHotelListItemSchema, 'hotel')
        .slice(0, MAX_HOTELS)
        .map((hotel) => hotel.value);
      if (hotels.length === 0) return [];

      const entries = await findHotelOffers(
        hotels.map((hotel) => hotel.hotelId),
        query,
      );
      const quotedAt = now();
      return entries.flatMap((entry) => {
        const chosen = offerOfRoomType(entry.offers, query.roomType) ?? cheapestOffer(entry.offers);
        if (!chosen) return [];
        const listed = hotels.find((hotel) => hotel.hotelId === entry.value.hotel.hotelId);
        return [
          toProviderHotel(entry.value, entry.raw, chosen, {
            listing: listed,
            address: hotelAddress(listed, query.place),
            roomTypes: roomTypesOf(entry.offers),
            currency,
            now: quotedAt,
            checkIn: query.checkIn,
            checkOut: query.checkOut,
          }),
        ];
      });
    },

    async requoteHotel(original, change) {
      const saved = amadeusHotelRawSchema.safeParse(original.raw);
      const hotelId = saved.success ? saved.data.hotel.hotelId : original.id.split('|')[0];
      if (!hotelId) return null;
      const adults = (saved.success ? saved.data.offers?.[0]?.guests?.adults : null) ?? 1;
      // The dates decide the stay; the nights only fill in when the dates cannot.
      const checkOut =
        change.checkOut > change.checkIn ? change.checkOut : addDays(change.checkIn, change.nights);
      const entries = await findHotelOffers([hotelId], {
        adults,
        checkIn: change.checkIn,
        checkOut,
      });
      const entry = entries.find((candidate) => candidate.value.hotel.hotelId === hotelId);
      const chosen = entry ? offerOfRoomType(entry.offers, change.roomType) : null;
      if (!entry || !chosen) return null;
      return toProviderHotel(entry.value, entry.raw, chosen, {
        listing: undefined,
        previous: original,
        address: original.address,
        roomTypes: roomTypesOf(entry.offers),
        currency,
        now: now(),
        checkIn: change.checkIn,
        checkOut,
      });
    },

    async searchExperiences(query) {
      const body = await client.get(
        '/v1/shopping/activities',
        {
          latitude: query.place.latitude,
          longitude: query.place.longitude,
          radius: ACTIVITY_RADIUS_KM,
        },
        amadeusActivitiesSchema,
      );
      const context = {
        city: query.place.name,
        countryCode: query.place.countryCode,
        currency,
        now: now(),
      };
      const experiences = validItems(body.data, amadeusActivitySchema, 'activity').map((item) =>
        toProviderExperience(item.value, item.raw, context),
      );
      return query.type
        ? experiences.filter((experience) => experience.type === query.type)
        : experiences;
    },

    async experienceDetails(id) {
      if (!ACTIVITY_ID.test(id)) return null;
      let body;
      try {
        body = await client.get(
          `/v1/shopping/activities/${encodeURIComponent(id)}`,
          {},
          amadeusActivityResponseSchema,
        );
      } catch (error) {
        // An id Amadeus does not know (404) or will not read (400) is simply not found.
        if (error instanceof AmadeusApiError && (error.status === 404 || error.status === 400)) {
          return null;
        }
        throw error;
      }
      const [activity] = validItems([body.data], amadeusActivitySchema, 'activity');
      if (!activity) {
        throw new AmadeusApiError('unavailable', 'Amadeus answered unexpectedly.', 200, []);
      }
      // A single activity does not say where it is; the city stays unknown.
      return toProviderExperience(activity.value, activity.raw, {
        city: NOT_AVAILABLE,
        currency,
        now: now(),
      });
    },
  };
}
