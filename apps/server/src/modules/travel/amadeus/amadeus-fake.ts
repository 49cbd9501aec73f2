import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '@vowa/shared/travel/travel-rules';
import { greatCircleKm } from '../geo/airports';

/**
 * A local stand-in for Amadeus Self-Service's documented HTTP API, for contract tests and local
 * runs without credentials: OAuth2 client-credentials tokens that expire, Bearer checks with
 * Amadeus's 401 codes (38190 invalid, 38191 missing header, 38192 expired), its error bodies
 * ({errors:[{status, code, title, detail, source}]}), 400s for missing or malformed parameters,
 * and switches for 429 (Retry-After: 0) and 500. Fixture data: JFK→CDG flights on any date, a
 * few hotels and activities in central Paris. Every request is recorded.
 */

export const AMADEUS_FAKE_CLIENT_ID = 'fake-amadeus-client-id';
export const AMADEUS_FAKE_CLIENT_SECRET = 'fake-amadeus-client-secret';

export type RecordedAmadeusRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
};

export type AmadeusFake = {
  baseUrl: string;
  /** Every request, the token endpoint's included, oldest first. */
  requests: RecordedAmadeusRequest[];
  /** Requests other than the token endpoint's. */
  apiRequests: () => RecordedAmadeusRequest[];
  /** How many tokens were issued. */
  tokensIssued: () => number;
  /** The next `count` API requests (after the token check) answer 429 with Retry-After: 0. */
  rateLimitNext: (count: number) => void;
  /** The next `count` API requests answer 500 "system error". */
  failNext: (count: number) => void;
  /** Every token issued so far is expired (the next call with one answers 401 / 38192). */
  expireTokens: () => void;
  /** Lifetime of tokens issued from now on (expires_in), in seconds. */
  setTokenLifetime: (seconds: number) => void;
  /** Flight Offers Price confirms this much more per traveller than the search said. */
  setPricingSurcharge: (amount: number) => void;
  /** Forgets requests, counts and switches; tokens already issued stay valid. */
  reset: () => void;
  close: () => Promise<void>;
};

type Issue = {
  status: number;
  code: number;
  title: string;
  detail?: string;
  source?: { parameter?: string; pointer?: string; example?: string };
};

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly issue: Issue,
    readonly headers: Record<string, string> = {},
  ) {
    super(issue.title);
  }
}

const missing = (parameter: string) =>
  new FakeError(400, {
    status: 400,
    code: 32171,
    title: 'MANDATORY DATA MISSING',
    detail: `Missing mandatory query parameter ${parameter}`,
    source: { parameter },
  });
const invalid = (parameter: string, detail: string, example?: string) =>
  new FakeError(400, {
    status: 400,
    code: 477,
    title: 'INVALID FORMAT',
    detail,
    source: { parameter, ...(example ? { example } : {}) },
  });

function required(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null || value.trim() === '') throw missing(name);
  return value;
}
function isoDateParam(query: URLSearchParams, name: string, fallback?: string): string {
  const value = query.get(name) ?? fallback;
  if (value === undefined) throw missing(name);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalid(name, `${name} must be a date in the YYYY-MM-DD format`, '2026-03-15');
  }
  return value;
}
function integerParam(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback?: number,
) {
  const raw = query.get(name);
  if (raw === null) {
    if (fallback === undefined) throw missing(name);
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(name, `${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}
function coordinateParam(query: URLSearchParams, name: string, limit: number) {
  const value = Number(required(query, name));
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw invalid(name, `${name} must be a number from -${limit} to ${limit}`);
  }
  return value;
}

const money = (value: number) => value.toFixed(2);
const round2 = (value: number) => Math.round(value * 100) / 100;

// ---------- Flights: JFK → CDG on any date ----------

type Leg = {
  carrier: string;
  number: string;
  aircraft: string;
  from: string;
  fromTerminal?: string;
  departs: string;
  to: string;
  toTerminal?: string;
  arrives: string;
  /** Days after the departure date the leg arrives. */
  arrivalDay: number;
  duration: string;
};
type FlightFixture = {
  legs: Leg[];
  duration: string;
  /** Economy fare per traveller, taxes included. */
  fare: number;
  checkedBags: { quantity: number } | { weight: number; weightUnit: string };
  cabinBags?: { quantity: number };
  amenities?: { description: string; isChargeable: boolean; amenityType: string }[];
};

const FLIGHT_FIXTURES: FlightFixture[] = [
  {
    legs: [
      {
        carrier: 'AF',
        number: '7',
        aircraft: '77W',
        from: 'JFK',
        fromTerminal: '1',
        departs: '17:30',
        to: 'CDG',
        toTerminal: '2E',
        arrives: '06:45',
        arrivalDay: 1,
        duration: 'PT7H15M',
      },
    ],
    duration: 'PT7H15M',
    fare: 612.4,
    checkedBags: { quantity: 1 },
    cabinBags: { quantity: 1 },
    amenities: [
      { description: 'MEAL SERVICES', isChargeable: false, amenityType: 'MEAL' },
      { description: 'IN FLIGHT ENTERTAINMENT', isChargeable: false, amenityType: 'ENTERTAINMENT' },
      {
        description: 'PRE RESERVED SEAT ASSIGNMENT',
        isChargeable: true,
        amenityType: 'PRE_RESERVED_SEAT',
      },
    ],
  },
  {
    legs: [
      {
        carrier: 'DL',
        number: '264',
        aircraft: '339',
        from: 'JFK',
        fromTerminal: '4',
        departs: '22:00',
        to: 'CDG',
        toTerminal: '2E',
        arrives: '11:25',
        arrivalDay: 1,
        duration: 'PT7H25M',
      },
    ],
    duration: 'PT7H25M',
    fare: 548.1,
    checkedBags: { weight: 23, weightUnit: 'KG' },
  },
  {
    legs: [
      {
        carrier: 'BA',
        number: '112',
        aircraft: '772',
        from: 'JFK',
        fromTerminal: '8',
        departs: '08:20',
        to: 'LHR',
        toTerminal: '5',
        arrives: '20:25',
        arrivalDay: 0,
        duration: 'PT7H5M',
      },
      {
        carrier: 'BA',
        number: '306',
        aircraft: '320',
        from: 'LHR',
        fromTerminal: '5',
        departs: '21:45',
        to: 'CDG',
        toTerminal: '2A',
        arrives: '23:55',
        arrivalDay: 0,
        duration: 'PT1H10M',
      },
    ],
    duration: 'PT9H35M',
    fare: 431.75,
    checkedBags: { quantity: 0 },
  },
  {
    legs: [
      {
        carrier: 'AF',
        number: '11',
        aircraft: '359',
        from: 'JFK',
        fromTerminal: '1',
        departs: '10:30',
        to: 'CDG',
        toTerminal: '2E',
        arrives: '23:45',
        arrivalDay: 0,
        duration: 'PT7H15M',
      },
    ],
    duration: 'PT7H15M',
    fare: 689,
    checkedBags: { quantity: 1 },
  },
];

const CLASS_FACTORS: Record<string, number> = {
  ECONOMY: 1,
  PREMIUM_ECONOMY: 1.7,
  BUSINESS: 3.6,
  FIRST: 6.2,
};

const FLIGHT_DICTIONARIES = {
  locations: {
    JFK: { cityCode: 'NYC', countryCode: 'US' },
    CDG: { cityCode: 'PAR', countryCode: 'FR' },
    LHR: { cityCode: 'LON', countryCode: 'GB' },
  },
  aircraft: {
    '77W': 'BOEING 777-300ER',
    '339': 'AIRBUS A330-900',
    '359': 'AIRBUS A350-900',
    '772': 'BOEING 777-200',
    '320': 'AIRBUS A320',
  },
  currencies: { EUR: 'EURO', USD: 'US DOLLAR' },
  carriers: { AF: 'AIR FRANCE', DL: 'DELTA AIR LINES', BA: 'BRITISH AIRWAYS' },
};

type FlightSearch = { date: string; adults: number; cabin: string; currency: string };

function flightOffer(
  fixture: FlightFixture,
  search: FlightSearch,
  id: string,
  perTraveller: number,
) {
  const segments = fixture.legs.map((leg, index) => ({
    departure: {
      iataCode: leg.from,
      ...(leg.fromTerminal ? { terminal: leg.fromTerminal } : {}),
      at: `${search.date}T${leg.departs}:00`,
    },
    arrival: {
      iataCode: leg.to,
      ...(leg.toTerminal ? { terminal: leg.toTerminal } : {}),
      at: `${addDays(search.date, leg.arrivalDay)}T${leg.arrives}:00`,
    },
    carrierCode: leg.carrier,
    number: leg.number,
    aircraft: { code: leg.aircraft },
    operating: { carrierCode: leg.carrier },
    duration: leg.duration,
    id: String(Number(id) * 10 + index),
    numberOfStops: 0,
    blacklistedInEU: false,
  }));
  const total = round2(perTraveller * search.adults);
  const travellerBase = round2(perTraveller * 0.78);
  return {
    type: 'flight-offer',
    id,
    source: 'GDS',
    instantTicketingRequired: false,
    nonHomogeneous: false,
    oneWay: false,
    isUpsellOffer: false,
    lastTicketingDate: search.date,
    lastTicketingDateTime: search.date,
    numberOfBookableSeats: 9,
    itineraries: [{ duration: fixture.duration, segments }],
    price: {
      currency: search.currency,
      total: money(total),
      base: money(round2(travellerBase * search.adults)),
      fees: [
        { amount: '0.00', type: 'SUPPLIER' },
        { amount: '0.00', type: 'TICKETING' },
      ],
      grandTotal: money(total),
    },
    pricingOptions: { fareType: ['PUBLISHED'], includedCheckedBagsOnly: false },
    validatingAirlineCodes: [fixture.legs[0]?.carrier ?? 'AF'],
    travelerPricings: Array.from({ length: search.adults }, (_, traveller) => ({
      travelerId: String(traveller + 1),
      fareOption: 'STANDARD',
      travelerType: 'ADULT',
      price: {
        currency: search.currency,
        total: money(perTraveller),
        base: money(travellerBase),
      },
      fareDetailsBySegment: segments.map((segment) => ({
        segmentId: segment.id,
        cabin: search.cabin,
        fareBasis: `${search.cabin.charAt(0)}LOWFARE`,
        class: search.cabin.charAt(0),
        includedCheckedBags: fixture.checkedBags,
        ...(fixture.cabinBags ? { includedCabinBags: fixture.cabinBags } : {}),
        ...(fixture.amenities ? { amenities: fixture.amenities } : {}),
      })),
    })),
  };
}

/** The day's offers, cheapest first, with ids 1, 2, 3… as Amadeus numbers them. */
function flightOffers(search: FlightSearch) {
  const factor = CLASS_FACTORS[search.cabin] ?? 1;
  return FLIGHT_FIXTURES.map((fixture) => ({
    fixture,
    perTraveller: round2(fixture.fare * factor),
  }))
    .sort((a, b) => a.perTraveller - b.perTraveller)
    .map(({ fixture, perTraveller }, index) =>
      flightOffer(fixture, search, String(index + 1), perTraveller),
    );
}

const segmentSignature = (offer: unknown) =>
  JSON.stringify(
    ((offer as { itineraries?: { segments?: unknown[] }[] }).itineraries ?? []).map((itinerary) =>
      (itinerary.segments ?? []).map((segment) => {
        const { carrierCode, number, departure } = segment as {
          carrierCode?: string;
          number?: string;
          departure?: { at?: string };
        };
        return `${carrierCode}${number}@${departure?.at}`;
      }),
    ),
  );

// ---------- Hotels: central Paris ----------

type RoomFixture = {
  category: string;
  code: string;
  beds: number;
  bedType: string;
  description: string;
  nightly: number;
};
type HotelFixture = {
  hotelId: string;
  name: string;
  chainCode: string;
  latitude: number;
  longitude: number;
  address: Record<string, unknown>;
  rating?: string;
  rooms: RoomFixture[];
  taxShare: number;
  /** How the offers state their price and conditions (the variants Amadeus answers with). */
  style: 'deadline' | 'non-refundable' | 'average-only';
};

const HOTEL_FIXTURES: HotelFixture[] = [
  {
    hotelId: 'HLPAR266',
    name: 'HILTON PARIS OPERA',
    chainCode: 'HL',
    latitude: 48.87567,
    longitude: 2.32639,
    address: {
      lines: ['108 RUE SAINT-LAZARE'],
      postalCode: '75008',
      cityName: 'PARIS',
      countryCode: 'FR',
    },
    rating: '4',
    rooms: [
      {
        category: 'STANDARD_ROOM',
        code: 'A1K',
        beds: 1,
        bedType: 'KING',
        description: 'FLEXIBLE RATE\nKING GUEST ROOM\nCOMPLIMENTARY WIFI',
        nightly: 240,
      },
      {
        category: 'DELUXE_ROOM',
        code: 'B1K',
        beds: 1,
        bedType: 'KING',
        description: 'FLEXIBLE RATE\nDELUXE KING ROOM WITH CITY VIEW',
        nightly: 320,
      },
      {
        category: 'SUITE',
        code: 'S1K',
        beds: 1,
        bedType: 'KING',
        description: 'FLEXIBLE RATE\nJUNIOR SUITE WITH LOUNGE ACCESS',
        nightly: 560,
      },
    ],
    taxShare: 0.1,
    style: 'deadline',
  },
  {
    hotelId: 'ACPAR419',
    name: 'LE NOTRE DAME',
    chainCode: 'AC',
    latitude: 48.85306,
    longitude: 2.34654,
    address: { countryCode: 'FR' },
    rooms: [
      {
        category: 'STANDARD_ROOM',
        code: 'C2T',
        beds: 2,
        bedType: 'TWIN',
        description: 'ADVANCE PURCHASE\nTWIN ROOM',
        nightly: 150,
      },
    ],
    taxShare: 0.05,
    style: 'non-refundable',
  },
  {
    hotelId: 'MCPARCHE',
    name: 'PARIS MARRIOTT CHAMPS ELYSEES HOTEL',
    chainCode: 'MC',
    latitude: 48.8712,
    longitude: 2.303,
    address: { lines: ['70 AVENUE DES CHAMPS ELYSEES'], postalCode: '75008', countryCode: 'FR' },
    rating: '5',
    rooms: [
      {
        category: 'DELUXE_ROOM',
        code: 'D1K',
        beds: 1,
        bedType: 'KING',
        description: 'DELUXE ROOM, 1 KING',
        nightly: 410,
      },
      {
        category: 'EXECUTIVE_SUITE',
        code: 'E1K',
        beds: 1,
        bedType: 'KING',
        description: 'EXECUTIVE SUITE, 1 KING, LIVING ROOM',
        nightly: 780,
      },
    ],
    taxShare: 0.12,
    style: 'average-only',
  },
  {
    hotelId: 'XKPAR001',
    name: 'HOTEL COMPLET',
    chainCode: 'XK',
    latitude: 48.8606,
    longitude: 2.3522,
    address: { countryCode: 'FR' },
    rooms: [],
    taxShare: 0,
    style: 'deadline',
  },
];

type Stay = { checkIn: string; checkOut: string; adults: number; currency: string };

function offerId(hotel: HotelFixture, room: RoomFixture, stay: Stay) {
  return createHash('sha1')
    .update(`${hotel.hotelId}|${room.code}|${stay.checkIn}|${stay.checkOut}|${stay.adults}`)
    .digest('hex')
    .slice(0, 10)
    .toUpperCase();
}

function hotelOffer(hotel: HotelFixture, room: RoomFixture, stay: Stay, baseUrl: string) {
  const nights = Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000);
  const base = round2(room.nightly * nights);
  const taxes = round2(base * hotel.taxShare);
  const total = round2(base + taxes);
  const id = offerId(hotel, room, stay);
  const price =
    hotel.style === 'average-only'
      ? {
          currency: stay.currency,
          total: money(total),
          taxes: [
            { code: 'TOTAL_TAX', amount: money(taxes), currency: stay.currency, included: true },
          ],
          variations: { average: { base: money(room.nightly) } },
        }
      : {
          currency: stay.currency,
          base: money(base),
          total: money(total),
          variations: {
            average: { base: money(room.nightly) },
            changes: [{ startDate: stay.checkIn, endDate: stay.checkOut, total: money(total) }],
          },
        };
  const policies =
    hotel.style === 'deadline'
      ? {
          paymentType: 'guarantee',
          cancellations: [
            {
              deadline: `${addDays(stay.checkIn, -2)}T23:59:00+01:00`,
              amount: money(room.nightly),
            },
          ],
          checkInOut: { checkIn: '14:00:00', checkOut: '12:00:00' },
        }
      : hotel.style === 'non-refundable'
        ? {
            paymentType: 'deposit',
            cancellation: {
              type: 'FULL_STAY',
              description: { text: 'NON REFUNDABLE RATE', lang: 'EN' },
            },
          }
        : { paymentType: 'guarantee' };
  return {
    type: 'hotel-offer',
    id,
    checkInDate: stay.checkIn,
    checkOutDate: stay.checkOut,
    rateCode: 'RAC',
    rateFamilyEstimated: { code: 'RAC', type: 'P' },
    ...(hotel.style === 'non-refundable' ? { boardType: 'BREAKFAST' } : {}),
    room: {
      type: room.code,
      typeEstimated: { category: room.category, beds: room.beds, bedType: room.bedType },
      description: { text: room.description, lang: 'EN' },
    },
    guests: { adults: stay.adults },
    price,
    policies,
    self: `${baseUrl}/v3/shopping/hotel-offers/${id}`,
  };
}

// ---------- Activities: central Paris ----------

const ACTIVITIES = [
  {
    id: '3216547684',
    type: 'activity',
    name: 'Skip-the-line tickets to the Louvre Museum',
    shortDescription: 'See the Mona Lisa without the queue.',
    description:
      '<p>Skip the line at the <b>Louvre</b> &amp; meet the Mona Lisa.</p><ul><li>Reserved entrance</li><li>Audio guide</li></ul>',
    geoCode: { latitude: '48.860600', longitude: '2.337600' },
    rating: '4.600000',
    pictures: [
      'https://images.example.test/louvre-1.jpg',
      'http://images.example.test/louvre-2.jpg',
    ],
    bookingLink: 'https://b2c.example.test/c/louvre',
    price: { currencyCode: 'EUR', amount: '22.00' },
    minimumDuration: '3 hours',
  },
  {
    id: '56777',
    type: 'activity',
    name: 'Seine River dinner cruise',
    shortDescription: 'A three-course dinner on the Seine.',
    geoCode: { latitude: '48.857800', longitude: '2.295100' },
    rating: '4.300000',
    pictures: ['https://images.example.test/seine.jpg'],
    bookingLink: 'https://b2c.example.test/c/seine',
    price: { currencyCode: 'EUR', amount: '89.00' },
    minimumDuration: '2 hours 30 minutes',
  },
  {
    id: '4429221',
    type: 'activity',
    name: 'Montmartre walking tour',
    shortDescription: 'Cobbled streets, the Sacré-Cœur and the painters of the Place du Tertre.',
    geoCode: { latitude: '48.886700', longitude: '2.343100' },
    rating: '4.200000',
    pictures: [],
    bookingLink: 'https://b2c.example.test/c/montmartre',
    price: { currencyCode: 'EUR', amount: '25.50' },
    minimumDuration: '2 hours',
  },
  {
    id: '7788990',
    type: 'activity',
    name: 'Eiffel Tower summit access',
    geoCode: { latitude: '48.858400', longitude: '2.294500' },
    rating: '4.800000',
    bookingLink: 'https://b2c.example.test/c/eiffel',
  },
];

// ---------- The server ----------

export async function startAmadeusFake(
  options: { clientId?: string; clientSecret?: string; tokenLifetimeSeconds?: number } = {},
): Promise<AmadeusFake> {
  const clientId = options.clientId ?? AMADEUS_FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? AMADEUS_FAKE_CLIENT_SECRET;
  const requests: RecordedAmadeusRequest[] = [];
  const tokens = new Map<string, { expiresAt: number }>();
  let tokenLifetime = options.tokenLifetimeSeconds ?? 1799;
  let issued = 0;
  let rateLimited = 0;
  let failing = 0;
  let pricingSurcharge = 0;
  let baseUrl = '';

  function issueToken(form: URLSearchParams) {
    if (form.get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: {
          error: 'unsupported_grant_type',
          error_description:
            'Only client_credentials value is allowed for the body parameter grant_type',
          code: 38187,
          title: 'Invalid parameters',
        },
      };
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return {
        status: 401,
        body: {
          error: 'invalid_client',
          error_description: 'Client credentials are invalid',
          code: 38187,
          title: 'Invalid parameters',
        },
      };
    }
    const accessToken = randomBytes(18).toString('base64url');
    tokens.set(accessToken, { expiresAt: Date.now() + tokenLifetime * 1000 });
    issued += 1;
    return {
      status: 200,
      body: {
        type: 'amadeusOAuth2Token',
        username: 'developer@example.test',
        application_name: 'Vowa',
        client_id: clientId,
        token_type: 'Bearer',
        access_token: accessToken,
        expires_in: tokenLifetime,
        state: 'approved',
        scope: '',
      },
    };
  }

  function checkToken(header: string | undefined) {
    const match = /^Bearer (\S+)$/.exec(header ?? '');
    const unauthorized = (code: number, title: string, detail: string) =>
      new FakeError(401, { status: 401, code, title, detail });
    if (!match?.[1]) {
      throw unauthorized(
        38191,
        'Invalid HTTP header',
        'Missing or invalid format for mandatory Authorization header',
      );
    }
    const known = tokens.get(match[1]);
    if (!known) {
      throw unauthorized(
        38190,
        'Invalid access token',
        'The access token provided in the Authorization header is invalid',
      );
    }
    if (known.expiresAt <= Date.now()) {
      throw unauthorized(38192, 'Access token expired', 'The access token is expired');
    }
  }

  function searchFlights(query: URLSearchParams) {
    const origin = required(query, 'originLocationCode');
    const destination = required(query, 'destinationLocationCode');
    const date = isoDateParam(query, 'departureDate');
    const adults = integerParam(query, 'adults', 1, 9);
    const cabin = query.get('travelClass') ?? 'ECONOMY';
    if (!(cabin in CLASS_FACTORS)) {
      throw invalid(
        'travelClass',
        'travelClass must be ECONOMY, PREMIUM_ECONOMY, BUSINESS or FIRST',
      );
    }
    const max = integerParam(query, 'max', 1, 250, 250);
    const currency = query.get('currencyCode') ?? 'EUR';
    const offers =
      origin === 'JFK' && destination === 'CDG'
        ? flightOffers({ date, adults, cabin, currency })
            .filter(
              (offer) =>
                query.get('nonStop') !== 'true' || offer.itineraries[0]?.segments.length === 1,
            )
            .slice(0, max)
        : [];
    return {
      meta: { count: offers.length, links: { self: `${baseUrl}/v2/shopping/flight-offers` } },
      data: offers,
      dictionaries: FLIGHT_DICTIONARIES,
    };
  }

  function priceFlight(headers: IncomingMessage['headers'], rawBody: string) {
    if (String(headers['x-http-method-override'] ?? '').toUpperCase() !== 'GET') {
      throw new FakeError(400, {
        status: 400,
        code: 32171,
        title: 'MANDATORY DATA MISSING',
        detail: 'X-HTTP-Method-Override header is mandatory',
        source: { parameter: 'X-HTTP-Method-Override' },
      });
    }
    let body: { data?: { type?: string; flightOffers?: unknown[] } };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      throw new FakeError(400, {
        status: 400,
        code: 477,
        title: 'INVALID FORMAT',
        detail: 'Body is not JSON',
      });
    }
    const offered = body.data?.flightOffers?.[0] as
      | {
          itineraries?: { segments?: { departure?: { at?: string } }[] }[];
          travelerPricings?: unknown[];
          price?: { currency?: string };
        }
      | undefined;
    if (body.data?.type !== 'flight-offers-pricing' || !offered) {
      throw new FakeError(400, {
        status: 400,
        code: 32171,
        title: 'MANDATORY DATA MISSING',
        detail: 'data.type must be flight-offers-pricing with one flight offer',
        source: { pointer: '/data/flightOffers' },
      });
    }
    const at = offered.itineraries?.[0]?.segments?.[0]?.departure?.at ?? '';
    const cabin =
      (offered.travelerPricings?.[0] as { fareDetailsBySegment?: { cabin?: string }[] } | undefined)
        ?.fareDetailsBySegment?.[0]?.cabin ?? 'ECONOMY';
    const search: FlightSearch = {
      date: at.slice(0, 10),
      adults: Math.max(1, offered.travelerPricings?.length ?? 1),
      cabin,
      currency: offered.price?.currency ?? 'EUR',
    };
    const match = /^\d{4}-\d{2}-\d{2}$/.test(search.date)
      ? flightOffers(search).find((offer) => segmentSignature(offer) === segmentSignature(offered))
      : undefined;
    if (!match) {
      throw new FakeError(400, {
        status: 400,
        code: 4926,
        title: 'INVALID DATA RECEIVED',
        detail: 'No fare applicable',
        source: { pointer: '/data/flightOffers[0]' },
      });
    }
    const perTraveller = round2(
      Number(match.travelerPricings[0]?.price.total ?? 0) + pricingSurcharge,
    );
    const total = money(round2(perTraveller * search.adults));
    // As in Amadeus's own example, the priced itinerary does not repeat its duration.
    const priced = {
      ...match,
      id: (offered as { id?: string }).id ?? match.id,
      itineraries: match.itineraries.map(({ segments }) => ({ segments })),
      price: { ...match.price, total, grandTotal: total, billingCurrency: search.currency },
      travelerPricings: match.travelerPricings.map((pricing) => ({
        ...pricing,
        price: { ...pricing.price, total: money(perTraveller) },
      })),
    };
    return {
      data: {
        type: 'flight-offers-pricing',
        flightOffers: [priced],
        bookingRequirements: { emailAddressRequired: true, mobilePhoneNumberRequired: true },
      },
      dictionaries: { locations: FLIGHT_DICTIONARIES.locations },
    };
  }

  function priceMetrics(query: URLSearchParams) {
    const origin = required(query, 'originIataCode');
    const destination = required(query, 'destinationIataCode');
    const date = isoDateParam(query, 'departureDate');
    const currency = query.get('currencyCode') ?? 'EUR';
    if (origin !== 'JFK' || destination !== 'CDG') return { data: [] };
    const quartiles: [string, number][] = [
      ['MINIMUM', 298.1],
      ['FIRST', 455.2],
      ['MEDIUM', 540.25],
      ['THIRD', 690.8],
      ['MAXIMUM', 1210],
    ];
    return {
      meta: { count: 1 },
      data: [
        {
          type: 'itinerary-price-metric',
          origin: { iataCode: origin },
          destination: { iataCode: destination },
          departureDate: date,
          transportType: 'FLIGHT',
          currencyCode: currency,
          oneWay: query.get('oneWay') === 'true',
          priceMetrics: quartiles.map(([quartileRanking, amount]) => ({
            amount: money(amount),
            quartileRanking,
          })),
        },
      ],
    };
  }

  function hotelsByGeocode(query: URLSearchParams) {
    const point = {
      latitude: coordinateParam(query, 'latitude', 90),
      longitude: coordinateParam(query, 'longitude', 180),
    };
    const radius = integerParam(query, 'radius', 1, 300, 5);
    const unit = query.get('radiusUnit') ?? 'KM';
    if (unit !== 'KM' && unit !== 'MILE')
      throw invalid('radiusUnit', 'radiusUnit must be KM or MILE');
    const limitKm = unit === 'MILE' ? radius * 1.609 : radius;
    const data = HOTEL_FIXTURES.map((hotel) => ({ hotel, distance: greatCircleKm(point, hotel) }))
      .filter(({ distance }) => distance <= limitKm)
      .sort((a, b) => a.distance - b.distance)
      .map(({ hotel, distance }) => ({
        chainCode: hotel.chainCode,
        iataCode: 'PAR',
        dupeId: 700_100_000 + HOTEL_FIXTURES.indexOf(hotel),
        name: hotel.name,
        hotelId: hotel.hotelId,
        geoCode: { latitude: hotel.latitude, longitude: hotel.longitude },
        address: hotel.address,
        ...(hotel.rating ? { rating: Number(hotel.rating) } : {}),
        distance: { value: Math.round(distance * 100) / 100, unit: 'KM' },
        lastUpdate: '2026-01-10T10:00:00',
      }));
    return { data, meta: { count: data.length } };
  }

  function hotelOffers(query: URLSearchParams) {
    const ids = required(query, 'hotelIds')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (ids.length > 20) throw invalid('hotelIds', 'At most 20 hotelIds');
    const adults = integerParam(query, 'adults', 1, 9);
    const today = new Date().toISOString().slice(0, 10);
    const checkIn = isoDateParam(query, 'checkInDate', today);
    const checkOut = isoDateParam(query, 'checkOutDate', addDays(checkIn, 1));
    if (checkOut <= checkIn) {
      throw new FakeError(400, {
        status: 400,
        code: 404,
        title: 'CHECK_OUT DATE MUST BE FURTHER IN THE FUTURE THAN CHECK-IN DATE',
        source: { parameter: 'checkOutDate' },
      });
    }
    const stay: Stay = { checkIn, checkOut, adults, currency: query.get('currency') ?? 'EUR' };
    const bestRateOnly = query.get('bestRateOnly') !== 'false';
    const data = HOTEL_FIXTURES.filter(
      (hotel) => ids.includes(hotel.hotelId) && hotel.rooms.length > 0,
    ).map((hotel) => {
      const offers = hotel.rooms
        .map((room) => hotelOffer(hotel, room, stay, baseUrl))
        .sort((a, b) => Number(a.price.total) - Number(b.price.total));
      return {
        type: 'hotel-offers',
        hotel: {
          type: 'hotel',
          hotelId: hotel.hotelId,
          chainCode: hotel.chainCode,
          dupeId: String(700_100_000 + HOTEL_FIXTURES.indexOf(hotel)),
          name: hotel.name,
          cityCode: 'PAR',
          latitude: hotel.latitude,
          longitude: hotel.longitude,
        },
        available: true,
        offers: bestRateOnly ? offers.slice(0, 1) : offers,
        self: `${baseUrl}/v3/shopping/hotel-offers?hotelIds=${hotel.hotelId}`,
      };
    });
    if (data.length === 0) {
      throw new FakeError(400, {
        status: 400,
        code: 3664,
        title: 'NO ROOMS AVAILABLE AT REQUESTED PROPERTY',
        source: { parameter: 'hotelIds' },
      });
    }
    return { data };
  }

  function activities(query: URLSearchParams) {
    const point = {
      latitude: coordinateParam(query, 'latitude', 90),
      longitude: coordinateParam(query, 'longitude', 180),
    };
    const radius = integerParam(query, 'radius', 0, 20, 1);
    const data = ACTIVITIES.filter(
      (activity) =>
        greatCircleKm(point, {
          latitude: Number(activity.geoCode.latitude),
          longitude: Number(activity.geoCode.longitude),
        }) <= radius,
    ).map((activity) => ({
      ...activity,
      self: { href: `${baseUrl}/v1/shopping/activities/${activity.id}`, methods: ['GET'] },
    }));
    return { meta: { count: String(data.length) }, data };
  }

  function activity(id: string) {
    const found = ACTIVITIES.find((candidate) => candidate.id === id);
    if (!found) {
      throw new FakeError(404, {
        status: 404,
        code: 1797,
        title: 'NOT FOUND',
        detail: 'no response found for this query parameter',
      });
    }
    return {
      meta: { self: `${baseUrl}/v1/shopping/activities/${id}` },
      data: {
        ...found,
        self: { href: `${baseUrl}/v1/shopping/activities/${id}`, methods: ['GET'] },
      },
    };
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    request: RecordedAmadeusRequest,
  ) {
    if (method === 'GET' && path === '/v2/shopping/flight-offers') return searchFlights(query);
    if (method === 'POST' && path === '/v1/shopping/flight-offers/pricing') {
      return priceFlight(request.headers, request.body);
    }
    if (method === 'GET' && path === '/v1/analytics/itinerary-price-metrics')
      return priceMetrics(query);
    if (method === 'GET' && path === '/v1/reference-data/locations/hotels/by-geocode') {
      return hotelsByGeocode(query);
    }
    if (method === 'GET' && path === '/v3/shopping/hotel-offers') return hotelOffers(query);
    if (method === 'GET' && path === '/v1/shopping/activities') return activities(query);
    const one = /^\/v1\/shopping\/activities\/([^/]+)$/.exec(path);
    if (method === 'GET' && one?.[1]) return activity(decodeURIComponent(one[1]));
    throw new FakeError(404, {
      status: 404,
      code: 38196,
      title: 'Resource not found',
      detail: 'The targeted resource does not exist',
    });
  }

  function answer(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/vnd.amadeus+json', ...headers });
    response.end(JSON.stringify(body));
  }

  function handle(request: IncomingMessage, response: ServerResponse, rawBody: string) {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const method = request.method ?? 'GET';
    const recorded: RecordedAmadeusRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: rawBody,
    };
    requests.push(recorded);

    if (url.pathname === '/v1/security/oauth2/token' && method === 'POST') {
      const isForm = String(request.headers['content-type'] ?? '').includes(
        'application/x-www-form-urlencoded',
      );
      const result = isForm
        ? issueToken(new URLSearchParams(rawBody))
        : {
            status: 400,
            body: {
              error: 'invalid_request',
              error_description: 'Mandatory grant_type form parameter missing',
              code: 38187,
              title: 'Invalid parameters',
            },
          };
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.body));
      return;
    }

    try {
      checkToken(request.headers.authorization);
      if (rateLimited > 0) {
        rateLimited -= 1;
        throw new FakeError(
          429,
          {
            status: 429,
            code: 38194,
            title: 'Too many requests',
            detail: 'The network rate limit is exceeded, please try again later',
          },
          { 'retry-after': '0' },
        );
      }
      if (failing > 0) {
        failing -= 1;
        throw new FakeError(500, { status: 500, code: 141, title: 'SYSTEM ERROR HAS OCCURRED' });
      }
      answer(response, 200, route(method, url.pathname, url.searchParams, recorded));
    } catch (error) {
      if (error instanceof FakeError) {
        answer(response, error.status, { errors: [error.issue] }, error.headers);
        return;
      }
      answer(response, 500, {
        errors: [
          { status: 500, code: 141, title: 'SYSTEM ERROR HAS OCCURRED', detail: String(error) },
        ],
      });
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    apiRequests: () => requests.filter((entry) => entry.path !== '/v1/security/oauth2/token'),
    tokensIssued: () => issued,
    rateLimitNext: (count) => {
      rateLimited = count;
    },
    failNext: (count) => {
      failing = count;
    },
    expireTokens: () => {
      for (const entry of tokens.values()) entry.expiresAt = 0;
    },
    setTokenLifetime: (seconds) => {
      tokenLifetime = seconds;
    },
    setPricingSurcharge: (amount) => {
      pricingSurcharge = amount;
    },
    reset: () => {
      requests.length = 0;
      issued = 0;
      rateLimited = 0;
      failing = 0;
      pricingSurcharge = 0;
      tokenLifetime = options.tokenLifetimeSeconds ?? 1799;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
