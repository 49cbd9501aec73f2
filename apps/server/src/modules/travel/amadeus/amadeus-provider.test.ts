import {
  experienceSchema,
  flightSchema,
  hotelSchema,
  type Airport,
} from '@vowa/shared/travel/travel-schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TravelProviderError,
  type FlightQuery,
  type Place,
  type ProviderFlight,
} from '../travel-provider';
import {
  AMADEUS_FAKE_CLIENT_ID,
  AMADEUS_FAKE_CLIENT_SECRET,
  startAmadeusFake,
  type AmadeusFake,
} from './amadeus-fake';
import { createAmadeusProvider, type AmadeusProviderOptions } from './amadeus-provider';

const AIRPORTS: Record<string, Airport> = {
  JFK: {
    code: 'JFK',
    name: 'John F Kennedy International Airport',
    city: 'New York',
    country: 'United States',
    countryCode: 'US',
    latitude: 40.639751,
    longitude: -73.778925,
    timezone: 'America/New_York',
  },
  CDG: {
    code: 'CDG',
    name: 'Charles de Gaulle International Airport',
    city: 'Paris',
    country: 'France',
    countryCode: 'FR',
    latitude: 49.012779,
    longitude: 2.55,
    timezone: 'Europe/Paris',
  },
  LHR: {
    code: 'LHR',
    name: 'London Heathrow Airport',
    city: 'London',
    country: 'United Kingdom',
    countryCode: 'GB',
    latitude: 51.4706,
    longitude: -0.461941,
    timezone: 'Europe/London',
  },
};
const JFK = AIRPORTS.JFK as Airport;
const CDG = AIRPORTS.CDG as Airport;
const PARIS: Place = {
  name: 'Paris',
  state: null,
  country: 'France',
  countryCode: 'FR',
  latitude: 48.8566,
  longitude: 2.3522,
  timezone: 'Europe/Paris',
  airportCode: 'CDG',
};
const DATE = '2030-03-15';
const START = new Date('2030-02-01T10:00:00Z');

// The shapes the service presents, minus the quote it adds.
const providerFlightShape = flightSchema.omit({ quote: true });
const providerHotelShape = hotelSchema.omit({ quote: true });
const providerExperienceShape = experienceSchema.omit({ quote: true });

let fake: AmadeusFake;
beforeAll(async () => {
  fake = await startAmadeusFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function setup(overrides: Partial<AmadeusProviderOptions> = {}) {
  const logged: unknown[][] = [];
  const waits: number[] = [];
  let clock = START.getTime();
  const provider = createAmadeusProvider({
    clientId: AMADEUS_FAKE_CLIENT_ID,
    clientSecret: AMADEUS_FAKE_CLIENT_SECRET,
    baseUrl: fake.baseUrl,
    currency: 'EUR',
    log: { warn: (...args) => void logged.push(args) },
    lookupAirport: (code) => AIRPORTS[code] ?? null,
    airlineName: (code) => ({ AF: 'Air France', DL: 'Delta Air Lines' })[code] ?? null,
    aircraftName: () => null,
    now: () => new Date(clock),
    retryDelayMs: 0,
    requestSpacingMs: 0,
    wait: async (ms) => void waits.push(ms),
    ...overrides,
  });
  return {
    provider,
    logged,
    waits,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const flightQuery = (overrides: Partial<FlightQuery> = {}): FlightQuery => ({
  origin: JFK,
  destination: CDG,
  departureDate: DATE,
  adults: 2,
  travelClass: 'economy',
  ...overrides,
});

const hotelQuery = {
  place: PARIS,
  checkIn: DATE,
  checkOut: '2030-03-18',
  adults: 2,
  roomType: 'deluxe' as const,
};

async function rejection(promise: Promise<unknown>): Promise<TravelProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TravelProviderError);
  return error as TravelProviderError;
}

const bearerOf = (index: number) => fake.apiRequests()[index]?.headers.authorization;

describe('Amadeus client: tokens, retries and errors', () => {
  it('fetches one token with the client credentials and reuses it', async () => {
    const { provider } = setup();
    await Promise.all([
      provider.searchExperiences({ place: PARIS }),
      provider.searchExperiences({ place: PARIS }),
    ]);
    await provider.searchHotels(hotelQuery);

    expect(fake.tokensIssued()).toBe(1);
    const tokenRequest = fake.requests[0];
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.path).toBe('/v1/security/oauth2/token');
    expect(tokenRequest?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: AMADEUS_FAKE_CLIENT_ID,
      client_secret: AMADEUS_FAKE_CLIENT_SECRET,
    });
    const bearers = new Set(fake.apiRequests().map((request) => request.headers.authorization));
    expect(bearers.size).toBe(1);
    expect(bearerOf(0)).toMatch(/^Bearer \S+$/);
  });

  it('renews the token shortly before it expires, without waiting for a 401', async () => {
    const { provider, advance } = setup();
    await provider.searchExperiences({ place: PARIS });
    advance(1_799_000 - 30_000); // within the last minute of a 1799 s token
    await provider.searchExperiences({ place: PARIS });

    expect(fake.tokensIssued()).toBe(2);
    expect(fake.apiRequests()).toHaveLength(2);
    expect(bearerOf(0)).not.toBe(bearerOf(1));
  });

  it('replaces an expired token once and retries the call', async () => {
    const { provider, logged } = setup();
    await provider.searchExperiences({ place: PARIS });
    fake.expireTokens();
    const found = await provider.searchExperiences({ place: PARIS });

    expect(found).toHaveLength(4);
    expect(fake.tokensIssued()).toBe(2);
    expect(fake.apiRequests()).toHaveLength(3); // ok, 401 (38192), retried
    expect(logged).toContainEqual([
      expect.objectContaining({ status: 401, code: 38192 }),
      expect.any(String),
    ]);
  });

  it('gives up as unavailable when a fresh token is refused too', async () => {
    const { provider } = setup({
      fetchImpl: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), authorization: 'Bearer forged' },
        }),
    });
    const error = await rejection(provider.searchExperiences({ place: PARIS }));

    expect(error.kind).toBe('unavailable');
    expect(fake.tokensIssued()).toBe(2);
    expect(fake.apiRequests()).toHaveLength(2);
  });

  it('refuses wrong credentials as unavailable', async () => {
    const { provider, logged } = setup({ clientSecret: 'not-the-secret' });
    const error = await rejection(provider.searchExperiences({ place: PARIS }));

    expect(error.kind).toBe('unavailable');
    expect(fake.apiRequests()).toHaveLength(0);
    expect(logged).toContainEqual([
      expect.objectContaining({ status: 401, error: 'invalid_client' }),
      expect.any(String),
    ]);
  });

  it('retries a 429 once after Retry-After, then succeeds', async () => {
    const { provider, waits } = setup();
    fake.rateLimitNext(1);
    const found = await provider.searchExperiences({ place: PARIS });

    expect(found).toHaveLength(4);
    expect(waits).toEqual([0]); // the fake's Retry-After: 0
    expect(fake.apiRequests()).toHaveLength(2);
  });

  it('waits the configured pause when a 429 names no Retry-After', async () => {
    const { provider, waits } = setup({
      retryDelayMs: 250,
      fetchImpl: async (input, init) => {
        const response = await fetch(input, init);
        if (response.status !== 429) return response;
        return new Response(await response.text(), { status: 429 });
      },
    });
    fake.rateLimitNext(1);
    await provider.searchExperiences({ place: PARIS });

    expect(waits).toEqual([250]);
  });

  it('reports a persistent 429 as busy', async () => {
    const { provider } = setup();
    fake.rateLimitNext(10);
    const error = await rejection(provider.searchExperiences({ place: PARIS }));

    expect(error.kind).toBe('busy');
    expect(fake.apiRequests()).toHaveLength(2); // one try, one retry
  });

  it('reports a 500 as unavailable, without retrying', async () => {
    const { provider } = setup();
    fake.failNext(1);
    const error = await rejection(provider.searchExperiences({ place: PARIS }));

    expect(error.kind).toBe('unavailable');
    expect(fake.apiRequests()).toHaveLength(1);
  });

  it('reports a network failure as unavailable', async () => {
    const { provider, logged } = setup({
      fetchImpl: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await rejection(provider.searchExperiences({ place: PARIS }));

    expect(error.kind).toBe('unavailable');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('reports a 400 as rejected, with Amadeus’s detail', async () => {
    const { provider } = setup();
    const error = await rejection(
      provider.searchFlights(flightQuery({ departureDate: '15/03/2030' })),
    );

    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('departureDate must be a date in the YYYY-MM-DD format');
  });

  it('reports an answer of an unexpected shape as unavailable, never a crash', async () => {
    const { provider } = setup({
      fetchImpl: async (input, init) => {
        const response = await fetch(input, init);
        if (new URL(String(input)).pathname.endsWith('/token')) return response;
        return Response.json({ data: 'surprise' });
      },
    });
    const error = await rejection(provider.searchHotels(hotelQuery));

    expect(error.kind).toBe('unavailable');
  });

  it('skips a single malformed offer and keeps the rest', async () => {
    const { provider, logged } = setup({
      fetchImpl: async (input, init) => {
        const response = await fetch(input, init);
        if (!new URL(String(input)).pathname.endsWith('/flight-offers')) return response;
        const body = (await response.json()) as { data: unknown[] };
        return Response.json({ ...body, data: [{ id: 'broken' }, ...body.data] });
      },
    });
    const flights = await provider.searchFlights(flightQuery());

    expect(flights).toHaveLength(4);
    expect(logged).toContainEqual([
      expect.objectContaining({ what: 'flight offer', skipped: 1 }),
      expect.any(String),
    ]);
  });

  it('never logs the client secret or an access token', async () => {
    const { provider, logged } = setup();
    await provider.searchExperiences({ place: PARIS });
    fake.expireTokens();
    fake.rateLimitNext(1);
    await provider.searchExperiences({ place: PARIS });
    fake.failNext(1);
    const failure = await rejection(provider.searchHotels(hotelQuery));
    await rejection(provider.searchFlights(flightQuery({ departureDate: 'soon' })));

    const tokens = [
      ...new Set(
        fake
          .apiRequests()
          .map((request) => request.headers.authorization?.replace('Bearer ', ''))
          .filter((token): token is string => !!token),
      ),
    ];
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(logged.length).toBeGreaterThanOrEqual(4);
    const written = JSON.stringify(logged) + failure.message;
    expect(written).not.toContain(AMADEUS_FAKE_CLIENT_SECRET);
    for (const token of tokens) expect(written).not.toContain(token);
  });
});

describe('Amadeus flights', () => {
  it('maps offers: per-person price, duration, stops, local times and names', async () => {
    const { provider } = setup();
    const flights = await provider.searchFlights(flightQuery());

    const search = fake
      .apiRequests()
      .find((request) => request.path === '/v2/shopping/flight-offers');
    expect(search?.query).toEqual({
      originLocationCode: 'JFK',
      destinationLocationCode: 'CDG',
      departureDate: DATE,
      adults: '2',
      travelClass: 'ECONOMY',
      currencyCode: 'EUR',
      max: '20',
    });
    expect(flights.map((flight) => flight.flightNumber)).toEqual(['BA112', 'DL264', 'AF7', 'AF11']);
    for (const flight of flights) expect(() => providerFlightShape.parse(flight)).not.toThrow();

    const [connection, delta, airFrance] = flights as [
      ProviderFlight,
      ProviderFlight,
      ProviderFlight,
    ];
    expect(connection).toMatchObject({
      airline: 'British Airways', // Amadeus's dictionary, when our data has no name
      airlineCode: 'BA',
      aircraft: 'Boeing 777-200',
      class: 'economy',
      price: 431.75, // 863.50 for two travellers
      currency: 'EUR',
      duration: '9h 35m',
      durationMinutes: 575,
      stops: 1,
      stopAirports: ['LHR'],
      departure: {
        airportCode: 'JFK',
        airportName: 'John F Kennedy International Airport',
        city: 'New York',
        country: 'United States',
        time: '08:20',
        date: DATE,
        terminal: '8',
      },
      arrival: { airportCode: 'CDG', city: 'Paris', time: '23:55', date: DATE, terminal: '2A' },
      baggage: { carry: '1 personal item', checked: 'No checked bag' },
      cancellation: 'Free cancellation within 24 hours',
      referencePrice: 540.25, // the route's median fare
      validUntil: new Date(START.getTime() + 3_600_000).toISOString(),
    });
    expect(connection.segments).toEqual([
      expect.objectContaining({
        carrierCode: 'BA',
        number: '112',
        aircraftCode: '772',
        departure: { iataCode: 'JFK', at: `${DATE}T08:20:00`, terminal: '8' },
        durationMinutes: 425,
      }),
      expect.objectContaining({ number: '306', durationMinutes: 70 }),
    ]);
    expect(connection.distanceKm).toBeGreaterThan(5800);
    expect(connection.distanceKm).toBeLessThan(5900);
    expect(connection.raw).toMatchObject({ type: 'flight-offer', validatingAirlineCodes: ['BA'] });

    expect(delta).toMatchObject({
      airline: 'Delta Air Lines',
      price: 548.1,
      baggage: { checked: 'Checked baggage up to 23 kg' },
    });
    expect(airFrance).toMatchObject({
      airline: 'Air France',
      aircraft: 'Boeing 777-300ER',
      duration: '7h 15m',
      stops: 0,
      departure: { time: '17:30', date: DATE, terminal: '1' },
      arrival: { time: '06:45', date: '2030-03-16', terminal: '2E' },
      baggage: { carry: '1 carry-on bag', checked: '1 checked bag' },
      mealService: true,
      entertainment: true,
      seatSelection: false, // the seat costs extra
      wifi: false,
      amenities: [
        'Meal services',
        'In flight entertainment',
        'Pre reserved seat assignment (extra charge)',
      ],
    });
  });

  it('maps the cabin of other classes and asks no reference fare for them', async () => {
    const { provider } = setup();
    const flights = await provider.searchFlights(
      flightQuery({ travelClass: 'business', adults: 1 }),
    );

    expect(flights[0]).toMatchObject({ class: 'business', price: 1554.3, referencePrice: null });
    expect(fake.apiRequests().map((request) => request.path)).toEqual([
      '/v2/shopping/flight-offers',
    ]);
    expect(fake.apiRequests()[0]?.query.travelClass).toBe('BUSINESS');
  });

  it('requotes with the same airline closest to the asked time and confirms the price', async () => {
    const { provider } = setup();
    const flights = await provider.searchFlights(flightQuery());
    const original = flights.find((flight) => flight.flightNumber === 'AF7') as ProviderFlight;
    fake.reset();
    fake.setPricingSurcharge(15);

    const next = await provider.requoteFlight(original, {
      travelClass: 'economy',
      departureDate: '2030-03-16',
      departureTime: '11:45', // AF11 leaves at 10:30; DL and BA are other airlines
    });

    expect(next).toMatchObject({
      flightNumber: 'AF11',
      airline: 'Air France',
      departure: { date: '2030-03-16', time: '10:30' },
      price: 704, // 689 searched + 15 confirmed by Flight Offers Price
      duration: '7h 15m', // the priced offer leaves it out; it comes from the segments
      referencePrice: null, // another day
    });
    expect(() => providerFlightShape.parse(next)).not.toThrow();
    const [search, pricing] = fake.apiRequests();
    expect(search?.query).toMatchObject({ departureDate: '2030-03-16', adults: '2' });
    expect(pricing?.method).toBe('POST');
    expect(pricing?.path).toBe('/v1/shopping/flight-offers/pricing');
    expect(pricing?.headers['x-http-method-override']).toBe('GET');
    const body = JSON.parse(pricing?.body ?? '{}') as {
      data: { type: string; flightOffers: { itineraries: { segments: { number: string }[] }[] }[] };
    };
    expect(body.data.type).toBe('flight-offers-pricing');
    expect(body.data.flightOffers).toHaveLength(1);
    expect(body.data.flightOffers[0]?.itineraries[0]?.segments[0]?.number).toBe('11');
  });

  it('prefers the same airline over a closer departure of another', async () => {
    const { provider } = setup();
    const flights = await provider.searchFlights(flightQuery());
    const original = flights.find((flight) => flight.flightNumber === 'AF7') as ProviderFlight;

    const next = await provider.requoteFlight(original, {
      travelClass: 'economy',
      departureDate: DATE,
      departureTime: '22:00', // DL264 leaves then, but AF7 at 17:30 is Air France's closest
    });

    expect(next?.flightNumber).toBe('AF7');
    expect(next?.referencePrice).toBe(540.25);
  });

  it('returns null when the route has no offer or the price is no longer confirmed', async () => {
    const { provider } = setup({
      fetchImpl: async (input, init) => {
        if (!new URL(String(input)).pathname.endsWith('/pricing')) return fetch(input, init);
        // An offer Amadeus no longer sells: it refuses to price it.
        const body = String(init?.body).replace(/"number":"7"/g, '"number":"9999"');
        return fetch(input, { ...init, body });
      },
    });
    const flights = await provider.searchFlights(flightQuery());
    const original = flights.find((flight) => flight.flightNumber === 'AF7') as ProviderFlight;
    const change = { travelClass: 'economy' as const, departureDate: DATE, departureTime: '17:30' };

    expect(await provider.requoteFlight(original, change)).toBeNull();
    const elsewhere = { ...original, arrival: { ...original.arrival, airportCode: 'ORY' } };
    fake.reset();
    expect(await provider.requoteFlight(elsewhere, change)).toBeNull();
    expect(fake.apiRequests().map((request) => request.path)).toEqual([
      '/v2/shopping/flight-offers',
    ]);
  });
});

describe('Amadeus hotels', () => {
  it('lists hotels around the place and maps their offers', async () => {
    const { provider } = setup();
    const hotels = await provider.searchHotels(hotelQuery);

    const [list, offers] = fake.apiRequests();
    expect(list?.path).toBe('/v1/reference-data/locations/hotels/by-geocode');
    expect(list?.query).toEqual({
      latitude: '48.8566',
      longitude: '2.3522',
      radius: '5',
      radiusUnit: 'KM',
    });
    expect(offers?.path).toBe('/v3/shopping/hotel-offers');
    expect(offers?.query).toMatchObject({
      adults: '2',
      checkInDate: DATE,
      checkOutDate: '2030-03-18',
      currency: 'EUR',
      bestRateOnly: 'false',
    });
    expect(offers?.query.hotelIds?.split(',').sort()).toEqual(
      ['ACPAR419', 'HLPAR266', 'MCPARCHE', 'XKPAR001'].sort(),
    );

    expect(hotels).toHaveLength(3); // the full hotel has no offer
    for (const hotel of hotels) expect(() => providerHotelShape.parse(hotel)).not.toThrow();
    const byName = (name: string) => hotels.find((hotel) => hotel.name === name);

    const hilton = byName('Hilton Paris Opera');
    expect(hilton?.id).toMatch(/^HLPAR266\|[A-Z0-9]+$/);
    expect(hilton).toMatchObject({
      brand: 'Hilton',
      rating: 4,
      reviewScore: null,
      reviewCount: 0,
      address: {
        street: '108 Rue Saint-Lazare',
        city: 'Paris',
        state: null,
        country: 'France',
        zipCode: '75008',
      },
      coordinates: { latitude: 48.87567, longitude: 2.32639 },
      images: [],
      checkIn: DATE,
      checkOut: '2030-03-18',
      nights: 3,
      roomType: 'deluxe',
      roomTypes: ['standard', 'deluxe', 'suite'],
      pricePerNight: 320,
      taxesAndFees: 96,
      price: 1056,
      taxRate: 0.1,
      currency: 'EUR',
      policies: {
        checkIn: '14:00',
        checkOut: '12:00',
        cancellation: 'Free cancellation until 2030-03-13 23:59 (hotel time); 320.00 EUR after',
        pets: 'N/A',
      },
      contact: { phone: null, email: null, website: null },
      description: 'Flexible rate. Deluxe king room with city view',
      nearbyAttractions: [],
      referencePrice: null,
      validUntil: new Date(START.getTime() + 3_600_000).toISOString(),
    });
    expect(hilton?.raw).toMatchObject({
      hotel: { hotelId: 'HLPAR266' },
      offers: [expect.any(Object)],
    });

    // No deluxe room here: its cheapest room, as it is.
    expect(byName('Le Notre Dame')).toMatchObject({
      brand: null,
      rating: 0,
      roomType: 'standard',
      roomTypes: ['standard'],
      address: { street: null, city: 'Paris', zipCode: null },
      pricePerNight: 150,
      taxesAndFees: 22.5,
      price: 472.5,
      taxRate: 0.05,
      policies: { checkIn: '15:00', checkOut: '11:00', cancellation: 'Non refundable rate' },
      highlights: ['Breakfast included'],
      description: 'Advance purchase. Twin room',
    });
    // No base price: taken from the nightly average.
    expect(byName('Paris Marriott Champs Elysees Hotel')).toMatchObject({
      brand: 'Marriott',
      rating: 5,
      roomType: 'deluxe',
      roomTypes: ['deluxe', 'executive_suite'],
      pricePerNight: 410,
      taxesAndFees: 147.6,
      price: 1377.6,
      policies: { cancellation: 'N/A' },
    });
  });

  it('answers an empty list where there is no hotel', async () => {
    const { provider } = setup();
    const far = { ...PARIS, name: 'Null Island', latitude: 0, longitude: 0 };

    expect(await provider.searchHotels({ ...hotelQuery, place: far })).toEqual([]);
    expect(fake.apiRequests().map((request) => request.path)).toEqual([
      '/v1/reference-data/locations/hotels/by-geocode',
    ]);
  });

  it('requotes the same hotel for the new dates and room', async () => {
    const { provider } = setup();
    const [original] = (await provider.searchHotels(hotelQuery)).filter((hotel) =>
      hotel.id.startsWith('HLPAR266|'),
    );
    if (!original) throw new Error('no Hilton');
    fake.reset();

    const next = await provider.requoteHotel(original, {
      roomType: 'suite',
      checkIn: '2030-03-16',
      checkOut: '2030-03-19',
      nights: 3,
    });

    expect(fake.apiRequests()[0]?.query).toMatchObject({
      hotelIds: 'HLPAR266',
      adults: '2',
      checkInDate: '2030-03-16',
      checkOutDate: '2030-03-19',
    });
    expect(next).toMatchObject({
      name: 'Hilton Paris Opera',
      rating: 4, // from the original's hotel list entry
      address: original.address,
      roomType: 'suite',
      checkIn: '2030-03-16',
      checkOut: '2030-03-19',
      nights: 3,
      pricePerNight: 560,
      price: 1848,
    });
    expect(next?.id.split('|')[0]).toBe('HLPAR266');
    expect(() => providerHotelShape.parse(next)).not.toThrow();
  });

  it('requotes to null when the room or the hotel is no longer offered', async () => {
    const { provider } = setup();
    const [original] = await provider.searchHotels(hotelQuery);
    if (!original) throw new Error('no hotel');
    const change = {
      roomType: 'presidential_suite' as const,
      checkIn: DATE,
      checkOut: '2030-03-18',
      nights: 3,
    };

    expect(await provider.requoteHotel(original, change)).toBeNull();
    const full = { ...original, id: 'XKPAR001|GONE', raw: undefined };
    expect(await provider.requoteHotel(full, { ...change, roomType: 'standard' })).toBeNull();
  });
});

describe('Amadeus experiences', () => {
  it('maps activities around the place', async () => {
    const { provider } = setup();
    const experiences = await provider.searchExperiences({ place: PARIS });

    expect(fake.apiRequests()[0]?.query).toEqual({
      latitude: '48.8566',
      longitude: '2.3522',
      radius: '20',
    });
    for (const experience of experiences) {
      expect(() => providerExperienceShape.parse(experience)).not.toThrow();
    }
    const byId = (id: string) => experiences.find((experience) => experience.id === id);
    expect(byId('3216547684')).toMatchObject({
      name: 'Skip-the-line tickets to the Louvre Museum',
      type: 'cultural',
      category: 'Culture',
      rating: 4.6,
      reviewCount: 0,
      price: 22,
      currency: 'EUR',
      duration: '3 hours',
      groupSize: { min: 1, max: 10 },
      location: {
        name: 'Paris',
        address: null,
        city: 'Paris',
        coordinates: { latitude: 48.8606, longitude: 2.3376 },
      },
      images: ['https://images.example.test/louvre-1.jpg'], // the http one is left out
      description:
        'Skip the line at the Louvre & meet the Mona Lisa.\nReserved entrance\nAudio guide',
      highlights: [],
      cancellationPolicy: 'N/A',
      difficulty: 'easy',
      bookingLink: 'https://b2c.example.test/c/louvre',
      validUntil: new Date(START.getTime() + 86_400_000).toISOString(),
    });
    expect(byId('56777')?.type).toBe('restaurant'); // a dinner cruise
    expect(byId('4429221')?.type).toBe('tour');
    expect(byId('7788990')).toMatchObject({
      type: 'attraction',
      price: null,
      duration: 'N/A',
      images: [],
    });
  });

  it('filters by the type asked for', async () => {
    const { provider } = setup();
    const tours = await provider.searchExperiences({ place: PARIS, type: 'tour' });

    expect(tours.map((experience) => experience.name)).toEqual(['Montmartre walking tour']);
  });

  it('fetches one activity by id, and null for an unknown one', async () => {
    const { provider } = setup();

    const louvre = await provider.experienceDetails('3216547684');
    expect(louvre).toMatchObject({ id: '3216547684', type: 'cultural', price: 22 });
    expect(louvre?.location.city).toBe('N/A');
    expect(fake.apiRequests()[0]?.path).toBe('/v1/shopping/activities/3216547684');

    expect(await provider.experienceDetails('999')).toBeNull();
    fake.reset();
    expect(await provider.experienceDetails('../hotels')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});
