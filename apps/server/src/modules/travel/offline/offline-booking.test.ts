import { randomUUID } from 'node:crypto';
import { addDays } from '@vowa/shared/travel/travel-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/database';
import { findAirport } from '../geo/airports';
import { resolvePlace } from '../geo/places';
import type { ProviderOrderStore } from '../provider-orders';
import { createProviderOrderRepository } from '../travel-repository';
import {
  TravelProviderError,
  type BookingTraveller,
  type Place,
  type ProviderBookingRequest,
  type ProviderExperience,
  type ProviderFlight,
  type ProviderHotel,
  type TravelProvider,
} from '../travel-provider';
import { createOfflineProvider } from './offline-provider';

// Bookings through the offline provider on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set), on a clock the tests move.
const url = process.env.DATABASE_URL;
const HOUR = 3_600_000;
const TODAY = '2026-11-21';
let clock = new Date(`${TODAY}T10:00:00Z`);
let handle: DatabaseHandle;
let orders: ProviderOrderStore;
let provider: TravelProvider;
const run = randomUUID().slice(0, 8);
/** Keys of this run only: the PostgreSQL database outlives test runs. */
const key = (name: string) => `test-${run}-${name}`;

beforeAll(async () => {
  handle = await openDatabase(
    url?.startsWith('postgres')
      ? { kind: 'postgres', url }
      : { kind: 'pglite', dataDir: 'memory://' },
  );
  orders = createProviderOrderRepository(handle.db, 'offline');
  provider = createOfflineProvider({ now: () => clock, orders });
});
afterAll(async () => {
  await handle.close();
});

const at = (iso: string) => {
  clock = new Date(iso);
};
const travellers = (count: number): BookingTraveller[] =>
  Array.from({ length: count }, (_, index) => ({
    givenName: ['Ada', 'Grace', 'Alan'][index] ?? 'Guest',
    familyName: 'Lovelace',
    bornOn: '1990-05-01',
  }));
const request = (
  kind: ProviderBookingRequest['kind'],
  offer: ProviderBookingRequest['offer'],
  name: string,
  overrides: Partial<ProviderBookingRequest> = {},
): ProviderBookingRequest => ({
  kind,
  offer,
  travellers: travellers(2),
  contact: { email: 'ada@example.com', phone: null },
  idempotencyKey: key(name),
  ...overrides,
});
const airport = (code: string) => findAirport(code)!;

async function economyFlight(departureDate = addDays(TODAY, 30)): Promise<ProviderFlight> {
  const [flight] = await provider.searchFlights({
    origin: airport('JFK'),
    destination: airport('CDG'),
    departureDate,
    adults: 2,
    travelClass: 'economy',
  });
  return flight!;
}

async function parisHotel(checkIn = addDays(TODAY, 30)): Promise<ProviderHotel> {
  const hotels = await provider.searchHotels({
    place: resolvePlace('Paris, France') as Place,
    checkIn,
    checkOut: addDays(checkIn, 3),
    adults: 2,
    roomType: 'standard',
  });
  return hotels.find((hotel) => /48 hours/.test(hotel.policies.cancellation)) ?? hotels[0]!;
}

async function failure(work: Promise<unknown>): Promise<TravelProviderError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TravelProviderError);
  return error as TravelProviderError;
}

describe('offline bookings', () => {
  it('confirms a flight with a six-character reference at the quoted price', async () => {
    at(`${TODAY}T10:00:00Z`);
    const flight = await economyFlight();
    const booking = await provider.book(request('flight', flight, 'flight'));
    expect(booking.reference).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(booking.orderId).toMatch(/^off-o_/);
    // Per person, for two travellers, in cents.
    expect(booking.amountMinor).toBe(Math.round(flight.price! * 100) * 2);
    expect(booking.currency).toBe('EUR');
    expect(booking.cancellation.penaltyText).toMatch(/^Within 24 hours of booking: a full refund/);
    expect(booking.cancellation.penaltyText).toMatch(/Economy fares are non-refundable/);
    expect(booking.cancellation.refundable).toBe(true);
    // Economy after the window: the airport taxes only.
    expect(booking.cancellation.refundAmountMinor).toBeGreaterThan(0);
    expect(booking.cancellation.refundAmountMinor).toBeLessThan(booking.amountMinor / 2);
    const stored = await orders.find(booking.orderId);
    expect(stored).toMatchObject({
      status: 'confirmed',
      reference: booking.reference,
      kind: 'flight',
    });
    // Departure, New York time (EST in December).
    expect(stored?.startsAt?.getTime()).toBe(
      Date.parse(`${flight.departure.date}T${flight.departure.time}:00-05:00`),
    );
  });

  it('answers the same order for the same key, however often and however concurrently', async () => {
    at(`${TODAY}T10:00:00Z`);
    const flight = await economyFlight(addDays(TODAY, 40));
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => provider.book(request('flight', flight, 'replayed'))),
    );
    expect(new Set(attempts.map((booking) => booking.orderId)).size).toBe(1);
    expect(new Set(attempts.map((booking) => booking.reference)).size).toBe(1);
    // The key belongs to that offer: another offer with it is refused, not booked.
    const other = await economyFlight(addDays(TODAY, 41));
    const refused = await failure(provider.book(request('flight', other, 'replayed')));
    expect(refused.kind).toBe('rejected');
    expect(refused.message).toMatch(/already used for another booking/);
  });

  it('re-prices an expired quote through the fare model and says so with the new offer', async () => {
    at(`${TODAY}T10:00:00Z`);
    const flight = await economyFlight(addDays(TODAY, 50));
    at(new Date(Date.parse(flight.validUntil) + HOUR).toISOString());
    const error = await failure(provider.book(request('flight', flight, 'expired')));
    expect(error.kind).toBe('price_changed');
    const fresh = error.offer as ProviderFlight;
    expect(fresh.flightNumber).toBe(flight.flightNumber);
    expect(fresh.departure).toEqual(flight.departure);
    expect(Date.parse(fresh.validUntil)).toBeGreaterThan(clock.getTime());
    expect(await orders.findByKey(key('expired'))).toBeNull();
    // The fresh offer books at its own price.
    const booking = await provider.book(request('flight', fresh, 'expired-then-fresh'));
    expect(booking.amountMinor).toBe(Math.round(fresh.price! * 100) * 2);
  });

  it('re-prices a re-quoted flight (another class and day) the same way', async () => {
    at(`${TODAY}T10:00:00Z`);
    const flight = await economyFlight(addDays(TODAY, 60));
    const business = await provider.requoteFlight(flight, {
      travelClass: 'business',
      departureDate: addDays(flight.departure.date, 1),
      departureTime: flight.departure.time,
    });
    at(new Date(Date.parse(business!.validUntil) + HOUR).toISOString());
    const error = await failure(provider.book(request('flight', business!, 'requoted')));
    expect(error.kind).toBe('price_changed');
    expect((error.offer as ProviderFlight).class).toBe('business');
    expect((error.offer as ProviderFlight).departure.date).toBe(business!.departure.date);
  });

  it('refuses what is no longer sold: a flight about to leave, a stay already begun', async () => {
    at(`${TODAY}T10:00:00Z`);
    const flight = await economyFlight(addDays(TODAY, 1));
    const departure = Date.parse(`${flight.departure.date}T${flight.departure.time}:00-05:00`);
    at(new Date(departure - HOUR).toISOString());
    expect((await failure(provider.book(request('flight', flight, 'late')))).kind).toBe('sold_out');
    at(`${TODAY}T10:00:00Z`);
    const hotel = await parisHotel(addDays(TODAY, 1));
    at(`${addDays(TODAY, 3)}T10:00:00Z`);
    expect((await failure(provider.book(request('hotel', hotel, 'begun')))).kind).toBe('sold_out');
  });

  it('needs every traveller named, and an offer of its own', async () => {
    at(`${TODAY}T10:00:00Z`);
    const flight = await economyFlight();
    const unnamed = request('flight', flight, 'unnamed', {
      travellers: [{ givenName: ' ', familyName: 'Lovelace', bornOn: null }],
    });
    expect((await failure(provider.book(unnamed))).kind).toBe('rejected');
    const foreign = { ...flight, id: 'off_0000AbCdEf' };
    expect((await failure(provider.book(request('flight', foreign, 'foreign')))).kind).toBe(
      'rejected',
    );
  });
});

describe('offline cancellations', () => {
  it('refunds everything within 24 hours, and a second cancel answers the same refund', async () => {
    at(`${TODAY}T10:00:00Z`);
    const booking = await provider.book(request('flight', await economyFlight(), 'cancel-early'));
    at(`${TODAY}T20:00:00Z`);
    const refund = await provider.cancel('flight', booking.orderId, key('cancel-early-1'));
    expect(refund).toEqual({ refundAmountMinor: booking.amountMinor, currency: 'EUR' });
    at(`${addDays(TODAY, 3)}T20:00:00Z`);
    expect(await provider.cancel('flight', booking.orderId, key('cancel-early-2'))).toEqual(refund);
    expect(await orders.find(booking.orderId)).toMatchObject({
      status: 'cancelled',
      refundAmountMinor: booking.amountMinor,
    });
  });

  it('after 24 hours, economy refunds the taxes it stated, and nothing after departure', async () => {
    at(`${TODAY}T10:00:00Z`);
    const flight = await economyFlight(addDays(TODAY, 20));
    const booking = await provider.book(request('flight', flight, 'cancel-late'));
    at(`${addDays(TODAY, 2)}T10:00:00Z`);
    const refund = await provider.cancel('flight', booking.orderId, key('cancel-late-1'));
    expect(refund.refundAmountMinor).toBe(booking.cancellation.refundAmountMinor);
    const flown = await provider.book(
      request('flight', await economyFlight(addDays(TODAY, 3)), 'flown'),
    );
    at(`${addDays(TODAY, 5)}T10:00:00Z`);
    expect((await provider.cancel('flight', flown.orderId, key('flown-1'))).refundAmountMinor).toBe(
      0,
    );
  });

  it("follows the hotel's own deadline, then charges the first night", async () => {
    at(`${TODAY}T10:00:00Z`);
    const hotel = await parisHotel(addDays(TODAY, 10));
    expect(hotel.policies.cancellation).toMatch(/48 hours before check-in/);
    const early = await provider.book(request('hotel', hotel, 'hotel-early'));
    // A stay is priced whole, not per traveller.
    expect(early.amountMinor).toBe(Math.round(hotel.price! * 100));
    expect(early.cancellation.penaltyText).toMatch(/Free cancellation until .*Paris time/);
    expect(early.cancellation.refundAmountMinor).toBe(early.amountMinor);
    at(`${addDays(TODAY, 5)}T10:00:00Z`);
    expect((await provider.cancel('hotel', early.orderId, key('h1'))).refundAmountMinor).toBe(
      early.amountMinor,
    );
    at(`${TODAY}T10:00:00Z`);
    const late = await provider.book(request('hotel', hotel, 'hotel-late'));
    // The day before check-in: inside the 48 hours, the first night is kept.
    at(`${addDays(TODAY, 9)}T10:00:00Z`);
    const refund = await provider.cancel('hotel', late.orderId, key('h2'));
    expect(refund.refundAmountMinor).toBe(late.amountMinor - Math.round(late.amountMinor / 3));
  });

  it("follows an experience's cancellation policy from the day it is booked for", async () => {
    at(`${TODAY}T10:00:00Z`);
    const experiences = await provider.searchExperiences({
      place: resolvePlace('Lisbon, Portugal') as Place,
    });
    const experience = experiences.find((candidate) =>
      /up to 24 hours before/.test(candidate.cancellationPolicy),
    ) as ProviderExperience;
    const date = addDays(TODAY, 14);
    const booking = await provider.book(request('experience', experience, 'tour', { date }));
    expect(booking.amountMinor).toBe(Math.round(experience.price! * 100) * 2);
    expect(booking.cancellation.penaltyText).toMatch(/Free cancellation until/);
    // The evening before: within 24 hours of the start, nothing comes back.
    at(`${addDays(date, -1)}T20:00:00Z`);
    expect(
      (await provider.cancel('experience', booking.orderId, key('x1'))).refundAmountMinor,
    ).toBe(0);
  });

  it('refuses to cancel an order it never made', async () => {
    const error = await failure(provider.cancel('flight', 'off-o_unknown', key('nothing')));
    expect(error.kind).toBe('rejected');
  });
});
