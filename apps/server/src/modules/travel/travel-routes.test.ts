import { LONG_HAUL_KM } from '@vowa/shared/travel/travel-constants';
import {
  addDays,
  daysBetween,
  marketConfidence,
  median,
  suggestionFilterCounts,
} from '@vowa/shared/travel/travel-rules';
import type {
  DealsResponse,
  Flight,
  Hotel,
  SuggestionsResponse,
  TripSuggestion,
} from '@vowa/shared/travel/travel-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, person, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BUNDLED_RATES } from './fx/bundled-rates';
import { findAirport } from './geo/airports';
import { curatedDestinations } from './offline/data/destinations';
import { bestSeasonOf } from './seasons';

// A fixed clock: the same day's prices every run, and "past" dates that stay past.
const NOW = new Date('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';
const inDays = (days: number) => addDays(TODAY, days);
const USD_PER_EUR = BUNDLED_RATES.rates.USD;

let t: TestApp;
let traveller: Person;
let api: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  traveller = await person(t.app, 'Tessa Traveller');
  api = as(t.app, traveller);
});
afterAll(async () => {
  await t.close();
});

const flightSearch = (overrides: object = {}) =>
  api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate: inDays(30),
    returnDate: inDays(37),
    adults: 2,
    ...overrides,
  });
const hotelSearch = (overrides: object = {}) =>
  api.post('/api/travel/search', {
    type: 'hotels',
    city: 'Paris',
    checkIn: inDays(30),
    checkOut: inDays(33),
    adults: 2,
    ...overrides,
  });

describe('who may call', () => {
  it.each([
    ['POST', '/api/travel/search'],
    ['POST', '/api/travel/requote'],
    ['GET', '/api/travel/experiences?city=Paris'],
    ['GET', '/api/travel/suggestions'],
    ['GET', '/api/travel/deals'],
    ['GET', '/api/travel/airports?q=par'],
    ['GET', '/api/travel/preferences'],
    ['PUT', '/api/travel/preferences'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('detail');
  });
});

describe('POST /api/travel/search (flights)', () => {
  it('finds both directions, converted into dollars with the rate it used', async () => {
    const response = await flightSearch();
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      currency: string;
      flights: Flight[];
      returnFlights: Flight[];
    };
    expect(body.currency).toBe('USD');
    expect(body.flights.length).toBeGreaterThan(0);
    expect(body.returnFlights.length).toBeGreaterThan(0);
    const [flight] = body.flights;
    expect(flight!.departure.airportCode).toBe('JFK');
    expect(flight!.arrival.airportCode).toBe('CDG');
    expect(body.returnFlights[0]!.departure.airportCode).toBe('CDG');
    expect(flight!.quote).toMatchObject({
      provider: 'offline',
      sourceCurrency: 'EUR',
      exchangeRate: { source: 'bundled', asOf: BUNDLED_RATES.asOf },
    });
    expect(flight!.price).toBeCloseTo(flight!.quote.sourceAmount * USD_PER_EUR, 1);
    // What the provider needs internally never reaches a browser.
    expect(flight).not.toHaveProperty('raw');
    expect(flight).not.toHaveProperty('referencePrice');
  });

  it('records every quote in the price history', async () => {
    const response = await flightSearch({ destination: 'LHR' });
    const { flights, returnFlights } = response.json() as {
      flights: Flight[];
      returnFlights: Flight[];
    };
    const subjects = [...flights, ...returnFlights].map(
      (flight) => `offline:flight:${flight.flightNumber}:${flight.departure.date}:${flight.class}`,
    );
    expect(subjects.length).toBeGreaterThan(0);
    const recorded = await historyRowsOf(subjects);
    expect(recorded).toBeGreaterThan(0);
    // Asking again the same day adds nothing: the same price is recorded once a day.
    await flightSearch({ destination: 'LHR' });
    expect(await historyRowsOf(subjects)).toBe(recorded);
  });

  it('shows prices in the currency asked for', async () => {
    const response = await flightSearch({ currency: 'EUR' });
    const [flight] = (response.json() as { flights: Flight[] }).flights;
    expect(flight!.currency).toBe('EUR');
    expect(flight!.price).toBe(flight!.quote.sourceAmount);
  });

  it.each([
    [{ origin: 'ZZZ' }, "We don't know an airport with the code ZZZ."],
    [{ destination: 'JFK' }, 'Origin and destination must be different airports.'],
    [
      { departureDate: '2026-11-01' },
      'Dates in the past cannot be booked. Choose today or a later date.',
    ],
    [
      { departureDate: inDays(10), returnDate: inDays(5) },
      'The return date must be on or after the departure date.',
    ],
    [
      { departureDate: '2027-02-30', returnDate: undefined },
      'That date does not exist in the calendar.',
    ],
    [
      { departureDate: inDays(400), returnDate: undefined },
      'Dates more than 330 days ahead are not on sale yet.',
    ],
    [{ adults: 11 }, 'Travelers must be a whole number from 1 to 10'],
    [{ origin: 'NEWYORK' }, 'Airports are three-letter IATA codes, like JFK'],
    [{ travelClass: 'cargo' }, 'Travel class must be economy, premium, business or first'],
    [{ currency: 'XYZ' }, 'Currency must be USD, EUR, GBP, JPY or CAD'],
  ])('refuses %o with a clear 422', async (overrides, detail) => {
    // Refused before anything is priced, so nothing is recorded either. (Counting rows would
    // race with other test files on a shared PostgreSQL database.)
    const search = vi.spyOn(t.app.travel.provider, 'searchFlights');
    try {
      const response = await flightSearch(overrides);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe(detail);
      expect(search).not.toHaveBeenCalled();
    } finally {
      search.mockRestore();
    }
  });

  it('prices a valid search through the provider (the spy above sees real calls)', async () => {
    const search = vi.spyOn(t.app.travel.provider, 'searchFlights');
    try {
      expect((await flightSearch()).statusCode).toBe(200);
      expect(search).toHaveBeenCalled();
    } finally {
      search.mockRestore();
    }
  });

  it('refuses an unknown search type', async () => {
    const response = await api.post('/api/travel/search', { type: 'cars' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Search type must be flights or hotels');
  });
});

describe('POST /api/travel/search (hotels)', () => {
  it('finds hotels in a city for the stay, cheapest first', async () => {
    const response = await hotelSearch();
    expect(response.statusCode).toBe(200);
    const { hotels } = response.json() as { hotels: Hotel[] };
    expect(hotels.length).toBeGreaterThan(3);
    expect(hotels[0]!.nights).toBe(3);
    expect(hotels[0]!.address.city).toBe('Paris');
    const prices = hotels.map((hotel) => hotel.price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('takes an airport code for the city', async () => {
    const response = await hotelSearch({ city: 'NRT' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { hotels: Hotel[] }).hotels[0]!.address.country).toBe('Japan');
  });

  it.each([
    [{ checkOut: inDays(30) }, 'Check-out must be after check-in.'],
    [{ checkIn: inDays(32), checkOut: inDays(31) }, 'Check-out must be after check-in.'],
    [
      { checkIn: '2026-10-01', checkOut: '2026-10-03' },
      'Dates in the past cannot be booked. Choose today or a later date.',
    ],
    [{ checkOut: inDays(70) }, 'A stay can be at most 30 nights.'],
    [{ city: 'Atlantis' }, 'We couldn\'t find a city called "Atlantis".'],
    [{ city: '' }, 'City is required'],
    [{ adults: 0 }, 'Travelers must be a whole number from 1 to 10'],
    [{ roomType: 'penthouse' }, 'Choose one of the room types'],
  ])('refuses %o with a clear 422', async (overrides, detail) => {
    const response = await hotelSearch(overrides);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe(detail);
  });
});

describe('GET /api/travel/experiences', () => {
  it('lists a city’s experiences, filters by type, and opens one by id', async () => {
    const all = await api.get('/api/travel/experiences?city=Rome');
    expect(all.statusCode).toBe(200);
    const { experiences } = all.json() as {
      experiences: { id: string; type: string; name: string }[];
    };
    expect(new Set(experiences.map((experience) => experience.type)).size).toBe(8);

    const tours = await api.get('/api/travel/experiences?city=Rome&type=tour');
    const tourList = (tours.json() as { experiences: { type: string }[] }).experiences;
    expect(tourList.every((experience) => experience.type === 'tour')).toBe(true);

    const one = await api.get(`/api/travel/experiences/${encodeURIComponent(experiences[0]!.id)}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().experience.name).toBe(experiences[0]!.name);
  });

  it('answers 404 for an experience it never offered and 422 for a bad type', async () => {
    expect((await api.get('/api/travel/experiences/nothing-here')).statusCode).toBe(404);
    const bad = await api.get('/api/travel/experiences?city=Rome&type=skydiving');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Choose one of the experience types (querystring)');
  });
});

describe('POST /api/travel/requote', () => {
  it('re-prices a flight with another class, date and time and gives the difference', async () => {
    const [flight] = (await flightSearch({ currency: 'EUR' })).json().flights as Flight[];
    const response = await api.post('/api/travel/requote', {
      kind: 'flight',
      quoteId: flight!.quote.quoteId,
      travelClass: 'business',
      departureDate: addDays(flight!.departure.date, 2),
      departureTime: flight!.departure.time,
      currency: 'EUR',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.originalPrice).toBe(flight!.price);
    expect(body.difference).toBe(800 - 100);
    expect(body.flight.price).toBe(flight!.price! + 700);
    expect(body.flight.class).toBe('business');
    expect(body.flight.departure.date).toBe(addDays(flight!.departure.date, 2));
    // The new quote is recorded too: it can be re-quoted in turn.
    const again = await api.post('/api/travel/requote', {
      kind: 'flight',
      quoteId: body.flight.quote.quoteId,
      travelClass: 'economy',
      departureDate: body.flight.departure.date,
      departureTime: body.flight.departure.time,
      currency: 'EUR',
    });
    expect(again.statusCode).toBe(200);
  });

  it('re-prices a hotel stay', async () => {
    const [hotel] = (await hotelSearch({ currency: 'EUR' })).json().hotels as Hotel[];
    const response = await api.post('/api/travel/requote', {
      kind: 'hotel',
      quoteId: hotel!.quote.quoteId,
      roomType: 'deluxe',
      checkIn: hotel!.checkIn,
      checkOut: hotel!.checkOut,
      nights: hotel!.nights,
      currency: 'EUR',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.hotel.roomType).toBe('deluxe');
    expect(body.hotel.pricePerNight).toBe(hotel!.pricePerNight! + 150);
    expect(body.difference).toBeGreaterThan(400);
  });

  it('refuses options off the list, unknown quotes and the wrong kind', async () => {
    const [flight] = (await flightSearch()).json().flights as Flight[];
    const [hotel] = (await hotelSearch()).json().hotels as Hotel[];
    const change = {
      kind: 'flight',
      quoteId: flight!.quote.quoteId,
      travelClass: 'economy',
      departureDate: addDays(flight!.departure.date, 5),
      departureTime: flight!.departure.time,
    };
    const offList = await api.post('/api/travel/requote', change);
    expect(offList.statusCode).toBe(422);
    expect(offList.json().detail).toBe('Choose one of the listed options.');

    const unknown = await api.post('/api/travel/requote', { ...change, quoteId: 'q_forged' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This offer is no longer available. Please search again.');

    const wrongKind = await api.post('/api/travel/requote', {
      ...change,
      quoteId: hotel!.quote.quoteId,
    });
    expect(wrongKind.statusCode).toBe(422);

    const badTime = await api.post('/api/travel/requote', { ...change, departureTime: '25:00' });
    expect(badTime.statusCode).toBe(422);
    expect(badTime.json().detail).toBe('Times must be written as HH:MM');

    const nights = await api.post('/api/travel/requote', {
      kind: 'hotel',
      quoteId: hotel!.quote.quoteId,
      roomType: 'standard',
      checkIn: hotel!.checkIn,
      checkOut: hotel!.checkOut,
      nights: 0,
    });
    expect(nights.statusCode).toBe(422);
    expect(nights.json().detail).toBe('Nights must be a whole number from 1 to 30');
  });
});

describe('GET /api/travel/suggestions', () => {
  it('prices trips for two to 200+ destinations from the home airport, within the budget', async () => {
    const response = await api.get('/api/travel/suggestions');
    expect(response.statusCode).toBe(200);
    const body = response.json() as SuggestionsResponse;
    expect(body.origin.code).toBe('JFK');
    expect(body.travelers).toBe(2);
    expect(body.maxTripBudget).toBe(5000);
    expect(body.destinationsConsidered).toBeGreaterThanOrEqual(200);
    expect(body.suggestions.length).toBeGreaterThan(5);
    for (const trip of body.suggestions) {
      expect(trip.price).toBeLessThanOrEqual(5000);
      expect(trip.price).toBeCloseTo(trip.flightPrice + trip.hotelPrice + trip.experiencePrice, 1);
      expect(trip.savings).toBe(Math.max(0, Math.round(trip.originalPrice - trip.price)));
      expect(trip.flightDetails.outbound.departure.airportCode).toBe('JFK');
      expect(trip.flightDetails.return.arrival.airportCode).toBe('JFK');
      expect(trip.hotel.checkIn).toBe(trip.departureDate);
      expect(daysBetween(TODAY, trip.departureDate)).toBeGreaterThanOrEqual(14);
      // From the first day, the market price is the median of the dates' recorded totals (the
      // reference fare only for a trip with fewer than three different totals).
      expect(trip.marketPriceSource).toBe(trip.historyQuotes >= 3 ? 'history' : 'reference');
      expect(trip.historyDays).toBe(1);
    }
    const fromHistory = body.suggestions.filter((trip) => trip.marketPriceSource === 'history');
    expect(fromHistory.length).toBeGreaterThan(body.suggestions.length / 2);
    // The same request the same day gives the same trips.
    const again = (await api.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    expect(again.suggestions.map((trip) => [trip.id, trip.price])).toEqual(
      body.suggestions.map((trip) => [trip.id, trip.price]),
    );
  });

  it('lets the dialogs re-quote the offers of a suggested trip', async () => {
    const [trip] = ((await api.get('/api/travel/suggestions')).json() as SuggestionsResponse)
      .suggestions;
    const flight = trip!.flightDetails.outbound;
    const response = await api.post('/api/travel/requote', {
      kind: 'flight',
      quoteId: flight.quote.quoteId,
      travelClass: 'premium',
      departureDate: flight.departure.date,
      departureTime: flight.departure.time,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().difference).toBeCloseTo(200 * USD_PER_EUR, 0);
  });

  it('takes the market price and its confidence from 30 days of recorded totals', async () => {
    // From an airport no other test departs from: on a shared PostgreSQL database, other test
    // files record their own history for trips from the home airports they use.
    const fromMinneapolis = '/api/travel/suggestions?origin=MSP';
    const [trip] = ((await api.get(fromMinneapolis)).json() as SuggestionsResponse).suggestions;
    const subject = `offline:trip:MSP:${trip!.airportCode}:${trip!.nights}n:2p`;
    const todays = await recordedAmounts(subject);
    expect(todays.length).toBe(trip!.historyQuotes);
    const eurToday = trip!.price / USD_PER_EUR;
    // Ten earlier days, priced well above today's: the trip becomes a clear deal.
    const past = Array.from({ length: 10 }, (_, day) => ({
      amount: Math.round(eurToday * (1.3 + day * 0.01)),
      day: addDays(TODAY, -(day + 1)),
    }));
    for (const { amount, day } of past) {
      await t.app.db.execute(sql`
        insert into price_history (subject_key, provider, amount, currency, quoted_on, quoted_at)
        values (${subject}, 'offline', ${amount}, 'EUR', ${day}, ${`${day}T09:00:00Z`})`);
    }
    t.app.travel.engine.clear();
    const body = (await api.get(fromMinneapolis)).json() as SuggestionsResponse;
    const same = body.suggestions.find((candidate) => candidate.id === trip!.id)!;
    const all = await recordedAmounts(subject);
    expect(same.marketPriceSource).toBe('history');
    expect(same.historyDays).toBe(11);
    expect(same.historyQuotes).toBe(all.length);
    expect(same.originalPrice).toBeCloseTo(median(all)! * USD_PER_EUR, 0);
    expect(same.historyRange!.low).toBeCloseTo(Math.min(...all) * USD_PER_EUR, 0);
    expect(same.historyRange!.high).toBeCloseTo(Math.max(...all) * USD_PER_EUR, 0);
    // More evidence over more days: more confidence than the day before.
    expect(same.confidence).toBe(
      marketConfidence({
        source: 'history',
        quotes: all.length,
        days: 11,
        low: Math.min(...all),
        high: Math.max(...all),
        median: median(all),
      }),
    );
    expect(same.confidence).not.toBe(trip!.confidence);
    expect(same.autoBookEligible).toBe(same.price <= (same.originalPrice * 80) / 100 + 0.01);
  });

  it('follows the budget and the alert threshold', async () => {
    const someone = await person(t.app, 'Small Budget');
    const mine = as(t.app, someone);
    await mine.put('/api/finance/budget_settings', { maxTripBudget: 500 });
    const tiny = (await mine.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    expect(tiny.suggestions).toEqual([]);

    await mine.put('/api/finance/budget_settings', {
      maxTripBudget: 20000,
      priceAlertThreshold: 95,
    });
    const generous = (await mine.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    await mine.put('/api/finance/budget_settings', { priceAlertThreshold: 50 });
    const strict = (await mine.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    const eligible = (body: SuggestionsResponse) =>
      body.suggestions.filter((trip) => trip.autoBookEligible).length;
    expect(eligible(generous)).toBeGreaterThan(eligible(strict));
    expect(generous.suggestions.length).toBeGreaterThan(0);
    expect(generous.suggestions.every((trip) => trip.price <= 20000)).toBe(true);
  });

  it('compares like with like: the same budget finds the same trips in every currency', async () => {
    const someone = await person(t.app, 'Currency Switcher');
    const mine = as(t.app, someone);
    await mine.put('/api/finance/budget_settings', { maxTripBudget: 3000 });
    const answers = {} as Record<'USD' | 'EUR' | 'JPY', SuggestionsResponse>;
    for (const currency of ['USD', 'EUR', 'JPY'] as const) {
      answers[currency] = (
        await mine.get(`/api/travel/suggestions?currency=${currency}`)
      ).json() as SuggestionsResponse;
    }
    const { USD: usd, EUR: eur, JPY: jpy } = answers;
    expect(usd.suggestions.length).toBeGreaterThan(3);
    for (const body of [usd, eur, jpy]) {
      // The budget is the one entered ($3,000), shown converted, never re-read as 3,000 of another.
      expect(body.budget).toEqual({ amount: 3000, currency: 'USD' });
      expect(body.suggestions.map((trip) => trip.id)).toEqual(usd.suggestions.map((t) => t.id));
      expect(body.suggestions.every((trip) => trip.price <= body.maxTripBudget + 1)).toBe(true);
    }
    expect(usd.maxTripBudget).toBe(3000);
    expect(eur.maxTripBudget).toBeCloseTo(3000 / USD_PER_EUR, 1);
    expect(jpy.maxTripBudget).toBe(Math.round((3000 / USD_PER_EUR) * BUNDLED_RATES.rates.JPY));
    expect(eur.hotDealSavings).toBe(500);
    expect(usd.hotDealSavings).toBeCloseTo(500 * USD_PER_EUR, 2);
    // The tab counts (Budget Friendly, Hot Deals, Auto-Book Ready) agree in every currency.
    const counts = (body: SuggestionsResponse) => suggestionFilterCounts(body.suggestions, body);
    expect(counts(usd).budget).toBeGreaterThan(0);
    expect(counts(usd).budget).toBeLessThan(usd.suggestions.length);
    expect(counts(eur)).toEqual(counts(usd));
    expect(counts(jpy)).toEqual(counts(usd));

    // Switching the Settings currency changes how the budget is shown, not what it is.
    await mine.put('/api/user_management/settings', { account: { currency: 'EUR' } });
    const switched = (await mine.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    expect(switched.currency).toBe('EUR');
    expect(switched.maxTripBudget).toBeCloseTo(eur.maxTripBudget, 2);
    expect(counts(switched)).toEqual(counts(usd));
  });

  it('leaves from the chosen home airport', async () => {
    const someone = await person(t.app, 'Parisian');
    const mine = as(t.app, someone);
    expect((await mine.get('/api/travel/preferences')).json()).toMatchObject({
      homeAirport: { code: 'JFK' },
      homeAirportSource: 'default',
    });
    const saved = await mine.put('/api/travel/preferences', { homeAirport: 'cdg' });
    expect(saved.json()).toMatchObject({
      homeAirport: { code: 'CDG' },
      homeAirportSource: 'chosen',
    });
    const body = (await mine.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    expect(body.origin.code).toBe('CDG');
    expect(body.suggestions.every((trip) => trip.airportCode !== 'CDG')).toBe(true);

    const unknown = await mine.put('/api/travel/preferences', { homeAirport: 'QQQ' });
    expect(unknown.statusCode).toBe(422);
    expect((await mine.get('/api/travel/preferences')).json().homeAirport.code).toBe('CDG');
    // Another person's preference is untouched.
    expect((await api.get('/api/travel/preferences')).json().homeAirport.code).toBe('JFK');
  });
});

describe('the home airport from the profile location', () => {
  it('is the main airport near the location until the user chooses one', async () => {
    const someone = as(t.app, await person(t.app, 'Lyonnaise'));
    await someone.post('/api/user_management/edit_profile', {
      location: 'Lyon, Auvergne-Rhône-Alpes, France',
    });
    expect((await someone.get('/api/travel/preferences')).json()).toMatchObject({
      homeAirport: { code: 'LYS' },
      homeAirportSource: 'nearest',
    });
    const body = (await someone.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    expect(body.origin.code).toBe('LYS');
    await someone.put('/api/travel/preferences', { homeAirport: 'CDG' });
    expect((await someone.get('/api/travel/preferences')).json().homeAirportSource).toBe('chosen');
  });

  it('falls back to the default for a location it cannot place', async () => {
    const someone = as(t.app, await person(t.app, 'Nowhere'));
    await someone.post('/api/user_management/edit_profile', { location: 'Atlantis, Ocean' });
    expect((await someone.get('/api/travel/preferences')).json()).toMatchObject({
      homeAirport: { code: 'JFK' },
      homeAirportSource: 'default',
    });
  });
});

describe('GET /api/travel/deals', () => {
  it('gives the best trip of each kind, within the budget, none of them already suggested', async () => {
    const all = (await api.get('/api/travel/deals')).json() as DealsResponse;
    const listed = (await api.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    expect(all.category).toBe('all');
    expect(all.deals.length).toBeGreaterThanOrEqual(5);
    expect(all.deals.length).toBeLessThanOrEqual(8);
    const ids = all.deals.map((deal) => deal.id);
    expect(new Set(ids).size).toBe(ids.length);
    const reasons = all.deals.map((deal) => deal.dealReason);
    expect(new Set(reasons).size).toBe(reasons.length);
    const suggested = new Set(listed.suggestions.map((trip) => trip.id));
    for (const deal of all.deals) {
      expect(suggested.has(deal.id)).toBe(false);
      expect(deal.price).toBeLessThanOrEqual(all.maxTripBudget);
      expect(deal.dealReason).toBeDefined();
    }
    const of = (kind: TripSuggestion['dealReason']) =>
      all.deals.find((deal) => deal.dealReason === kind);
    // Each is what its reason says.
    const saving = of('biggest-saving')!;
    expect(saving.savings).toBeGreaterThan(0);
    for (const deal of all.deals) expect(saving.savings).toBeGreaterThanOrEqual(deal.savings);
    const longHaul = of('long-haul');
    if (longHaul) expect(longHaul.distanceKm).toBeGreaterThanOrEqual(LONG_HAUL_KM);
    const weekend = of('weekend');
    if (weekend) {
      expect(weekend.nights).toBeLessThanOrEqual(4);
      expect([4, 5]).toContain(new Date(`${weekend.departureDate}T00:00:00Z`).getUTCDay());
    }
    const perNight = of('value-per-night')!;
    for (const deal of all.deals.filter((deal) => deal !== saving)) {
      expect(perNight.price / perNight.nights).toBeLessThanOrEqual(deal.price / deal.nights + 0.01);
    }

    const beach = (await api.get('/api/travel/deals?category=beach')).json() as DealsResponse;
    expect(beach.deals.length).toBeGreaterThan(0);
    expect(beach.deals.every((deal) => deal.category === 'beach')).toBe(true);

    const bad = await api.get('/api/travel/deals?category=space');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Choose one of the deal categories (querystring)');
  });
});

describe('suggestions that look researched', () => {
  let trips: TripSuggestion[];
  beforeAll(async () => {
    const someone = as(t.app, await person(t.app, 'Researcher'));
    await someone.put('/api/finance/budget_settings', { maxTripBudget: 20000 });
    trips = ((await someone.get('/api/travel/suggestions')).json() as SuggestionsResponse)
      .suggestions;
  });
  const seasonOf = (trip: TripSuggestion) => {
    const airport = findAirport(trip.airportCode)!;
    const destination = curatedDestinations.find((entry) => entry.airport === trip.airportCode)!;
    return bestSeasonOf({ ...airport, category: destination.category }).months;
  };
  const monthOf = (isoDate: string) => Number(isoDate.slice(5, 7));

  it('leave in each destination’s best season, on dates spread over the coming months', () => {
    expect(trips.length).toBe(24);
    for (const trip of trips) {
      expect(seasonOf(trip), trip.destination).toContain(monthOf(trip.departureDate));
      expect(seasonOf(trip), trip.destination).toContain(monthOf(trip.returnDate));
      expect(daysBetween(TODAY, trip.departureDate)).toBeGreaterThanOrEqual(14);
      expect(daysBetween(TODAY, trip.departureDate)).toBeLessThanOrEqual(330);
    }
    const departures = new Set(trips.map((trip) => trip.departureDate));
    expect(departures.size).toBeGreaterThanOrEqual(trips.length / 2);
    expect(new Set(trips.map((trip) => trip.departureDate.slice(0, 7))).size).toBeGreaterThan(2);
    // A beach in the hurricane belt leaves in the dry season, never from June to November.
    const cancun = bestSeasonOf({ ...findAirport('CUN')!, category: 'beach' }).months;
    for (const month of [6, 7, 8, 9, 10, 11]) expect(cancun).not.toContain(month);
    // Goa outside the monsoon; Cape Town in its summer, Paris from late spring.
    expect(bestSeasonOf({ ...findAirport('GOI')!, category: 'beach' }).months).not.toContain(7);
    expect(bestSeasonOf({ ...findAirport('CPT')!, category: 'nature' }).months).toContain(1);
    expect(bestSeasonOf({ ...findAirport('CDG')!, category: 'city' }).months).not.toContain(1);
  });

  it('last longer the farther they go: 3 to 5 nights on short hops, 7 to 12 on long hauls', () => {
    const byDistance = [...trips].sort((a, b) => a.distanceKm - b.distanceKm);
    for (let index = 1; index < byDistance.length; index += 1) {
      expect(byDistance[index]!.nights).toBeGreaterThanOrEqual(byDistance[index - 1]!.nights);
    }
    for (const trip of trips) {
      expect(daysBetween(trip.departureDate, trip.returnDate)).toBe(trip.nights);
      if (trip.distanceKm < LONG_HAUL_KM) expect(trip.nights).toBeLessThanOrEqual(5);
      else expect(trip.nights).toBeGreaterThanOrEqual(7);
      expect(trip.nights).toBeGreaterThanOrEqual(3);
      expect(trip.nights).toBeLessThanOrEqual(12);
    }
    expect(new Set(trips.map((trip) => trip.nights)).size).toBeGreaterThan(1);
  });

  it('end when their first quote stops being valid, which differs from trip to trip', () => {
    for (const trip of trips) {
      const quotes = [
        trip.flightDetails.outbound.quote,
        trip.flightDetails.return.quote,
        trip.hotel.quote,
        ...trip.experiences.map((experience) => experience.quote),
      ];
      const first = quotes.map((quote) => Date.parse(quote.validUntil)).sort((a, b) => a - b)[0];
      expect(Date.parse(trip.dealExpiry)).toBe(first);
      expect(Date.parse(trip.dealExpiry)).toBeGreaterThan(NOW.getTime());
    }
    expect(new Set(trips.map((trip) => trip.dealExpiry)).size).toBeGreaterThan(trips.length / 3);
  });

  it('state a confidence that follows the evidence behind the market price', () => {
    for (const trip of trips) {
      if (trip.marketPriceSource === 'reference') {
        expect(trip.confidence).toBe(50);
        continue;
      }
      expect(trip.historyQuotes).toBeGreaterThanOrEqual(3);
      expect(trip.historyRange!.low).toBeLessThanOrEqual(trip.originalPrice + 0.01);
      expect(trip.historyRange!.high).toBeGreaterThanOrEqual(trip.originalPrice - 0.01);
      const expected = marketConfidence({
        source: 'history',
        quotes: trip.historyQuotes,
        days: trip.historyDays,
        low: trip.historyRange!.low,
        high: trip.historyRange!.high,
        median: trip.originalPrice,
      });
      expect(Math.abs(trip.confidence - expected)).toBeLessThanOrEqual(1);
    }
    expect(new Set(trips.map((trip) => trip.confidence)).size).toBeGreaterThan(3);
  });
});

describe('GET /api/travel/airports', () => {
  it('finds airports by city, code or name', async () => {
    const paris = (await api.get('/api/travel/airports?q=paris')).json().airports as {
      code: string;
    }[];
    expect(paris.map((airport) => airport.code)).toContain('CDG');
    const code = (await api.get('/api/travel/airports?q=nrt')).json().airports as {
      code: string;
    }[];
    expect(code[0]!.code).toBe('NRT');
    expect((await api.get('/api/travel/airports?q=')).statusCode).toBe(422);
  });
});

async function historyRowsOf(subjects: string[]): Promise<number> {
  const result = (await t.app.db.execute(
    sql`select count(*)::int as n from price_history where subject_key in (${sql.join(
      subjects.map((subject) => sql`${subject}`),
      sql`, `,
    )})`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

async function recordedAmounts(subject: string): Promise<number[]> {
  const result = (await t.app.db.execute(
    sql`select amount from price_history where subject_key = ${subject}`,
  )) as unknown as { rows: { amount: string }[] };
  return result.rows.map((row) => Number(row.amount));
}
