import { addDays } from '@vowa/shared/travel/travel-rules';
import { estimateTripPrice } from '@vowa/shared/travel/trip-price-model';
import type { TripQuote } from '@vowa/shared/travel/trip-quote-schemas';
import type { Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { shareNights } from './trip-parts';

const NOW = new Date('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';
const CHECK_IN = addDays(TODAY, 35);

let t: TestApp;
let api: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  api = as(t.app, await person(t.app, 'Cora Customiser'));
});
afterAll(async () => {
  await t.close();
});

const trip = (overrides: object = {}) => ({
  origin: 'JFK',
  destination: 'CDG',
  checkIn: CHECK_IN,
  nights: 7,
  travelers: 2,
  flightClass: 'economy',
  hotelCategory: 'mid-range',
  additionalCities: [],
  currency: 'USD',
  ...overrides,
});
const quote = async (overrides: object = {}) => {
  const response = await api.post('/api/travel/trip_quotes', trip(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TripQuote;
};
const cents = (value: number) => Math.round(value * 100) / 100;

describe('POST /api/travel/trip_quotes', () => {
  it('needs a signed-in person', async () => {
    const response = await as(t.app, null).post('/api/travel/trip_quotes', trip());
    expect(response.statusCode).toBe(401);
  });

  it('prices the default trip: out, a mid-range stay for every night, back', async () => {
    const answer = await quote();
    expect(answer.flights.map((f) => [f.departure.airportCode, f.arrival.airportCode])).toEqual([
      ['JFK', 'CDG'],
      ['CDG', 'JFK'],
    ]);
    expect(answer.flights[0]?.departure.date).toBe(CHECK_IN);
    expect(answer.flights[1]?.departure.date).toBe(addDays(CHECK_IN, 7));
    expect(answer.flights.every((f) => f.class === 'economy')).toBe(true);
    expect(answer.hotels).toHaveLength(1);
    const stay = answer.hotels[0]!;
    expect(stay.hotel.rating).toBe(4);
    expect(stay.categoryMatched).toBe(true);
    expect([stay.hotel.checkIn, stay.hotel.nights]).toEqual([CHECK_IN, 7]);
    expect(answer.checkOut).toBe(addDays(CHECK_IN, 7));
    const flights = cents((answer.flights[0]!.price! + answer.flights[1]!.price!) * 2);
    expect(answer.breakdown.flights).toBe(flights);
    expect(answer.breakdown.hotels).toBe(stay.hotel.price);
    expect(answer.total).toBe(cents(flights + stay.hotel.price!));
    expect(answer.currency).toBe('USD');
    // The offline provider quotes in euros: that is what would be charged.
    expect(answer.charged?.currency).toBe('EUR');
    expect(answer.items).toEqual([
      { kind: 'flight', quoteId: answer.flights[0]!.quote.quoteId },
      { kind: 'flight', quoteId: answer.flights[1]!.quote.quoteId },
      { kind: 'hotel', quoteId: stay.hotel.quote.quoteId },
    ]);
    expect(answer.estimate).toBeNull();
  });

  it('records every part as a quote the booking flow can price again', async () => {
    const answer = await quote();
    const stay = answer.hotels[0]!.hotel;
    const requote = await api.post('/api/travel/requote', {
      kind: 'hotel',
      quoteId: stay.quote.quoteId,
      roomType: 'standard',
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nights: stay.nights,
      currency: 'USD',
    });
    expect(requote.statusCode, requote.body).toBe(200);
    expect((requote.json() as { originalPrice: number }).originalPrice).toBe(stay.price);
  });

  it('visits additional cities in order, sharing the nights and flying between them', async () => {
    const answer = await quote({ additionalCities: ['  Lyon ', 'Nice'] });
    expect(answer.stops.map((s) => [s.city, s.nights, s.checkIn])).toEqual([
      ['Paris', 3, CHECK_IN],
      ['Lyon', 2, addDays(CHECK_IN, 3)],
      ['Nice', 2, addDays(CHECK_IN, 5)],
    ]);
    expect(answer.flights.map((f) => [f.departure.airportCode, f.arrival.airportCode])).toEqual([
      ['JFK', 'CDG'],
      ['CDG', 'LYS'],
      ['LYS', 'NCE'],
      ['NCE', 'JFK'],
    ]);
    expect(answer.flights.map((f) => f.departure.date)).toEqual([
      CHECK_IN,
      addDays(CHECK_IN, 3),
      addDays(CHECK_IN, 5),
      addDays(CHECK_IN, 7),
    ]);
    expect(answer.hotels.map((h) => [h.hotel.address.city, h.hotel.nights])).toEqual([
      ['Paris', 3],
      ['Lyon', 2],
      ['Nice', 2],
    ]);
    expect(answer.items).toHaveLength(7);
  });

  it('books the hotel category’s stars and the chosen class for every traveller', async () => {
    const luxury = await quote({ hotelCategory: 'luxury' });
    const budget = await quote({ hotelCategory: 'budget' });
    expect(luxury.hotels[0]!.hotel.rating).toBe(5);
    expect(budget.hotels[0]!.hotel.rating).toBeLessThanOrEqual(3);
    expect(luxury.total).toBeGreaterThan(budget.total);

    const business = await quote({ flightClass: 'business', travelers: 5 });
    expect(business.flights.every((f) => f.class === 'business')).toBe(true);
    // The stay is quoted for the party, as the booking flow charges it.
    expect(business.breakdown.hotels).toBe(business.hotels[0]!.hotel.price);
    expect(business.breakdown.flights).toBe(
      cents((business.flights[0]!.price! + business.flights[1]!.price!) * 5),
    );
  });

  it('prices the suggested trip’s experiences and gives the §9 estimate from its quotes', async () => {
    const search = await api.post('/api/travel/search', {
      type: 'flights',
      origin: 'JFK',
      destination: 'CDG',
      departureDate: CHECK_IN,
      returnDate: addDays(CHECK_IN, 7),
      adults: 2,
      currency: 'USD',
    });
    const { flights, returnFlights } = search.json() as {
      flights: Flight[];
      returnFlights: Flight[];
    };
    const hotels = await api.post('/api/travel/search', {
      type: 'hotels',
      city: 'Paris',
      checkIn: CHECK_IN,
      checkOut: addDays(CHECK_IN, 7),
      adults: 2,
      currency: 'USD',
    });
    const hotel = (hotels.json() as { hotels: Hotel[] }).hotels[0]!;
    const found = await api.get('/api/travel/experiences?city=Paris&currency=USD');
    const experiences = (found.json() as { experiences: Experience[] }).experiences.slice(0, 2);
    const basis = {
      outboundQuoteId: flights[0]!.quote.quoteId,
      returnQuoteId: returnFlights[0]!.quote.quoteId,
      hotelQuoteId: hotel.quote.quoteId,
      experienceQuoteIds: experiences.map((e) => e.quote.quoteId),
    };
    // Nine nights where the suggested stay had seven: the estimate's original stretches the stay.
    const answer = await quote({ basis, travelers: 3, nights: 9, additionalCities: ['Lyon'] });
    expect(answer.experiences.map((e) => e.name)).toEqual(experiences.map((e) => e.name));
    expect(answer.items.filter((item) => item.kind === 'experience')).toHaveLength(2);
    const experienceTotal = experiences.reduce((sum, e) => sum + e.price!, 0) * 3;
    expect(answer.breakdown.experiences).toBeCloseTo(experienceTotal, 1);
    const original =
      (flights[0]!.price! + returnFlights[0]!.price!) * 2 +
      (hotel.price! / 7) * 9 +
      experiences.reduce((sum, e) => sum + e.price!, 0) * 2;
    expect(answer.estimate?.originalPrice).toBeCloseTo(original, 0);
    const expected = estimateTripPrice(answer.estimate!.originalPrice, {
      travelers: 3,
      flightClass: 'economy',
      hotelCategory: 'mid-range',
      additionalCities: ['Lyon'],
    });
    expect(answer.estimate).toMatchObject(expected);
    expect(answer.estimate?.multiplier).toBe(1.6);
  });

  it.each([
    [{ additionalCities: ['Atlantis Undersea'] }, 'unknown_additional_city'],
    [{ additionalCities: ['Paris'] }, 'duplicate_additional_city'],
    [{ additionalCities: ['Lyon', 'lyon'] }, 'duplicate_additional_city'],
    [{ nights: 2, additionalCities: ['Lyon', 'Nice'] }, 'too_many_cities_for_nights'],
    [{ checkIn: addDays(TODAY, -1) }, 'date_in_past'],
    [{ checkIn: '2027-02-30' }, 'date_not_in_calendar'],
    [{ checkIn: addDays(TODAY, 400) }, 'date_too_far_ahead'],
    [{ destination: 'JFK' }, 'same_airport'],
    [{ destination: 'QQQ' }, 'unknown_airport'],
    [{ travelers: 11 }, 'validation_failed'],
    [{ nights: 31 }, 'validation_failed'],
    [{ hotelCategory: 'hostel' }, 'validation_failed'],
    [{ additionalCities: ['A', 'B', 'C', 'D', 'E', 'F'] }, 'validation_failed'],
  ])('refuses %o with a 422 %s', async (overrides, code) => {
    const response = await api.post('/api/travel/trip_quotes', trip(overrides));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code, detail: expect.any(String) });
  });
});

describe('sharing the nights', () => {
  it('gives every stop at least a night, the first stops the remainder', () => {
    expect(shareNights(7, 1)).toEqual([7]);
    expect(shareNights(7, 3)).toEqual([3, 2, 2]);
    expect(shareNights(8, 3)).toEqual([3, 3, 2]);
    expect(shareNights(3, 3)).toEqual([1, 1, 1]);
  });
});
