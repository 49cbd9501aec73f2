import type { Booking, BookingQuoteResponse } from '@vowa/shared/bookings/booking-schemas';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight } from '@vowa/shared/travel/travel-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, verifiedPerson, type Person } from '../../../test/api-helpers';
import { startDuffelFake, type DuffelFake } from '../../../test/duffel-fake';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Booking a Duffel flight through the API, against the local fake of Duffel's HTTP contract.
const NOW = new Date('2026-11-21T10:00:00Z');
const BOOKINGS = '/api/travel/bookings';

let duffel: DuffelFake;
let t: TestApp;
beforeAll(async () => {
  duffel = await startDuffelFake({ now: () => NOW });
  t = await createTestApp(duffel.env(), { now: () => NOW });
});
afterAll(async () => {
  await t.close();
  await duffel.close();
});

let keys = 0;
const newKey = () => `duffel-booking-${process.pid}-${(keys += 1)}`;

async function flightQuote(who: Person) {
  const api = as(t.app, who);
  const search = await api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate: addDays('2026-11-21', 30),
    adults: 2,
  });
  expect(search.statusCode, search.body).toBe(200);
  const flight = (search.json() as { flights: Flight[] }).flights[0]!;
  expect(flight.quote.provider).toBe('duffel');
  const quote = await api.post(`${BOOKINGS}/quote`, {
    items: [{ kind: 'flight', quoteId: flight.quote.quoteId }],
    travelers: 2,
  });
  expect(quote.statusCode, quote.body).toBe(200);
  return quote.json() as BookingQuoteResponse;
}

async function card(who: Person) {
  const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
    name: 'Ada Lovelace',
    save: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentMethodId: string }).paymentMethodId;
}

function book(who: Person, body: object) {
  return t.app.inject({
    method: 'POST',
    url: BOOKINGS,
    headers: { authorization: `Bearer ${who.accessToken}`, 'idempotency-key': newKey() },
    payload: body,
  });
}

const paymentsOf = async (who: Person) => {
  const result = (await t.app.db.execute(
    sql`select count(*)::int as count from payments p join users u on u.id = p.user_id where u.email = ${who.email}`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count;
};

describe('a Duffel flight booking', () => {
  it("without a traveller's date of birth, gender or a phone: a clear 422 before any money moves", async () => {
    const ada = await verifiedPerson(t, 'Ada Duffel');
    const quote = await flightQuote(ada);
    const paymentMethodId = await card(ada);
    const body = (
      travelers: object[],
      contact: object = { email: ada.email, phone: '+442080160509' },
    ) => ({
      items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
      travelers,
      contact,
      acceptedTotal: quote.total,
      paymentMethodId,
      source: 'flight',
    });
    const complete: [object, object] = [
      { givenName: 'Ada', familyName: 'Lovelace', bornOn: '1985-12-10', gender: 'f' },
      { givenName: 'Charles', familyName: 'Babbage', bornOn: '1980-12-26', gender: 'm' },
    ];
    duffel.reset();

    const noBirthDate = await book(ada, body([complete[0], { ...complete[1], bornOn: undefined }]));
    expect(noBirthDate.statusCode, noBirthDate.body).toBe(422);
    expect(noBirthDate.json()).toMatchObject({
      code: 'traveller_details_required',
      detail: "Airlines need each traveller's date of birth and gender as on their passport.",
    });
    const noGender = await book(ada, body([complete[0], { ...complete[1], gender: undefined }]));
    expect(noGender.json()).toMatchObject({ code: 'traveller_details_required' });
    const noPhone = await book(ada, body(complete, { email: ada.email }));
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json()).toMatchObject({
      code: 'traveller_details_required',
      detail: 'Airlines need a contact phone number.',
    });

    // Nothing claimed, held or ordered.
    expect(await paymentsOf(ada)).toBe(0);
    expect(duffel.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    const list = await as(t.app, ada).get(BOOKINGS);
    expect(list.json()).toEqual({ upcoming: [], past: [] });

    // With the details the airline needs, it books.
    const booked = await book(ada, body(complete));
    expect(booked.statusCode, booked.body).toBe(201);
    expect((booked.json() as { booking: Booking }).booking.status).toBe('confirmed');
    expect(await paymentsOf(ada)).toBe(1);
  });
});
