import type { Booking, BookingQuoteResponse } from '@vowa/shared/bookings/booking-schemas';
import { REALTIME_PATH } from '@vowa/shared/realtime/live-events';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Bookings and saved cards reach the person's other tabs through the live link (topic
// 'bookings'): My Trips and the saved cards read again.
let clock = new Date('2026-11-21T10:00:00Z');
let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => t.close());

const BOOKINGS = '/api/travel/bookings';
let keys = 0;
const newKey = () => `live-booking-${process.pid}-${(keys += 1)}`;

/** Another tab of `who`: a live connection as apps/web opens it. */
async function otherTab(who: Person): Promise<Socket> {
  const socket = connect(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token: who.accessToken },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * Expects `socket` (a tab of `listener`) to hear exactly `topics` while `change` runs; a settings
 * change of `listener` afterwards marks the end (events arrive in the order they were sent).
 */
async function expectToHear(
  socket: Socket,
  listener: Person,
  change: () => Promise<unknown>,
  topics: string[],
) {
  const received: string[] = [];
  const record = (topic: string) => received.push(topic);
  socket.on('changed', record);
  try {
    await change();
    const marker = await as(t.app, listener).put('/api/user_management/settings', {});
    expect(marker.statusCode).toBe(200);
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(topics.length + 1);
    expect(received).toEqual([...topics, 'settings']);
  } finally {
    socket.off('changed', record);
  }
}

async function card(who: Person, save = false) {
  const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
    name: 'Ada Lovelace',
    save,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentMethodId: string }).paymentMethodId;
}

/** A reviewed flight and stay to Paris, and the request that books them. */
async function bookingRequest(who: Person) {
  const api = as(t.app, who);
  const today = clock.toISOString().slice(0, 10);
  const flights = await api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate: addDays(today, 30),
    adults: 2,
  });
  const hotels = await api.post('/api/travel/search', {
    type: 'hotels',
    city: 'Paris',
    checkIn: addDays(today, 31),
    checkOut: addDays(today, 34),
    adults: 2,
  });
  const items = [
    {
      kind: 'flight',
      quoteId: (flights.json() as { flights: Flight[] }).flights[0]!.quote.quoteId,
    },
    { kind: 'hotel', quoteId: (hotels.json() as { hotels: Hotel[] }).hotels[0]!.quote.quoteId },
  ];
  const quote = (
    await api.post(`${BOOKINGS}/quote`, { items, travelers: 2 })
  ).json() as BookingQuoteResponse;
  return {
    items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
    travelers: [
      { givenName: 'Ada', familyName: 'Lovelace' },
      { givenName: 'Charles', familyName: 'Babbage' },
    ],
    contact: { email: who.email },
    acceptedTotal: quote.total,
    paymentMethodId: await card(who),
    source: 'trip',
  };
}

const book = (who: Person, body: object) =>
  t.app.inject({
    method: 'POST',
    url: BOOKINGS,
    headers: { authorization: `Bearer ${who.accessToken}`, 'idempotency-key': newKey() },
    payload: body,
  });

describe('live booking changes', () => {
  it("reach the person's other tab when a booking is made or cancelled, and nobody else's", async () => {
    const ada = await verifiedPerson(t, 'Ada Live');
    const stranger = await person(t.app, 'Stranger');
    const body = await bookingRequest(ada);
    const adasTab = await otherTab(ada);
    const strangersTab = await otherTab(stranger);
    let booking: Booking | undefined;
    const booked = async () => {
      const response = await book(ada, body);
      expect(response.statusCode, response.body).toBe(201);
      booking = (response.json() as { booking: Booking }).booking;
    };
    await expectToHear(adasTab, ada, booked, ['bookings']);

    // Re-pricing changes nothing another tab shows.
    await expectToHear(
      adasTab,
      ada,
      () => as(t.app, ada).post(`${BOOKINGS}/quote`, { items: body.items, travelers: 2 }),
      [],
    );
    await expectToHear(
      adasTab,
      ada,
      async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: `${BOOKINGS}/${booking!.id}/cancel`,
          headers: { authorization: `Bearer ${ada.accessToken}`, 'idempotency-key': newKey() },
          payload: {},
        });
        expect(response.statusCode, response.body).toBe(200);
      },
      ['bookings'],
    );
    await expectToHear(
      strangersTab,
      stranger,
      async () => book(ada, await bookingRequest(ada)),
      [],
    );
  });

  it("reach the person's other tab when a card is saved or removed", async () => {
    const ada = await verifiedPerson(t, 'Ada Cards');
    const tab = await otherTab(ada);
    let saved = '';
    await expectToHear(
      tab,
      ada,
      async () => {
        saved = await card(ada, true);
      },
      ['bookings'],
    );
    await expectToHear(
      tab,
      ada,
      async () => {
        const removed = await as(t.app, ada).delete(`/api/payments/methods/${saved}`);
        expect(removed.statusCode, removed.body).toBe(200);
      },
      ['bookings'],
    );
  });

  it('reach the person when the recovery job finishes a booking', async () => {
    const ada = await verifiedPerson(t, 'Ada Recovered');
    const body = await bookingRequest(ada);
    const tab = await otherTab(ada);
    // The provider's answer is lost once: the booking waits for the job.
    const travel = t.app.bookings.outside.travel;
    const original = travel.book;
    travel.book = async (request) => {
      travel.book = original;
      await original(request);
      throw new Error('simulated crash after the call');
    };
    let id = '';
    await expectToHear(
      tab,
      ada,
      async () => {
        const response = await book(ada, body);
        expect(response.statusCode, response.body).toBe(202);
        id = (response.json() as { booking: Booking }).booking.id;
      },
      ['bookings'],
    );
    clock = new Date(clock.getTime() + 61_000);
    await expectToHear(tab, ada, () => t.app.bookings.recover(), ['bookings']);
    const done = (await as(t.app, ada).get(`${BOOKINGS}/${id}`)).json() as { booking: Booking };
    expect(done.booking.status).toBe('confirmed');
    // Nothing stuck: the job has nothing to tell.
    await expectToHear(tab, ada, () => t.app.bookings.recover(), []);
  });
});
