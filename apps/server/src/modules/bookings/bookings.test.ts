import type {
  Booking,
  BookingQuoteResponse,
  CancellationTerms,
} from '@vowa/shared/bookings/booking-schemas';
import type { ProfileStats } from '@vowa/shared/profile/profile-schemas';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The app's clock: tests move it (the 24-hour window, a step stuck for a minute).
const START = new Date('2026-11-21T10:00:00Z');
let clock = START;
const TODAY = '2026-11-21';
const inDays = (days: number) => addDays(TODAY, days);
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const BOOKINGS = '/api/travel/bookings';
const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  noFunds: '4000 0000 0000 9995',
  confirm: '4000 0025 0000 3155',
};

let keys = 0;
const newKey = () => `booking-test-${process.pid}-${Date.now()}-${(keys += 1)}`;

async function card(who: Person, number: string) {
  const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
    number,
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
    name: 'Ada Lovelace',
    save: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentMethodId: string }).paymentMethodId;
}

/** A flight to Paris and a three-night stay there, as the search screens record them. */
async function offers(who: Person, departIn = 30) {
  const api = as(t.app, who);
  const flights = await api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate: inDays(departIn),
    adults: 2,
  });
  expect(flights.statusCode, flights.body).toBe(200);
  const hotels = await api.post('/api/travel/search', {
    type: 'hotels',
    city: 'Paris',
    checkIn: inDays(departIn + 1),
    checkOut: inDays(departIn + 4),
    adults: 2,
  });
  expect(hotels.statusCode, hotels.body).toBe(200);
  const flight = (flights.json() as { flights: Flight[] }).flights[0]!;
  const hotel = (hotels.json() as { hotels: Hotel[] }).hotels[0]!;
  return [
    { kind: 'flight' as const, quoteId: flight.quote.quoteId },
    { kind: 'hotel' as const, quoteId: hotel.quote.quoteId },
  ];
}

async function review(who: Person, items: { kind: string; quoteId: string }[]) {
  const response = await as(t.app, who).post(`${BOOKINGS}/quote`, { items, travelers: 2 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BookingQuoteResponse;
}

function bookingRequest(quote: BookingQuoteResponse, paymentMethodId: string, email: string) {
  return {
    items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
    travelers: [
      { givenName: 'Ada', familyName: 'Lovelace', bornOn: '1985-12-10' },
      { givenName: 'Charles', familyName: 'Babbage' },
    ],
    contact: { email },
    acceptedTotal: quote.total,
    paymentMethodId,
    source: 'trip',
    tripTitle: { destination: 'Paris', country: 'France', countryCode: 'FR' },
  };
}

function book(who: Person | null, key: string | null, body: object) {
  return t.app.inject({
    method: 'POST',
    url: BOOKINGS,
    headers: {
      ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: body,
  });
}

function cancel(who: Person, id: string, key: string, body: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${BOOKINGS}/${id}/cancel`,
    headers: { authorization: `Bearer ${who.accessToken}`, 'idempotency-key': key },
    payload: body,
  });
}

/** A verified person ready to book: offers reviewed, a card of `number`. */
async function ready(name: string, number = CARDS.ok) {
  const who = await verifiedPerson(t, name);
  const quote = await review(who, await offers(who));
  // Searched and reviewed the same day: the same fares.
  expect(quote.priceChanged).toBe(false);
  const body = bookingRequest(quote, await card(who, number), who.email);
  return { who, quote, body };
}

async function rows(query: ReturnType<typeof sql>) {
  // Both drivers (PGlite, node-postgres) answer with { rows }.
  const result = (await t.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
const bookingsOf = (who: Person) =>
  rows(sql`select id, status, step from bookings where user_id = ${who.id}`);
/** Charges that took money: captured (or captured and refunded) payments of the person. */
async function chargesOf(who: Person) {
  const result = await rows(
    sql`select count(*)::int as n from payments where user_id = ${who.id} and status in ('captured', 'refunded')`,
  );
  return result[0]!.n as number;
}
async function holdsOf(who: Person) {
  return rows(sql`select status from payments where user_id = ${who.id}`);
}
async function providerOrders(bookingId: string) {
  return rows(
    sql`select status from travel_provider_orders where idempotency_key like ${`booking:${bookingId}:%`}`,
  );
}

/** The base64 attachment of a mail in the outbox, decoded. */
function attachment(raw: string): string {
  const part = raw.split('Content-Disposition: attachment')[1] ?? '';
  const body = part.split(/\r?\n\r?\n/)[1] ?? '';
  return Buffer.from(body.split('--')[0]!.replace(/\s+/g, ''), 'base64').toString('utf8');
}

describe('who may book', () => {
  it('needs a sign-in for every route, and a verified address to book', async () => {
    for (const [method, url] of [
      ['GET', BOOKINGS],
      ['POST', BOOKINGS],
      ['POST', `${BOOKINGS}/quote`],
      ['GET', `${BOOKINGS}/00000000-0000-4000-8000-000000000000`],
      ['POST', `${BOOKINGS}/calendar_feed`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const unverified = await person(t.app, 'Unverified Booker');
    const quote = await review(unverified, await offers(unverified));
    const response = await book(
      unverified,
      newKey(),
      bookingRequest(quote, 'pm_x', unverified.email),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'email_not_verified' });
  });

  it("answers 404 for someone else's booking, as for one that does not exist", async () => {
    const { who, body } = await ready('Owner Olga');
    const created = await book(who, newKey(), body);
    expect(created.statusCode, created.body).toBe(201);
    const { booking } = created.json() as { booking: Booking };
    const stranger = as(t.app, await verifiedPerson(t, 'Stranger Stan'));
    for (const url of [
      `${BOOKINGS}/${booking.id}`,
      `${BOOKINGS}/${booking.id}/cancellation`,
      `${BOOKINGS}/${booking.id}/calendar.ics`,
      `${BOOKINGS}/not-an-id`,
      // 36 characters that are no UUID: never sent to PostgreSQL as one (was a 500).
      `${BOOKINGS}/${'-'.repeat(36)}`,
      `${BOOKINGS}/${'-'.repeat(36)}/cancellation`,
    ]) {
      const response = await stranger.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'booking_not_found' });
    }
    const stolen = await stranger.post(`${BOOKINGS}/${booking.id}/cancel`, {});
    expect(stolen.statusCode).toBe(400); // no key: refused before anything is looked up
  });
});

describe('booking exactly once', () => {
  it('books, pays and confirms; the same key gives the same booking, another body a 422', async () => {
    const { who, quote, body } = await ready('Ada Once');
    const key = newKey();
    const first = await book(who, key, body);
    expect(first.statusCode, first.body).toBe(201);
    const { booking } = first.json() as { booking: Booking };
    expect(booking).toMatchObject({
      status: 'confirmed',
      reference: expect.stringMatching(/^VW-[A-Z2-9]{6}$/),
      destination: 'Paris',
      countryCode: 'FR',
      travelerCount: 2,
      total: quote.total,
      payment: { brand: 'visa', last4: '4242', status: 'captured' },
      failureReason: null,
    });
    expect(booking.items.every((item) => item.status === 'confirmed')).toBe(true);
    expect(booking.items.every((item) => /^[A-Z2-9]{6}$/.test(item.providerReference!))).toBe(true);
    expect(Date.parse(booking.freeCancellationUntil!) - Date.parse(booking.createdAt)).toBe(
      24 * 3_600_000,
    );

    const again = await book(who, key, body);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { booking: Booking }).booking.id).toBe(booking.id);

    const other = await book(who, key, { ...body, specialRequests: 'A quiet room' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });

    const missing = await book(who, null, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'idempotency_key_required' });

    expect(await bookingsOf(who)).toHaveLength(1);
    expect(await chargesOf(who)).toBe(1);
    expect(await providerOrders(booking.id)).toHaveLength(2);
  });

  it('50 parallel requests with one key: one booking, one charge', async () => {
    const { who, body } = await ready('Double Clicker');
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(who, key, body)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 200)).toBe(
      true,
    );
    const ids = new Set(
      answers.map((answer) => (answer.json() as { booking: Booking }).booking.id),
    );
    expect(ids.size).toBe(1);
    expect(await bookingsOf(who)).toHaveLength(1);
    expect(await chargesOf(who)).toBe(1);
    expect(await holdsOf(who)).toHaveLength(1);
    expect(await providerOrders([...ids][0]!)).toHaveLength(2);
  });

  it('refuses a price that moved (409, nothing charged), then books the accepted new price', async () => {
    const who = await verifiedPerson(t, 'Price Watcher');
    const items = await offers(who, 40);
    const reviewed = await review(who, items);
    const paymentMethodId = await card(who, CARDS.ok);
    const key = newKey();
    try {
      // Later the reviewed quotes have expired and the fares have drifted.
      clock = new Date(Date.parse(reviewed.validUntil) + 60_000);
      for (let day = 0; day < 30; day += 1) {
        if ((await review(who, items)).total.amountMinor !== reviewed.total.amountMinor) break;
        later(86_400_000);
      }
      const stale = await book(who, key, bookingRequest(reviewed, paymentMethodId, who.email));
      expect(stale.statusCode, stale.body).toBe(409);
      const changed = stale.json() as {
        code: string;
        total: { amountMinor: number };
        previousTotal: { amountMinor: number };
        items: { quoteId: string; kind: string }[];
      };
      expect(changed.code).toBe('price_changed');
      expect(changed.previousTotal).toEqual(reviewed.total);
      expect(changed.total.amountMinor).not.toBe(reviewed.total.amountMinor);
      expect(await bookingsOf(who)).toHaveLength(0);
      expect(await holdsOf(who)).toHaveLength(0);

      // The review shows old → new; accepting it books with the same key.
      const requoted = await review(who, items);
      expect(requoted.total).toEqual(changed.total);
      const accepted = await book(who, key, bookingRequest(requoted, paymentMethodId, who.email));
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect((accepted.json() as { booking: Booking }).booking.total).toEqual(changed.total);
      expect(await chargesOf(who)).toBe(1);
    } finally {
      clock = START;
    }
  });
});

describe('sandbox cards through a booking', () => {
  it.each([
    [CARDS.declined, 'payment_declined', 'Your card was declined.'],
    [CARDS.noFunds, 'payment_insufficient_funds', 'Your card has insufficient funds.'],
  ])(
    '%s: 402 %s with its message, the booking failed, nothing charged',
    async (number, code, detail) => {
      const { who, body } = await ready(`Card ${code}`, number);
      const response = await book(who, newKey(), body);
      expect(response.statusCode, response.body).toBe(402);
      const answer = response.json() as { code: string; detail: string; booking: Booking };
      expect(answer).toMatchObject({ code, detail });
      expect(answer.booking).toMatchObject({ status: 'failed', failureReason: detail });
      expect(answer.booking.items.every((item) => item.providerReference === null)).toBe(true);
      expect(await chargesOf(who)).toBe(0);
      expect(await providerOrders(answer.booking.id)).toHaveLength(0);
    },
  );

  it('a card that needs confirming: 202 with the step, then the same request completes it', async () => {
    const { who, body } = await ready('Confirm Carla', CARDS.confirm);
    const key = newKey();
    const first = await book(who, key, body);
    expect(first.statusCode, first.body).toBe(202);
    const waiting = first.json() as {
      booking: Booking;
      action: { type: string; paymentId: string };
    };
    expect(waiting.booking.status).toBe('awaiting_payment');
    expect(waiting.action.type).toBe('sandbox_confirm');
    expect(await chargesOf(who)).toBe(0);

    // Asking again before confirming shows the same step.
    const repeat = await book(who, key, body);
    expect(repeat.statusCode).toBe(202);
    expect((repeat.json() as { action: unknown }).action).toEqual(waiting.action);

    const confirmed = await as(t.app, who).post(
      `/api/payments/sandbox/payments/${waiting.action.paymentId}/confirm`,
      { outcome: 'complete' },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const resumed = await book(who, key, body);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((resumed.json() as { booking: Booking }).booking).toMatchObject({
      id: waiting.booking.id,
      status: 'confirmed',
    });
    expect(await chargesOf(who)).toBe(1);
  });

  it('a confirmation step that fails ends in 402; one never retried is finished by the job', async () => {
    const { who, body } = await ready('Fail Fred', CARDS.confirm);
    const key = newKey();
    const first = (await book(who, key, body)).json() as { action: { paymentId: string } };
    await as(t.app, who).post(`/api/payments/sandbox/payments/${first.action.paymentId}/confirm`, {
      outcome: 'fail',
    });
    const failed = await book(who, key, body);
    expect(failed.statusCode, failed.body).toBe(402);
    expect(await chargesOf(who)).toBe(0);

    // Someone who confirms and closes the tab: the recovery job books it.
    const tabCloser = await ready('Tab Closer', CARDS.confirm);
    const started = (await book(tabCloser.who, newKey(), tabCloser.body)).json() as {
      booking: Booking;
      action: { paymentId: string };
    };
    await as(t.app, tabCloser.who).post(
      `/api/payments/sandbox/payments/${started.action.paymentId}/confirm`,
      { outcome: 'complete' },
    );
    later(61_000);
    await t.app.bookings.recover();
    const booking = (
      await as(t.app, tabCloser.who).get(`${BOOKINGS}/${started.booking.id}`)
    ).json() as {
      booking: Booking;
    };
    expect(booking.booking.status).toBe('confirmed');
    expect(await chargesOf(tabCloser.who)).toBe(1);
  });
});

describe('recovery after a crash between steps', () => {
  type Outside = typeof t.app.bookings.outside;
  /** Makes one outside call do its work and then "die" once, as a process killed right after. */
  function dieOnceAfter<S extends 'travel' | 'payments'>(
    side: S,
    name: keyof Outside[S],
  ): () => void {
    const target = t.app.bookings.outside[side] as unknown as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >;
    const original = target[name as string]!;
    let died = false;
    target[name as string] = async (...args: unknown[]) => {
      const result = await original.apply(target, args);
      if (!died) {
        died = true;
        throw new Error('simulated crash after the call');
      }
      return result;
    };
    return () => {
      target[name as string] = original;
    };
  }

  it.each([
    ['payments', 'authorize'],
    ['travel', 'book'],
    ['payments', 'capture'],
  ] as const)('dies after %s.%s: the job finishes it, nothing twice', async (side, name) => {
    const restore = dieOnceAfter(side, name as never);
    try {
      const { who, body } = await ready(`Crash ${name}`);
      const response = await book(who, newKey(), body);
      expect(response.statusCode, response.body).toBe(202);
      const { booking } = response.json() as { booking: Booking };
      expect(booking.status).toBe('processing');

      // Not yet a minute: the job leaves it alone.
      await t.app.bookings.recover();
      expect((await bookingsOf(who))[0]!.status).toBe('processing');

      later(61_000);
      await t.app.bookings.recover();
      const [row] = await bookingsOf(who);
      expect(row).toMatchObject({ status: 'confirmed', step: 'confirmed' });
      // Confirmed a minute after booking: the free window still runs from the booking.
      const done = (await as(t.app, who).get(`${BOOKINGS}/${booking.id}`)).json() as {
        booking: Booking;
      };
      expect(done.booking.confirmedAt).not.toBe(done.booking.createdAt);
      expect(Date.parse(done.booking.freeCancellationUntil!)).toBe(
        Date.parse(booking.createdAt) + 24 * 3_600_000,
      );
      expect(await chargesOf(who)).toBe(1);
      expect(await holdsOf(who)).toHaveLength(1);
      expect(await providerOrders(booking.id)).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it('dies after the refund while cancelling: 202, and the job finishes it, one refund', async () => {
    const { who, body } = await ready('Crash Cancel');
    const { booking } = (await book(who, newKey(), body)).json() as { booking: Booking };
    const restore = dieOnceAfter('payments', 'refund');
    try {
      const response = await cancel(who, booking.id, newKey());
      expect(response.statusCode, response.body).toBe(202);
      later(61_000);
      await t.app.bookings.recover();
      const after = (await as(t.app, who).get(`${BOOKINGS}/${booking.id}`)).json() as {
        booking: Booking;
      };
      expect(after.booking).toMatchObject({ status: 'cancelled', refund: booking.total });
      const refunds = await rows(
        sql`select count(*)::int as n from sandbox_refunds r join payments p on p.provider_payment_id = r.payment_id where p.user_id = ${who.id}`,
      );
      expect(refunds[0]!.n).toBe(1);
    } finally {
      restore();
      clock = START;
    }
  });

  it('a provider that refuses after the card was held: booked items cancelled, hold released', async () => {
    const travel = t.app.bookings.outside.travel;
    const original = travel.book;
    let calls = 0;
    travel.book = async (request) => {
      calls += 1;
      if (calls === 2) {
        const { TravelProviderError } = await import('../travel/travel-booking-service');
        throw new TravelProviderError('sold_out', 'This offer is sold out or no longer on sale.');
      }
      return original(request);
    };
    try {
      const { who, body } = await ready('Sold Out Sam');
      const response = await book(who, newKey(), body);
      expect(response.statusCode, response.body).toBe(409);
      const answer = response.json() as { code: string; booking: Booking };
      expect(answer.code).toBe('booking_failed');
      expect(answer.booking).toMatchObject({ status: 'failed', failureCode: 'offer_unavailable' });
      expect(answer.booking.payment.status).toBe('released');
      expect(await chargesOf(who)).toBe(0);
      expect((await holdsOf(who)).map((hold) => hold.status)).toEqual(['released']);
      expect((await providerOrders(answer.booking.id)).map((order) => order.status)).toEqual([
        'cancelled',
      ]);
    } finally {
      travel.book = original;
    }
  });
});

describe('cancelling', () => {
  it('within 24 hours: everything refunded, the provider bookings cancelled, a mail sent', async () => {
    const { who, body } = await ready('Cancel Quick');
    const { booking } = (await book(who, newKey(), body)).json() as { booking: Booking };
    await t.app.jobs.runDue({ names: ['bookings.mail'] });
    later(3 * 3_600_000);
    try {
      const terms = (
        await as(t.app, who).get(`${BOOKINGS}/${booking.id}/cancellation`)
      ).json() as CancellationTerms;
      expect(terms).toMatchObject({ cancellable: true, free: true, refund: booking.total });
      const key = newKey();
      const response = await cancel(who, booking.id, key);
      expect(response.statusCode, response.body).toBe(200);
      const cancelled = (response.json() as { booking: Booking }).booking;
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        refund: booking.total,
        payment: { status: 'refunded' },
      });
      expect(cancelled.items.every((item) => item.status === 'cancelled')).toBe(true);
      expect(
        (await providerOrders(booking.id)).every((order) => order.status === 'cancelled'),
      ).toBe(true);
      // The same key again: the same answer, nothing refunded twice.
      expect((await cancel(who, booking.id, key)).statusCode).toBe(200);
      const refunds = await rows(
        sql`select count(*)::int as n from sandbox_refunds r join payments p on p.provider_payment_id = r.payment_id where p.user_id = ${who.id}`,
      );
      expect(refunds[0]!.n).toBe(1);
      // Another key on a cancelled booking.
      expect((await cancel(who, booking.id, newKey())).json()).toMatchObject({
        code: 'booking_not_cancellable',
      });

      await t.app.jobs.runDue({ names: ['bookings.mail'] });
      const mail = (await t.outbox()).filter((message) => message.to === who.email);
      expect(mail.map((message) => message.subject)).toEqual(
        expect.arrayContaining(['Your trip to Paris is booked', 'Your trip to Paris is cancelled']),
      );
    } finally {
      clock = START;
    }
  });

  it("after 24 hours: the provider's terms, stated first and confirmed", async () => {
    const { who, body } = await ready('Cancel Late');
    const { booking } = (await book(who, newKey(), body)).json() as { booking: Booking };
    later(25 * 3_600_000);
    try {
      const terms = (
        await as(t.app, who).get(`${BOOKINGS}/${booking.id}/cancellation`)
      ).json() as CancellationTerms;
      expect(terms.cancellable).toBe(true);
      expect(terms.free).toBe(false);
      expect(terms.refund.amountMinor + terms.penalty.amountMinor).toBe(booking.total.amountMinor);
      expect(terms.items).toHaveLength(2);
      expect(terms.items.some((item) => item.penaltyText)).toBe(true);

      // Not confirmed with the terms shown: refused, nothing happens.
      const blind = await cancel(who, booking.id, newKey());
      expect(blind.statusCode).toBe(409);
      expect(blind.json()).toMatchObject({ code: 'cancellation_terms_changed' });

      const response = await cancel(who, booking.id, newKey(), { acceptedRefund: terms.refund });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { booking: Booking }).booking).toMatchObject({
        status: 'cancelled',
        refund: terms.refund,
      });
    } finally {
      clock = START;
    }
  });
});

describe('calendar files and mail', () => {
  it('a booking as an ICS file, and the private feed by its token (never logged)', async () => {
    const { who, body } = await ready('Calendar Cal');
    const { booking } = (await book(who, newKey(), body)).json() as { booking: Booking };
    const ics = await as(t.app, who).get(`${BOOKINGS}/${booking.id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.body).toMatch(/DTSTART:\d{8}T\d{6}Z/); // the flight, at its instant
    expect(ics.body).toMatch(/DTSTART;VALUE=DATE:\d{8}/); // the stay, all day
    expect(ics.body).toContain(booking.reference);

    const created = await as(t.app, who).post(`${BOOKINGS}/calendar_feed`);
    const { url } = created.json() as { url: string };
    const path = new URL(url).pathname;
    const token = path.split('/').at(-1)!.replace('.ics', '');
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(booking.reference);
    expect(t.logs.join('\n')).not.toContain(token);
    expect((await as(t.app, who).get(`${BOOKINGS}/calendar_feed`)).json()).toMatchObject({
      active: true,
    });

    expect((await as(t.app, who).delete(`${BOOKINGS}/calendar_feed`)).statusCode).toBe(204);
    const revoked = await t.app.inject({ method: 'GET', url: path });
    expect(revoked.statusCode).toBe(404);
  });

  it('the confirmation mail carries the trip as an ICS file, and honours the switch', async () => {
    const { who, body } = await ready('Mail Mia');
    await book(who, newKey(), body);
    await t.app.jobs.runDue({ names: ['bookings.mail'] });
    const [mail] = (await t.outbox()).filter(
      (message) => message.to === who.email && message.subject.includes('booked'),
    );
    expect(mail?.raw).toContain('Content-Type: text/calendar');
    expect(attachment(mail!.raw)).toContain('BEGIN:VCALENDAR');
    expect(mail?.raw).toContain('Trip to Paris booked successfully for');

    // In the person's language and currency.
    const spanish = await ready('Sofía Española');
    await as(t.app, spanish.who).put('/api/user_management/settings', {
      account: { language: 'es', currency: 'USD' },
    });
    await book(spanish.who, newKey(), spanish.body);
    await t.app.jobs.runDue({ names: ['bookings.mail'] });
    const [spanishMail] = (await t.outbox()).filter(
      (message) => message.to === spanish.who.email && message.raw.includes('reservado'),
    );
    expect(spanishMail).toBeDefined();
    const decoded = spanishMail!.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`);
    const text = decodeURIComponent(decoded.replace(/%(?![0-9A-F]{2})/g, '%25'));
    expect(text).toContain('¡Viaje a Paris reservado con éxito por');
    expect(text).toMatch(/Unos [\d.,]+\sUS\$/);

    const quiet = await ready('Quiet Quinn');
    await as(t.app, quiet.who).put('/api/user_management/settings', {
      notifications: { bookingConfirmations: false },
    });
    expect((await book(quiet.who, newKey(), quiet.body)).statusCode).toBe(201);
    await t.app.jobs.runDue({ names: ['bookings.mail'] });
    const toQuiet = (await t.outbox()).filter(
      (message) => message.to === quiet.who.email && message.subject.includes('booked'),
    );
    expect(toQuiet).toEqual([]);
  });
});

describe('the profile from bookings', () => {
  it('counts the trip, unlocks First Trip, lists it, and shares it on the public profile', async () => {
    const { who, body } = await ready('Profile Pat');
    const { booking } = (await book(who, newKey(), body)).json() as { booking: Booking };
    const stats = (await as(t.app, who).get('/api/user_management/stats')).json() as ProfileStats;
    expect(stats.tripsBooked).toBe(1);
    expect(stats.favoriteDestination).toBe('Paris, France');
    expect(stats.achievements.find((a) => a.key === 'first_trip')?.unlocked).toBe(true);
    expect(stats.recentTrips).toEqual([
      {
        id: booking.id,
        destination: 'Paris',
        country: 'France',
        date: booking.startDate,
        status: 'confirmed',
      },
    ]);
    expect(stats.totalSaved).toBeGreaterThanOrEqual(0);
    // The trip has not begun: France is not visited yet.
    expect(stats.countriesVisited).toBe(0);

    const own = (await as(t.app, who).get(`/api/users/${who.id}/profile`)).json() as {
      trips: unknown[] | null;
    };
    expect(own.trips).toEqual([
      { id: booking.id, destination: 'Paris', country: 'France', date: booking.startDate },
    ]);
    await as(t.app, who).put('/api/user_management/settings', { privacy: { shareTrips: false } });
    const hidden = (await as(t.app, who).get(`/api/users/${who.id}/profile`)).json() as {
      trips: unknown[] | null;
    };
    expect(hidden.trips).toBeNull();
  });
});

describe('review findings', () => {
  type AnyCall = (...args: unknown[]) => Promise<unknown>;
  /** Records every outside call as `name:key`; `hook` may wrap one (to slow it down). */
  function recordCalls(hook?: { name: string; around: (call: () => Promise<unknown>) => unknown }) {
    const calls: string[] = [];
    const restores: (() => void)[] = [];
    const keyOf: Record<string, (args: unknown[]) => unknown> = {
      authorize: (args) => (args[0] as { idempotencyKey: string }).idempotencyKey,
      capture: (args) => args[1],
      release: (args) => args[1],
      refund: (args) => args[2],
      book: (args) => (args[0] as { idempotencyKey: string }).idempotencyKey,
      cancel: (args) => args[2],
    };
    for (const side of ['travel', 'payments'] as const) {
      const target = t.app.bookings.outside[side] as unknown as Record<string, AnyCall>;
      for (const name of Object.keys(keyOf)) {
        const original = target[name];
        if (!original) continue;
        target[name] = async (...args: unknown[]) => {
          calls.push(`${name}:${String(keyOf[name]!(args))}`);
          const call = () => original.apply(target, args);
          return hook?.name === name ? hook.around(call) : call();
        };
        restores.push(() => {
          target[name] = original;
        });
      }
    }
    return {
      calls,
      count: (name: string) => calls.filter((call) => call.startsWith(`${name}:`)).length,
      restore: () => restores.forEach((restore) => restore()),
    };
  }

  /** The first authorize answers only when `open()` is called; `inside` once it has been made. */
  function slowFirstAuthorize() {
    let open!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let first = true;
    const recorder = recordCalls({
      name: 'authorize',
      around: async (call) => {
        const result = await call();
        if (first) {
          first = false;
          entered();
          await gate;
        }
        return result;
      },
    });
    return { ...recorder, open, inside };
  }

  it('a request and the job racing on one booking: each outside call is made once', async () => {
    // The provider takes two minutes: the job (every minute) must not drive it meanwhile.
    const slow = slowFirstAuthorize();
    try {
      const { who, body } = await ready('Race Rita');
      const answer = book(who, newKey(), body);
      await slow.inside;
      later(60_000 + 1);
      await t.app.bookings.recover();
      later(60_000);
      await t.app.bookings.recover();
      slow.open();
      const response = await answer;
      expect(response.statusCode, response.body).toBe(201);
      expect(slow.count('authorize')).toBe(1);
      expect(slow.count('book')).toBe(2);
      expect(slow.count('capture')).toBe(1);
      expect(new Set(slow.calls).size).toBe(slow.calls.length);
      expect(await chargesOf(who)).toBe(1);
    } finally {
      slow.restore();
      clock = START;
    }
  });

  it('a driver whose lease lapsed mid-call stops: the new holder finishes, nothing repeated', async () => {
    const slow = slowFirstAuthorize();
    try {
      const { who, body } = await ready('Lapsed Lars');
      const answer = book(who, newKey(), body);
      await slow.inside;
      // Longer than the lease: the request counts as dead and the job takes the booking over.
      later(6 * 60_000);
      await t.app.bookings.recover();
      const [taken] = await bookingsOf(who);
      expect(taken).toMatchObject({ status: 'confirmed', step: 'confirmed' });
      const booksByJob = slow.count('book');
      slow.open();
      const response = await answer;
      expect(response.statusCode, response.body).toBe(201);
      expect((response.json() as { booking: Booking }).booking.status).toBe('confirmed');
      // The request wrote nothing more and called nothing more once its answer came back.
      expect(slow.count('book')).toBe(booksByJob);
      expect(slow.count('book')).toBe(2);
      expect(slow.count('capture')).toBe(1);
      // Only the call in flight when the lease lapsed was made twice, with the same key.
      expect(new Set(slow.calls.filter((call) => call.startsWith('authorize:'))).size).toBe(1);
      expect(await chargesOf(who)).toBe(1);
      expect(await holdsOf(who)).toHaveLength(1);
      const [lease] = await rows(
        sql`select lease_id, lease_until from bookings where user_id = ${who.id}`,
      );
      expect(lease).toEqual({ lease_id: null, lease_until: null });
    } finally {
      slow.restore();
      clock = START;
    }
  });

  it('a flight priced for the party as a whole costs its exact total; another party size is a 422', async () => {
    const { amountFor } = await import('./booking-items');
    const flight = { price: 33.33, currency: 'USD', totalFor: { passengers: 3, amount: 100 } };
    expect(amountFor('flight', flight as never, 3)).toBe(10_000);
    expect(() => amountFor('flight', flight as never, 2)).toThrow(
      expect.objectContaining({ code: 'travellers_differ_from_quote' }),
    );

    const { who, body } = await ready('Party Pia');
    const flightQuote = body.items.find((item) => item.kind === 'flight')!.quoteId;
    // Quotes are shared by everyone who searched the same: put it back afterwards.
    const restore = () =>
      t.app.db.execute(
        sql`update travel_quotes set offer = offer - 'totalFor' where id = ${flightQuote}`,
      );
    try {
      await partySizes(who, body, flightQuote);
    } finally {
      await restore();
    }
  });

  async function partySizes(
    who: Person,
    body: ReturnType<typeof bookingRequest>,
    flightQuote: string,
  ) {
    await t.app.db.execute(
      sql`update travel_quotes set offer = jsonb_set(offer, '{totalFor}', '{"passengers": 3, "amount": 1000.01}') where id = ${flightQuote}`,
    );
    const reviewed = await as(t.app, who).post(`${BOOKINGS}/quote`, {
      items: body.items,
      travelers: 2,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(422);
    expect(reviewed.json()).toMatchObject({ code: 'travellers_differ_from_quote' });
    const created = await book(who, newKey(), body);
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toMatchObject({ code: 'travellers_differ_from_quote' });
    expect(await bookingsOf(who)).toHaveLength(0);
    expect(await holdsOf(who)).toHaveLength(0);

    // For the quoted party: the provider's exact total, not the rounded price × travellers.
    await t.app.db.execute(
      sql`update travel_quotes set offer = jsonb_set(offer, '{totalFor}', '{"passengers": 2, "amount": 1000.01}') where id = ${flightQuote}`,
    );
    const exact = await as(t.app, who).post(`${BOOKINGS}/quote`, {
      items: body.items,
      travelers: 2,
    });
    expect(exact.statusCode, exact.body).toBe(200);
    const flightItem = (exact.json() as BookingQuoteResponse).items.find(
      (item) => item.kind === 'flight',
    )!;
    expect(flightItem.previousAmountMinor).toBe(100_001);
  }

  it('an experience day must exist and not be over (nothing held)', async () => {
    const who = await verifiedPerson(t, 'Day Dora');
    const found = await as(t.app, who).get('/api/travel/experiences?city=Paris');
    expect(found.statusCode, found.body).toBe(200);
    const [experience] = (found.json() as { experiences: { quote: { quoteId: string } }[] })
      .experiences;
    const item = (date: string) => ({
      kind: 'experience' as const,
      quoteId: experience!.quote.quoteId,
      date,
    });
    const impossible = await as(t.app, who).post(`${BOOKINGS}/quote`, {
      items: [item('2026-02-30')],
      travelers: 2,
    });
    expect(impossible.statusCode, impossible.body).toBe(422);
    expect(impossible.json()).toMatchObject({ code: 'validation_failed' });

    const upcoming = await review(who, [item(inDays(5))]);
    const paymentMethodId = await card(who, CARDS.ok);
    const past = { ...bookingRequest(upcoming, paymentMethodId, who.email) };
    past.items = [item(inDays(-1))];
    const quoted = await as(t.app, who).post(`${BOOKINGS}/quote`, {
      items: past.items,
      travelers: 2,
    });
    expect(quoted.statusCode, quoted.body).toBe(422);
    expect(quoted.json()).toMatchObject({ code: 'date_in_past' });
    const created = await book(who, newKey(), past);
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toMatchObject({ code: 'date_in_past' });
    const impossibleBooking = await book(who, newKey(), { ...past, items: [item('2026-02-30')] });
    expect(impossibleBooking.statusCode, impossibleBooking.body).toBe(422);
    expect(impossibleBooking.json()).toMatchObject({ code: 'validation_failed' });
    expect(await bookingsOf(who)).toHaveLength(0);
    expect(await holdsOf(who)).toHaveLength(0);
  });

  it('a provider that refuses to cancel while unwinding: the hold is still released', async () => {
    const { TravelProviderError } = await import('../travel/travel-booking-service');
    const travel = t.app.bookings.outside.travel;
    const original = { book: travel.book, cancel: travel.cancel };
    let books = 0;
    travel.book = async (request) => {
      books += 1;
      if (books === 2) throw new TravelProviderError('sold_out', 'Sold out.');
      return original.book(request);
    };
    travel.cancel = async () => {
      throw new TravelProviderError('rejected', 'This order can no longer be cancelled.');
    };
    try {
      const { who, body } = await ready('Stubborn Stella');
      const response = await book(who, newKey(), body);
      expect(response.statusCode, response.body).toBe(409);
      const { booking } = response.json() as { booking: Booking };
      expect(booking).toMatchObject({ status: 'failed', failureCode: 'offer_unavailable' });
      expect(booking.payment.status).toBe('released');
      expect(booking.items.map((item) => item.status)).toEqual(['cancel_failed', 'failed']);
      expect((await holdsOf(who)).map((hold) => hold.status)).toEqual(['released']);
      expect(await chargesOf(who)).toBe(0);
      expect(t.logs.join('\n')).toContain('the provider did not cancel a booked item');
    } finally {
      Object.assign(travel, original);
    }
  });

  it('a provider that never answers: after the cap the booking is unwound, not retried forever', async () => {
    const travel = t.app.bookings.outside.travel;
    const original = travel.book;
    // Books at the provider, but the answer never arrives (a timeout every time).
    travel.book = async (request) => {
      await original(request);
      throw new Error('provider timed out');
    };
    try {
      const { who, body } = await ready('Timeout Tim');
      const response = await book(who, newKey(), body);
      expect(response.statusCode, response.body).toBe(202);
      const { booking } = response.json() as { booking: Booking };
      for (let run = 0; run < 20; run += 1) {
        later(61_000);
        await t.app.bookings.recover();
        if ((await bookingsOf(who))[0]!.status !== 'processing') break;
      }
      const after = (await as(t.app, who).get(`${BOOKINGS}/${booking.id}`)).json() as {
        booking: Booking;
      };
      expect(after.booking).toMatchObject({ status: 'failed', failureCode: 'booking_failed' });
      expect(after.booking.payment.status).toBe('released');
      expect(await chargesOf(who)).toBe(0);
      // The order the lost answer made was found by its key and cancelled.
      expect((await providerOrders(booking.id)).map((order) => order.status)).toEqual([
        'cancelled',
      ]);
      const steps = await rows(sql`select step from bookings where id = ${booking.id}`);
      expect(steps[0]!.step).toBe('failed');
    } finally {
      travel.book = original;
      clock = START;
    }
  });

  it("after 24 hours the provider's refund is the one as of cancelling, never more than it gives back", async () => {
    /** A hotel-only booking checking in 31 days from now. */
    async function hotelBooking(name: string) {
      const who = await verifiedPerson(t, name);
      const [, hotel] = await offers(who);
      const quote = await review(who, [hotel!]);
      const body = bookingRequest(quote, await card(who, CARDS.ok), who.email);
      const created = await book(who, newKey(), body);
      expect(created.statusCode, created.body).toBe(201);
      return { who, booking: (created.json() as { booking: Booking }).booking };
    }
    const termsOf = async (who: Person, id: string) =>
      (await as(t.app, who).get(`${BOOKINGS}/${id}/cancellation`)).json() as CancellationTerms;
    // The evening before check-in: past every offline hotel's free-cancellation deadline.
    const afterDeadline = new Date(`${inDays(30)}T20:00:00Z`);
    try {
      const { who, booking } = await hotelBooking('Late Lena');
      later(25 * 3_600_000);
      const early = await termsOf(who, booking.id);
      expect(early.refund).toEqual(booking.total);
      clock = afterDeadline;
      const late = await termsOf(who, booking.id);
      const firstNight = Math.round(booking.total.amountMinor / 3);
      expect(late.penalty.amountMinor).toBe(firstNight);
      const stale = await cancel(who, booking.id, newKey(), { acceptedRefund: early.refund });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'cancellation_terms_changed' });
      const done = await cancel(who, booking.id, newKey(), { acceptedRefund: late.refund });
      expect(done.statusCode, done.body).toBe(200);
      expect((done.json() as { booking: Booking }).booking.refund).toEqual(late.refund);

      // Accepted before the deadline, but the provider cancelled after it (a retried step):
      // the person gets what the provider gave back, not more.
      clock = START;
      const second = await hotelBooking('Retry Rob');
      later(25 * 3_600_000);
      const accepted = (await termsOf(second.who, second.booking.id)).refund;
      expect(accepted).toEqual(second.booking.total);
      const travel = t.app.bookings.outside.travel;
      const original = travel.cancel;
      travel.cancel = async () => {
        throw new Error('provider timed out');
      };
      let response;
      try {
        response = await cancel(second.who, second.booking.id, newKey(), {
          acceptedRefund: accepted,
        });
      } finally {
        travel.cancel = original;
      }
      expect(response.statusCode, response.body).toBe(202);
      clock = afterDeadline;
      await t.app.bookings.recover();
      const after = (
        await as(t.app, second.who).get(`${BOOKINGS}/${second.booking.id}`)
      ).json() as { booking: Booking };
      expect(after.booking.status).toBe('cancelled');
      expect(after.booking.refund!.amountMinor).toBe(
        second.booking.total.amountMinor - Math.round(second.booking.total.amountMinor / 3),
      );
      expect(after.booking.payment.status).toBe('partially_refunded');
    } finally {
      clock = START;
    }
  });
});
