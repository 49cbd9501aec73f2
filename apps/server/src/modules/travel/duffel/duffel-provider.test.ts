import { addDays } from '@vowa/shared/travel/travel-rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDuffelFake, type DuffelFake } from '../../../../test/duffel-fake';
import { findAirport } from '../geo/airports';
import { resolvePlace } from '../geo/places';
import { createOfflineProvider } from '../offline/offline-provider';
import { createMemoryOrderStore, type ProviderOrderStore } from '../provider-orders';
import {
  TravelProviderError,
  type BookingTraveller,
  type Place,
  type ProviderBookingRequest,
  type ProviderFlight,
  type ProviderHotel,
  type TravelProvider,
} from '../travel-provider';
import { duffelTravellerProblems, ORDER_PAGE_LIMIT } from './duffel-flights';
import { createDuffelProvider } from './duffel-provider';

// The Duffel adapter against the local fake of Duffel's documented HTTP contract.
const TODAY = new Date().toISOString().slice(0, 10);
const departureDate = addDays(TODAY, 30);
const warnings: Record<string, unknown>[] = [];
let fake: DuffelFake;
let orders: ProviderOrderStore;
let provider: TravelProvider;
let keys = 0;

beforeAll(async () => {
  fake = await startDuffelFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  warnings.length = 0;
  orders = createMemoryOrderStore();
  provider = createDuffelProvider({
    accessToken: fake.token,
    apiUrl: fake.apiUrl,
    log: { warn: (details) => warnings.push(details) },
    orders,
    experiences: createOfflineProvider({ orders: createMemoryOrderStore() }),
  });
});

const travellers = (count: number): BookingTraveller[] =>
  Array.from({ length: count }, (_, index) => ({
    givenName: ['Ada', 'Grace'][index] ?? 'Guest',
    familyName: `Lovelace${keys}`,
    bornOn: '1990-05-01',
    gender: 'f',
  }));
const request = (
  kind: ProviderBookingRequest['kind'],
  offer: ProviderBookingRequest['offer'],
  overrides: Partial<ProviderBookingRequest> = {},
): ProviderBookingRequest => ({
  kind,
  offer,
  travellers: travellers(2),
  contact: { email: 'ada@example.com', phone: '+442080160509' },
  idempotencyKey: `duffel-test-${(keys += 1)}`,
  ...overrides,
});
const flights = (travelClass: 'economy' | 'business' = 'economy') =>
  provider.searchFlights({
    origin: findAirport('LHR')!,
    destination: findAirport('JFK')!,
    departureDate,
    adults: 2,
    travelClass,
  });
const hotels = (roomType: ProviderHotel['roomType'] = 'standard') =>
  provider.searchHotels({
    place: resolvePlace('London, United Kingdom') as Place,
    checkIn: addDays(TODAY, 20),
    checkOut: addDays(TODAY, 23),
    adults: 2,
    roomType,
  });
/** A provider with its own empty order store, as after a crash before the order was recorded. */
const afterCrash = () =>
  createDuffelProvider({
    accessToken: fake.token,
    apiUrl: fake.apiUrl,
    log: { warn: (details) => warnings.push(details) },
    orders: createMemoryOrderStore(),
    experiences: createOfflineProvider({ orders: createMemoryOrderStore() }),
  });
/** `count` copies of a record, each newer than the last, made with other keys. */
const newer = (record: Record<string, unknown>, count: number, prefix: string, field: string) =>
  Array.from({ length: count }, (_, index) => ({
    ...record,
    id: `${prefix}_seed${String(index).padStart(5, '0')}${keys}`,
    [field]: new Date(Date.now() + (index + 1) * 1_000).toISOString(),
    metadata: { vowa_idempotency_key: `someone-else-${index}` },
  }));
const posts = (path: string) =>
  fake.requests.filter((entry) => entry.method === 'POST' && entry.path === path);

async function failure(work: Promise<unknown>): Promise<TravelProviderError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TravelProviderError);
  return error as TravelProviderError;
}

describe('Duffel flights', () => {
  it('searches with an offer request, sending the token and the API version', async () => {
    const found = await flights();
    expect(found.length).toBe(3);
    const [request] = posts('/air/offer_requests');
    expect(request).toMatchObject({ version: 'v2', authorization: 'Bearer <token>' });
    expect(request?.query.return_offers).toEqual(['true']);
    expect(request?.body).toMatchObject({
      data: {
        cabin_class: 'economy',
        passengers: [{ type: 'adult' }, { type: 'adult' }],
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: departureDate }],
      },
    });
    const [cheapest] = found;
    expect(cheapest).toMatchObject({
      airline: 'British Airways',
      flightNumber: 'BA100',
      class: 'economy',
      currency: 'GBP',
      stops: 0,
      departure: { airportCode: 'LHR', date: departureDate, time: '08:15', terminal: '5' },
      arrival: { airportCode: 'JFK', countryCode: 'US' },
      baggage: { carry: '1 cabin bag', checked: 'Not included (can be added)' },
      cancellation: 'Non-refundable fare.',
    });
    // Per person: Duffel's total is for both travellers.
    const raw = cheapest!.raw as { totalAmount: string; passengers: number };
    expect(cheapest!.price).toBeCloseTo(Number(raw.totalAmount) / 2, 2);
    expect(Date.parse(cheapest!.validUntil)).toBeGreaterThan(Date.now());
    expect(found.map((flight) => flight.price)).toEqual(
      [...found.map((flight) => flight.price)].sort((a, b) => a! - b!),
    );
  });

  it('re-quotes the same flight on another day and class', async () => {
    const [original] = await flights();
    const changed = await provider.requoteFlight(original!, {
      travelClass: 'business',
      departureDate: addDays(departureDate, 1),
      departureTime: original!.departure.time,
    });
    expect(changed).toMatchObject({
      flightNumber: original!.flightNumber,
      class: 'business',
      departure: { date: addDays(departureDate, 1) },
    });
  });

  it('answers the offer as sold now: the single offer, else the same flight searched again', async () => {
    const [flight] = await flights();
    const offerId = (flight!.raw as { offerId: string }).offerId;
    expect(await provider.currentOffer!('flight', flight!)).toMatchObject({
      id: offerId,
      price: flight!.price,
    });
    fake.withdraw(offerId);
    const again = (await provider.currentOffer!('flight', flight!)) as ProviderFlight;
    expect(again.id).not.toBe(offerId);
    expect(again).toMatchObject({ flightNumber: flight!.flightNumber, class: 'economy' });
  });

  it('confirms the price with the single offer, then books an instant order paid from the balance', async () => {
    const [flight] = await flights();
    const raw = flight!.raw as { offerId: string; totalAmount: string };
    const booking = await provider.book(request('flight', flight!));
    expect(
      fake.requests.some(
        (entry) => entry.method === 'GET' && entry.path === `/air/offers/${raw.offerId}`,
      ),
    ).toBe(true);
    const [order] = posts('/air/orders');
    expect(order?.body).toMatchObject({
      data: {
        type: 'instant',
        selected_offers: [raw.offerId],
        payments: [{ type: 'balance', amount: raw.totalAmount, currency: 'GBP' }],
        passengers: [
          {
            given_name: 'Ada',
            born_on: '1990-05-01',
            gender: 'f',
            title: 'ms',
            phone_number: '+442080160509',
          },
          { given_name: 'Grace' },
        ],
        metadata: { vowa_idempotency_key: `duffel-test-${keys}` },
      },
    });
    const [made] = fake.orders();
    expect(booking).toEqual({
      reference: made!.booking_reference,
      orderId: made!.id,
      amountMinor: Math.round(Number(raw.totalAmount) * 100),
      currency: 'GBP',
      cancellation: {
        refundable: false,
        refundAmountMinor: 0,
        penaltyText: 'Non-refundable fare.',
      },
    });
  });

  it('answers a retry with the same key from its record, without a second order', async () => {
    const [flight] = await flights();
    const first = request('flight', flight!);
    const booking = await provider.book(first);
    expect(await provider.book(first)).toEqual(booking);
    expect(posts('/air/orders')).toHaveLength(1);
  });

  it('books once when the same key arrives twice at the same time', async () => {
    const [flight] = await flights();
    const before = fake.orders().length;
    const attempt = request('flight', flight!);
    const [first, second] = await Promise.all([provider.book(attempt), provider.book(attempt)]);
    expect(second).toEqual(first);
    const made = fake.orders().slice(before);
    expect(made.filter((order) => !order.cancelled_at)).toHaveLength(1);
  });

  it('finds the order Duffel made when its answer was lost, instead of booking twice', async () => {
    const [flight] = await flights();
    const before = fake.orders().length;
    const attempt = request('flight', flight!);
    fake.loseNextAnswer('POST /air/orders');
    // Duffel made the order but its answer was lost (a 500): the order carrying the key is found.
    const booking = await provider.book(attempt);
    expect(fake.orders().length).toBe(before + 1);
    expect(booking.orderId).toBe(fake.orders().at(-1)!.id);
    expect(await provider.book(attempt)).toEqual(booking);
    expect(posts('/air/orders')).toHaveLength(1);
  });

  it("carries Duffel's exact total for the party, and books at it (301.01 for two)", async () => {
    const found = await flights();
    for (const flight of found) {
      const raw = flight.raw as { totalAmount: string };
      expect(flight.totalFor).toEqual({ passengers: 2, amount: Number(raw.totalAmount) });
    }
    const [flight] = found;
    const requoted = await provider.requoteFlight(flight!, {
      travelClass: 'business',
      departureDate,
      departureTime: flight!.departure.time,
    });
    expect(requoted!.totalFor).toEqual({
      passengers: 2,
      amount: Number((requoted!.raw as { totalAmount: string }).totalAmount),
    });
    fake.reprice((flight!.raw as { offerId: string }).offerId, '301.01');
    const current = (await provider.currentOffer!('flight', flight!)) as ProviderFlight;
    // Per person for display (150.505 rounds to 150.51, and 2 × 150.51 is not Duffel's total).
    expect(current.price).toBe(150.51);
    expect(current.totalFor).toEqual({ passengers: 2, amount: 301.01 });
    const booking = await provider.book(request('flight', current));
    expect(booking.amountMinor).toBe(30_101);
    expect(posts('/air/orders').at(-1)?.body).toMatchObject({
      data: { payments: [{ amount: '301.01', currency: 'GBP' }] },
    });
    expect(fake.orders().at(-1)).toMatchObject({ id: booking.orderId, total_amount: '301.01' });
  });

  it('finds the order made with the key on a later page of orders, without a second order', async () => {
    const [flight] = await flights();
    const attempt = request('flight', flight!);
    const booking = await provider.book(attempt);
    const made = fake.orders().find((order) => order.id === booking.orderId)!;
    // 250 newer orders by the same family (more than one page of 200) push it to page two.
    for (const order of newer(made, 250, 'ord', 'created_at')) fake.seedOrder(order);
    fake.reset();
    const again = await afterCrash().book(attempt);
    expect(again.orderId).toBe(booking.orderId);
    expect(posts('/air/orders')).toHaveLength(0);
    const lists = fake.requests.filter(
      (entry) => entry.method === 'GET' && entry.path === '/air/orders',
    );
    expect(lists).toHaveLength(2);
    expect(lists[1]?.query.after).toHaveLength(1);
    expect(
      fake.orders().filter((order) => {
        const metadata = order.metadata as Record<string, string>;
        return metadata.vowa_idempotency_key === attempt.idempotencyKey;
      }),
    ).toHaveLength(1);
  });

  it('stops paging through orders once they are older than any attempt with the key', async () => {
    const [flight] = await flights();
    const booking = await provider.book(request('flight', flight!));
    const made = fake.orders().find((order) => order.id === booking.orderId)!;
    const paging = (made.passengers as Record<string, unknown>[]).map((passenger) => ({
      ...passenger,
      family_name: 'Pagingtest',
    }));
    for (const order of newer(made, 450, 'ord', 'created_at')) {
      fake.seedOrder({ ...order, passengers: paging, created_at: '2020-01-01T00:00:00.000Z' });
    }
    const [other] = await flights('business');
    fake.reset();
    const party = travellers(2).map((traveller) => ({ ...traveller, familyName: 'Pagingtest' }));
    await afterCrash().book(request('flight', other!, { travellers: party }));
    // Page one (200 of 450, newest first) already reaches years back: no second page is asked for.
    const lists = fake.requests.filter(
      (entry) => entry.method === 'GET' && entry.path === '/air/orders',
    );
    expect(lists).toHaveLength(1);
    expect(lists[0]?.query.limit).toEqual(['200']);
  });

  it('answers what stops travellers from flying before any money moves', async () => {
    const [flight] = await flights();
    const contact = { email: 'ada@example.com', phone: '+442080160509' };
    expect(duffelTravellerProblems(flight!, travellers(2), contact)).toBeNull();
    expect(duffelTravellerProblems(flight!, travellers(1), contact)).toMatch(
      /priced for 2 travellers/,
    );
    expect(
      duffelTravellerProblems(
        flight!,
        travellers(2).map((traveller, index) =>
          index ? { ...traveller, bornOn: null } : traveller,
        ),
        contact,
      ),
    ).toMatch(/date of birth and gender/);
    expect(
      duffelTravellerProblems(
        flight!,
        travellers(2).map((traveller) => ({ ...traveller, gender: undefined })),
        contact,
      ),
    ).toMatch(/date of birth and gender/);
    expect(duffelTravellerProblems(flight!, travellers(2), { ...contact, phone: null })).toMatch(
      /phone/,
    );
    expect(duffelTravellerProblems({ ...flight!, raw: undefined }, travellers(2), contact)).toMatch(
      /not a Duffel offer/,
    );
  });

  it('says price_changed with the offer at its new price, and books nothing', async () => {
    const [flight] = await flights();
    const raw = flight!.raw as { offerId: string };
    fake.reprice(raw.offerId, '1234.56');
    const error = await failure(provider.book(request('flight', flight!)));
    expect(error.kind).toBe('price_changed');
    expect((error.offer as ProviderFlight).price).toBe(617.28);
    expect(posts('/air/orders')).toHaveLength(0);
  });

  it('says sold_out when the offer is gone', async () => {
    const [flight] = await flights();
    fake.withdraw((flight!.raw as { offerId: string }).offerId);
    expect((await failure(provider.book(request('flight', flight!)))).kind).toBe('sold_out');
  });

  it('refuses travellers without the passport details airlines need, before calling Duffel', async () => {
    const [flight] = await flights();
    fake.reset();
    const noGender = request('flight', flight!, {
      travellers: travellers(2).map((traveller) => ({ ...traveller, gender: null })),
    });
    expect((await failure(provider.book(noGender))).kind).toBe('rejected');
    const oneOfTwo = request('flight', flight!, { travellers: travellers(1) });
    expect((await failure(provider.book(oneOfTwo))).message).toMatch(/priced for 2 travellers/);
    const noPhone = request('flight', flight!, {
      contact: { email: 'a@example.com', phone: null },
    });
    expect((await failure(provider.book(noPhone))).kind).toBe('rejected');
    expect(fake.requests).toHaveLength(0);
  });

  it('cancels with a cancellation quote, confirmed; cancelling again answers the same refund', async () => {
    const [flight] = await flights('business');
    const booking = await provider.book(request('flight', flight!));
    expect(booking.cancellation).toMatchObject({
      refundable: true,
      refundAmountMinor: booking.amountMinor - 10_000,
    });
    const refund = await provider.cancel('flight', booking.orderId, 'cancel-1');
    expect(refund).toEqual({ refundAmountMinor: booking.amountMinor - 10_000, currency: 'GBP' });
    expect(posts('/air/order_cancellations')).toHaveLength(1);
    const confirms = () =>
      fake.requests.filter((entry) =>
        /^\/air\/order_cancellations\/ore_\w+\/actions\/confirm$/.test(entry.path),
      );
    expect(confirms()).toHaveLength(1);
    expect(await provider.cancel('flight', booking.orderId, 'cancel-2')).toEqual(refund);
    expect(posts('/air/order_cancellations')).toHaveLength(1);
    expect(confirms()).toHaveLength(1);
    expect((await orders.find(booking.orderId))?.status).toBe('cancelled');
  });

  it('finds the confirmed cancellation on a later page of cancellations, without cancelling again', async () => {
    const [flight] = await flights('business');
    const booking = await provider.book(request('flight', flight!));
    const refund = await provider.cancel('flight', booking.orderId, 'cancel-1');
    const [confirmed] = fake.requests
      .filter((entry) => entry.method === 'POST' && entry.path.endsWith('/confirm'))
      .map((entry) => entry.path.split('/')[3]);
    expect(confirmed).toMatch(/^ore_/);
    // More newer quotes for the order than a page holds, long expired, push the confirmed one
    // to the second page.
    for (let index = 0; index < ORDER_PAGE_LIMIT + 10; index += 1) {
      fake.seedCancellation({
        id: `ore_seed${String(index).padStart(5, '0')}`,
        order_id: booking.orderId,
        live_mode: false,
        created_at: new Date(Date.now() + (index + 1) * 1_000).toISOString(),
        expires_at: new Date(Date.now() - 60_000).toISOString(),
        confirmed_at: null,
        refund_amount: '1.00',
        refund_currency: 'GBP',
        refund_to: 'balance',
        airline_credits: [],
      });
    }
    fake.reset();
    expect(await afterCrash().cancel('flight', booking.orderId, 'cancel-2')).toEqual(refund);
    const lists = fake.requests.filter(
      (entry) => entry.method === 'GET' && entry.path === '/air/order_cancellations',
    );
    expect(lists).toHaveLength(2);
    expect(lists[1]?.query.after).toHaveLength(1);
    expect(fake.requests.filter((entry) => entry.method === 'POST')).toHaveLength(0);
  });

  it('refuses to cancel an order Duffel does not know', async () => {
    expect((await failure(provider.cancel('flight', 'ord_0000unknown', 'x'))).kind).toBe(
      'rejected',
    );
  });
});

describe('Duffel Stays', () => {
  it('searches around the place and maps the cheapest rate', async () => {
    const found = await hotels();
    expect(found).toHaveLength(3);
    const [search] = posts('/stays/search');
    expect(search?.body).toMatchObject({
      data: { rooms: 1, guests: [{ type: 'adult' }, { type: 'adult' }], location: { radius: 5 } },
    });
    expect(found[0]).toMatchObject({
      name: 'Duffel Test Hotel',
      brand: 'Duffel Hotel Group',
      roomType: 'standard',
      nights: 3,
      currency: 'GBP',
      reviewScore: 4.2,
      address: { city: 'Test City', countryCode: 'GB', country: 'United Kingdom' },
      policies: { checkIn: 'From 15:00', checkOut: 'Until 11:00' },
    });
    expect(found[0]!.price).toBeCloseTo(found[0]!.pricePerNight! * 3 + found[0]!.taxesAndFees!, 1);
  });

  it("finds suites through each hotel's rates", async () => {
    const suites = await hotels('suite');
    expect(suites.length).toBeGreaterThan(0);
    expect(suites.every((hotel) => hotel.roomType === 'suite')).toBe(true);
    expect(suites[0]!.policies.cancellation).toBe('Non-refundable rate.');
    expect(
      posts(
        `/stays/search_results/${(suites[0]!.raw as { searchResultId: string }).searchResultId}/actions/fetch_all_rates`,
      ),
    ).toHaveLength(1);
  });

  it('quotes the rate, books it and cancels it with the refund its timeline gives', async () => {
    const [hotel] = await hotels();
    const booking = await provider.book(request('hotel', hotel!));
    expect(posts('/stays/quotes')).toHaveLength(1);
    const [made] = fake.stayBookings().slice(-1);
    expect(booking).toMatchObject({
      reference: made!.reference,
      orderId: made!.id,
      amountMinor: Math.round(hotel!.price! * 100),
      currency: 'GBP',
      cancellation: { refundable: true, refundAmountMinor: Math.round(hotel!.price! * 100) },
    });
    expect(booking.cancellation.penaltyText).toMatch(
      /^Free cancellation until .*; no refund after that\.$/,
    );
    expect(posts('/stays/bookings')[0]?.body).toMatchObject({
      data: { guests: [{ given_name: 'Ada' }, { given_name: 'Grace' }], email: 'ada@example.com' },
    });
    expect(
      await provider.book(request('hotel', hotel!, { idempotencyKey: `duffel-test-${keys}` })),
    ).toEqual(booking);
    expect(posts('/stays/bookings')).toHaveLength(1);
    const refund = await provider.cancel('hotel', booking.orderId, 'c1');
    expect(refund).toEqual({ refundAmountMinor: booking.amountMinor, currency: 'GBP' });
    expect(made!.status).toBe('cancelled');
    expect(await provider.cancel('hotel', booking.orderId, 'c2')).toEqual(refund);
  });

  it('answers a stay as sold now: its rate among the current ones, else the same room type again', async () => {
    const [suite] = await hotels('suite');
    const rateId = (suite!.raw as { rateId: string }).rateId;
    expect(await provider.currentOffer!('hotel', suite!)).toMatchObject({
      id: suite!.id,
      price: suite!.price,
    });
    fake.withdraw(rateId);
    const again = (await provider.currentOffer!('hotel', suite!)) as ProviderHotel;
    expect(again).toMatchObject({ name: suite!.name, roomType: 'suite', checkIn: suite!.checkIn });
    expect((again.raw as { rateId: string }).rateId).not.toBe(rateId);
  });

  it('finds the booking Duffel made when its answer was lost', async () => {
    const [hotel] = await hotels();
    const before = fake.stayBookings().length;
    fake.loseNextAnswer('POST /stays/bookings');
    const booking = await provider.book(request('hotel', hotel!));
    expect(fake.stayBookings().length).toBe(before + 1);
    expect(booking.orderId).toBe(fake.stayBookings().at(-1)!.id);
  });

  it('finds the booking made with the key on a later page of bookings, without a second one', async () => {
    const [hotel] = await hotels();
    const attempt = request('hotel', hotel!);
    const booking = await provider.book(attempt);
    const made = fake.stayBookings().find((entry) => entry.id === booking.orderId)!;
    for (const entry of newer(made, 250, 'bok', 'confirmed_at')) fake.seedStayBooking(entry);
    fake.reset();
    const again = await afterCrash().book(attempt);
    expect(again.orderId).toBe(booking.orderId);
    expect(posts('/stays/bookings')).toHaveLength(0);
    expect(
      fake.requests.filter((entry) => entry.method === 'GET' && entry.path === '/stays/bookings'),
    ).toHaveLength(2);
  });

  it('says price_changed when the quote differs from the recorded rate', async () => {
    const [suite] = await hotels('suite');
    const raw = suite!.raw as { rateId: string };
    fake.reprice(raw.rateId, '2000.00');
    const error = await failure(provider.book(request('hotel', suite!)));
    expect(error.kind).toBe('price_changed');
    expect((error.offer as ProviderHotel).price).toBe(2000);
    expect(posts('/stays/bookings')).toHaveLength(0);
  });

  it('says sold_out when the rate is gone', async () => {
    const [suite] = await hotels('suite');
    fake.withdraw((suite!.raw as { rateId: string }).rateId);
    expect((await failure(provider.book(request('hotel', suite!)))).kind).toBe('sold_out');
  });
});

describe('Duffel failures', () => {
  it('is busy when rate limited (429), unavailable on a 5xx or a refused token', async () => {
    fake.rateLimitNext(1);
    expect((await failure(flights())).kind).toBe('busy');
    fake.failNext(1);
    expect((await failure(flights())).kind).toBe('unavailable');
    const wrongToken = createDuffelProvider({
      accessToken: 'duffel_test_not_the_right_one',
      apiUrl: fake.apiUrl,
      log: { warn: (details) => warnings.push(details) },
      orders,
      experiences: createOfflineProvider(),
    });
    expect(
      (
        await failure(
          wrongToken.searchFlights({
            origin: findAirport('LHR')!,
            destination: findAirport('JFK')!,
            departureDate,
            adults: 1,
            travelClass: 'economy',
          }),
        )
      ).kind,
    ).toBe('unavailable');
    expect(warnings.map((warning) => warning.status)).toEqual([429, 500, 401]);
    expect(JSON.stringify(warnings)).not.toContain(fake.token);
  });

  it('is unavailable when Duffel cannot be reached', async () => {
    const offline = createDuffelProvider({
      accessToken: fake.token,
      apiUrl: 'http://127.0.0.1:9',
      log: { warn: (details) => warnings.push(details) },
      orders,
      experiences: createOfflineProvider(),
    });
    expect(
      (
        await failure(
          offline.searchHotels({
            place: resolvePlace('London, United Kingdom') as Place,
            checkIn: addDays(TODAY, 20),
            checkOut: addDays(TODAY, 21),
            adults: 1,
            roomType: 'standard',
          }),
        )
      ).kind,
    ).toBe('unavailable');
  });
});

describe('experiences under Duffel', () => {
  it('come from the offline inventory, which also books them', async () => {
    const [experience] = await provider.searchExperiences({
      place: resolvePlace('Lisbon, Portugal') as Place,
    });
    expect(experience?.id).toMatch(/^off-x\|/);
    const booking = await provider.book(request('experience', experience!));
    expect(booking.reference).toMatch(/^[A-Z2-9]{6}$/);
    expect(fake.requests).toHaveLength(0);
    expect((await provider.cancel('experience', booking.orderId, 'x')).refundAmountMinor).toBe(
      booking.amountMinor,
    );
  });
});
