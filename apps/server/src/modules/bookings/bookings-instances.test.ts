import type { Booking, BookingQuoteResponse } from '@vowa/shared/bookings/booking-schemas';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, verifiedPerson } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Two instances share one database only on PostgreSQL (an in-memory PGlite is one process's).
const onPostgres = Boolean(process.env.DATABASE_URL) && process.env.DATABASE_URL !== 'memory://';
const NOW = new Date('2026-11-21T10:00:00Z');
const inDays = (days: number) => addDays('2026-11-21', days);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({}, { now: () => NOW });
    two = await createTestApp({}, { now: () => NOW });
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('50 requests with one key, half to each instance: one booking, one charge', async () => {
    const who = await verifiedPerson(one, 'Two Tabs Tina');
    const api = as(one.app, who);
    const flights = (
      await api.post('/api/travel/search', {
        type: 'flights',
        origin: 'JFK',
        destination: 'LIS',
        departureDate: inDays(45),
        adults: 1,
      })
    ).json() as { flights: Flight[] };
    const hotels = (
      await api.post('/api/travel/search', {
        type: 'hotels',
        city: 'Lisbon',
        checkIn: inDays(46),
        checkOut: inDays(50),
        adults: 1,
      })
    ).json() as { hotels: Hotel[] };
    const quote = (
      await api.post('/api/travel/bookings/quote', {
        items: [
          { kind: 'flight', quoteId: flights.flights[0]!.quote.quoteId },
          { kind: 'hotel', quoteId: hotels.hotels[0]!.quote.quoteId },
        ],
        travelers: 1,
      })
    ).json() as BookingQuoteResponse;
    const card = (
      await api.post('/api/payments/sandbox/cards', {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
        name: 'Tina',
        save: false,
      })
    ).json() as { paymentMethodId: string };
    const body = {
      items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
      travelers: [{ givenName: 'Tina', familyName: 'Two' }],
      contact: { email: who.email },
      acceptedTotal: quote.total,
      paymentMethodId: card.paymentMethodId,
      source: 'trip',
    };
    const key = `two-instances-${Date.now()}-${process.pid}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 === 0 ? one : two).app.inject({
          method: 'POST',
          url: '/api/travel/bookings',
          headers: { authorization: `Bearer ${who.accessToken}`, 'idempotency-key': key },
          payload: body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array.from({ length: 49 }, () => 200),
      201,
    ]);
    const ids = new Set(
      answers.map((answer) => (answer.json() as { booking: Booking }).booking.id),
    );
    expect(ids.size).toBe(1);
    const count = async (query: ReturnType<typeof sql>) =>
      ((await one.app.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(
      await count(sql`select count(*)::int as n from bookings where user_id = ${who.id}`),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from payments where user_id = ${who.id} and status = 'captured'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from travel_provider_orders where idempotency_key like ${`booking:${[...ids][0]}:%`}`,
      ),
    ).toBe(2);
  });
});
