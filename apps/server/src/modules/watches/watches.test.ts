import type { BookingQuoteResponse } from '@vowa/shared/bookings/booking-schemas';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import {
  MAX_LIVE_WATCHES,
  type PriceHistoryResponse,
  type Watch,
} from '@vowa/shared/watches/watch-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, LISTS, person, sampleItem, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { autoBookingPerson } from '../../../test/watch-seed';
import { priceWatches } from './watch-schema';

// The app's (and travel's) clock: tests move it to make watches due, and past their trips.
const START = new Date('2026-11-21T10:00:00Z');
let clock = START;
// Days from the clock's day (tests after a moved clock search from then).
const inDays = (days: number) => addDays(clock.toISOString().slice(0, 10), days);
const HOUR = 3_600_000;
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

const WATCHES = '/api/travel/watches';
const title = { destination: 'Paris', country: 'France', countryCode: 'FR' };
type WatchAnswer = { watch: Watch; alertsOn: boolean };

/** A flight to Paris and a three-night stay there, as the search screens record them. */
async function offers(who: Person, departIn = 30, destination = 'CDG', city = 'Paris') {
  const api = as(t.app, who);
  const flights = await api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination,
    departureDate: inDays(departIn),
    adults: 2,
  });
  expect(flights.statusCode, flights.body).toBe(200);
  const hotels = await api.post('/api/travel/search', {
    type: 'hotels',
    city,
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

async function watchTrip(who: Person, items: { kind: string; quoteId: string }[], status = 201) {
  const response = await as(t.app, who).post(WATCHES, {
    kind: 'trip',
    mode: 'alert',
    items,
    travelers: 2,
    title,
  });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as WatchAnswer;
}

/** Makes the person's watches due now (the monitor checks due ones; others' stay not due). */
async function makeDue(who: Person) {
  await t.app.db
    .update(priceWatches)
    .set({ nextCheckAt: clock })
    .where(eq(priceWatches.userId, who.id));
}

/** Puts a watch's market so high that its price is at the target. */
async function marketAbove(watchId: string, price: number) {
  await t.app.db
    .update(priceWatches)
    .set({ marketPrice: Math.ceil(price * 3) })
    .where(eq(priceWatches.id, watchId));
}

/** Price-drop alerts are off until the person turns them on (part 1 §3). */
async function alertsOn(who: Person) {
  const response = await as(t.app, who).put('/api/user_management/settings', {
    notifications: { priceDropAlerts: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The person's in-app price-drop notifications (the notification centre's table). */
async function alertsOf(userId: string) {
  const result = (await t.app.db.execute(
    sql`select data from user_notifications where user_id = ${userId} and kind = 'price_drop'`,
  )) as unknown as { rows: { data: unknown }[] };
  return result.rows.map((row) => ({
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data,
  }));
}

describe('creating a watch', () => {
  it('watches a trip at the price booking would charge, and answers the same watch again', async () => {
    const ada = await person(t.app, 'Ada');
    const items = await offers(ada);
    const review = await as(t.app, ada).post('/api/travel/bookings/quote', { items, travelers: 2 });
    const reviewed = review.json() as BookingQuoteResponse;

    const { watch, alertsOn: silent } = await watchTrip(ada, items);
    // Price-drop alerts are off by default: the answer says so (the web offers to turn them on).
    expect(silent).toBe(false);
    expect(watch).toMatchObject({
      kind: 'trip',
      mode: 'alert',
      status: 'active',
      travelers: 2,
      title,
      startDate: inDays(30),
      bookingId: null,
    });
    // The recorded quotes' price, as booking totals them (flights per traveller, the stay whole).
    expect(watch.current).toEqual({
      amount: reviewed.previousTotal.amountMinor / 100,
      currency: reviewed.previousTotal.currency,
    });
    expect(watch.target.amount).toBeCloseTo(
      (watch.market.amount * watch.thresholdPercent) / 100,
      2,
    );
    expect(watch.items.map((item) => item.quoteId)).toEqual(items.map((item) => item.quoteId));

    // The same subject again: the live watch, not a second one.
    const again = await watchTrip(ada, [...items].reverse(), 200);
    expect(again.watch.id).toBe(watch.id);
    const list = (await as(t.app, ada).get(WATCHES)).json() as { watches: Watch[] };
    expect(list.watches.map((shown) => shown.id)).toEqual([watch.id]);
  });

  it('refuses Auto-Book while auto-booking is off', async () => {
    const bo = await person(t.app, 'Bo');
    const items = await offers(bo);
    const response = await as(t.app, bo).post(WATCHES, {
      kind: 'trip',
      mode: 'auto_book',
      items,
      travelers: 2,
      title,
      party: {
        travelers: [
          { givenName: 'Bo', familyName: 'Bell' },
          { givenName: 'Cy', familyName: 'Bell' },
        ],
        contact: { email: bo.email },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'auto_booking_off' });
  });

  it('watches for Auto-Book with auto-booking on, a verified address and a card; the same subject switches mode', async () => {
    const ann = await autoBookingPerson(t, 'Ann Auto');
    const items = await offers(ann, 50, 'LIS', 'Lisbon');
    const party = {
      travelers: [
        { givenName: 'Ann', familyName: 'Auto' },
        { givenName: 'Ben', familyName: 'Auto' },
      ],
      contact: { email: ann.email },
    };
    const body = { kind: 'trip', mode: 'auto_book', items, travelers: 2, title, party };
    const created = await as(t.app, ann).post(WATCHES, body);
    expect(created.statusCode, created.body).toBe(201);
    const { watch } = created.json() as WatchAnswer;
    expect(watch).toMatchObject({ mode: 'auto_book', status: 'active' });
    const [row] = await t.app.db.select().from(priceWatches).where(eq(priceWatches.id, watch.id));
    expect(row!.party).toEqual(party);
    // Its budget is the person's max trip budget, as entered.
    expect(watch.maxBudget.amount).toBe(50_000);

    const alert = await as(t.app, ann).post(WATCHES, { ...body, mode: 'alert', party: undefined });
    expect(alert.statusCode, alert.body).toBe(200);
    expect((alert.json() as WatchAnswer).watch).toMatchObject({ id: watch.id, mode: 'alert' });
  });

  it('validates what it is sent', async () => {
    const cy = await person(t.app, 'Cy');
    const api = as(t.app, cy);
    const cases = [
      { kind: 'trip', mode: 'alert', items: [], travelers: 2, title },
      {
        kind: 'cruise',
        mode: 'alert',
        items: [{ kind: 'hotel', quoteId: 'q' }],
        travelers: 2,
        title,
      },
      {
        kind: 'trip',
        mode: 'auto_book',
        items: [{ kind: 'hotel', quoteId: 'q' }],
        travelers: 2,
        title,
      },
      {
        kind: 'trip',
        mode: 'alert',
        items: [{ kind: 'hotel', quoteId: 'q' }],
        travelers: 0,
        title,
      },
    ];
    for (const body of cases) {
      const response = await api.post(WATCHES, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const unknown = await api.post(WATCHES, {
      kind: 'hotel',
      mode: 'alert',
      items: [{ kind: 'hotel', quoteId: 'q_not_a_recorded_quote' }],
      travelers: 1,
      title,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'quote_not_found' });
    const mixed = await api.post(WATCHES, {
      kind: 'flight',
      mode: 'alert',
      items: [{ kind: 'hotel', quoteId: 'q_any' }],
      travelers: 1,
      title,
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toMatchObject({ code: 'quote_kind_mismatch' });
  });

  it('keeps to the live-watch limit', async () => {
    const di = await person(t.app, 'Di');
    const at = new Date();
    await t.app.db.insert(priceWatches).values(
      Array.from({ length: MAX_LIVE_WATCHES }, (_, index) => ({
        userId: di.id,
        kind: 'hotel',
        mode: 'alert',
        status: index % 2 ? 'paused' : 'active',
        subjectKey: `filler-${index}`,
        title,
        plan: { items: [], startDate: inDays(60), endDate: inDays(61), source: 'hotel' },
        travelers: 1,
        thresholdPercent: 80,
        maxBudget: 5000,
        budgetCurrency: 'USD',
        currency: 'USD',
        marketPrice: 100,
        nextCheckAt: new Date(at.getTime() + 100 * 24 * HOUR),
        createdAt: at,
        updatedAt: at,
      })),
    );
    const items = await offers(di);
    const response = await as(t.app, di).post(WATCHES, {
      kind: 'trip',
      mode: 'alert',
      items,
      travelers: 2,
      title,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'too_many_watches' });
    await t.app.db.delete(priceWatches).where(eq(priceWatches.userId, di.id));
  });

  it('needs a signed-in person', async () => {
    expect((await as(t.app, null).get(WATCHES)).statusCode).toBe(401);
    expect((await as(t.app, null).post(WATCHES, {})).statusCode).toBe(401);
  });
});

describe("another person's watch", () => {
  it('is as unknown as a missing one', async () => {
    const owner = await person(t.app, 'Owner');
    const other = await person(t.app, 'Other');
    const { watch } = await watchTrip(owner, await offers(owner));
    const api = as(t.app, other);
    for (const response of [
      await api.get(`${WATCHES}/${watch.id}/history`),
      await api.patch(`${WATCHES}/${watch.id}`, { status: 'paused' }),
      await api.delete(`${WATCHES}/${watch.id}`),
      await api.get(`${WATCHES}/not-a-watch-id/history`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'watch_not_found' });
    }
    expect(((await api.get(WATCHES)).json() as { watches: Watch[] }).watches).toEqual([]);
    const still = (await as(t.app, owner).get(WATCHES)).json() as { watches: Watch[] };
    expect(still.watches[0]).toMatchObject({ id: watch.id, status: 'active' });
  });
});

describe('changing a watch', () => {
  it('pauses, resumes and changes the threshold and budget', async () => {
    const eve = await person(t.app, 'Eve');
    const { watch } = await watchTrip(eve, await offers(eve));
    const api = as(t.app, eve);

    const paused = await api.patch(`${WATCHES}/${watch.id}`, { status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as WatchAnswer).watch).toMatchObject({
      status: 'paused',
      nextCheckAt: null,
    });
    // A paused watch is not priced.
    await makeDue(eve);
    await t.app.watches.runMonitor();
    const row = await t.app.db.select().from(priceWatches).where(eq(priceWatches.id, watch.id));
    expect(row[0]!.lastCheckedAt).toBeNull();

    const resumed = await api.patch(`${WATCHES}/${watch.id}`, {
      status: 'active',
      thresholdPercent: 90,
      maxBudget: 9000,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const shown = (resumed.json() as WatchAnswer).watch;
    expect(shown).toMatchObject({ status: 'active', thresholdPercent: 90 });
    expect(shown.maxBudget.amount).toBe(9000);
    expect(shown.target.amount).toBeCloseTo(shown.market.amount * 0.9, 2);

    for (const body of [{}, { thresholdPercent: 10 }, { status: 'booked' }, { maxBudget: -5 }]) {
      const refused = await api.patch(`${WATCHES}/${watch.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('deletes a watch, but not one being booked', async () => {
    const fay = await person(t.app, 'Fay');
    const items = await offers(fay);
    const { watch } = await watchTrip(fay, items);
    const api = as(t.app, fay);

    await t.app.db
      .update(priceWatches)
      .set({ status: 'booking' })
      .where(eq(priceWatches.id, watch.id));
    const busy = await api.delete(`${WATCHES}/${watch.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'watch_not_changeable' });
    const locked = await api.patch(`${WATCHES}/${watch.id}`, { status: 'paused' });
    expect(locked.statusCode).toBe(409);

    await t.app.db
      .update(priceWatches)
      .set({ status: 'active' })
      .where(eq(priceWatches.id, watch.id));
    expect((await api.delete(`${WATCHES}/${watch.id}`)).statusCode).toBe(204);
    expect((await api.get(`${WATCHES}/${watch.id}/history`)).statusCode).toBe(404);
    expect(((await api.get(WATCHES)).json() as { watches: Watch[] }).watches).toEqual([]);
    // Deleted, the same subject can be watched anew.
    const anew = await watchTrip(fay, items);
    expect(anew.watch.id).not.toBe(watch.id);
  });
});

describe('the monitor', () => {
  it('prices due watches, records their history and alerts once a day unless the price falls 5 % more', async () => {
    const gil = await person(t.app, 'Gil');
    await alertsOn(gil);
    const { watch } = await watchTrip(gil, await offers(gil, 40, 'FCO', 'Rome'));
    const price = watch.current!.amount;
    await marketAbove(watch.id, price);

    await makeDue(gil);
    const first = await t.app.watches.runMonitor();
    expect(first.checked).toBeGreaterThanOrEqual(1);
    expect(first.alerts).toBeGreaterThanOrEqual(1);
    const alerts = await alertsOf(gil.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data).toMatchObject({
      watchId: watch.id,
      destination: 'Paris',
      price: { currency: watch.current!.currency },
    });

    // An hour later, at target still: no second alert the same day.
    later(HOUR + 1);
    await makeDue(gil);
    await t.app.watches.runMonitor();
    expect(await alertsOf(gil.id)).toHaveLength(1);

    // The last alert was at a price 10 % higher: a clear further drop, told at once.
    const [now] = await t.app.db.select().from(priceWatches).where(eq(priceWatches.id, watch.id));
    await t.app.db
      .update(priceWatches)
      .set({ lastAlertPrice: Math.ceil((now!.currentPrice ?? price) / 0.9) })
      .where(eq(priceWatches.id, watch.id));
    later(HOUR + 1);
    await makeDue(gil);
    const stepped = await t.app.watches.runMonitor();
    expect(stepped.alerts).toBe(1);
    const [alerted] = await t.app.db
      .select()
      .from(priceWatches)
      .where(eq(priceWatches.id, watch.id));
    expect(alerted!.lastAlertPrice).toBe(alerted!.currentPrice);
    // (The same amount on the same day is one notification: its key is per day and amount.)
    expect((await alertsOf(gil.id)).length).toBeLessThanOrEqual(2);

    // A day later, at target: told again.
    const before = (await alertsOf(gil.id)).length;
    later(25 * HOUR);
    await makeDue(gil);
    await t.app.watches.runMonitor();
    expect(await alertsOf(gil.id)).toHaveLength(before + 1);

    const history = await as(t.app, gil).get(`${WATCHES}/${watch.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    const body = history.json() as PriceHistoryResponse & { watchId: string };
    expect(body.watchId).toBe(watch.id);
    expect(body.points.length).toBeGreaterThanOrEqual(2);
    expect(body.points.every((point) => point.currency === watch.current!.currency)).toBe(true);
    expect(body.target!.amount).toBeGreaterThanOrEqual(body.points.at(-1)!.amount);
    expect(['buy', 'wait']).toContain(body.advice.advice);
  });

  it('judges by the median of its own prices once they cover 7 days', async () => {
    const max = await person(t.app, 'Max');
    const { watch } = await watchTrip(max, await offers(max, 40, 'BCN', 'Barcelona'));
    const stored = Math.ceil(watch.current!.amount * 3);
    await marketAbove(watch.id, watch.current!.amount);
    for (let day = 0; day < 8; day += 1) {
      await makeDue(max);
      await t.app.watches.runMonitor();
      const shown = (await as(t.app, max).get(WATCHES)).json() as { watches: Watch[] };
      const market = shown.watches.find((entry) => entry.id === watch.id)!.market.amount;
      if (day < 6) expect(market).toBe(stored);
      later(24 * HOUR);
    }
    const history = (await as(t.app, max).get(`${WATCHES}/${watch.id}/history`)).json() as {
      points: { amount: number }[];
      market: { amount: number };
    };
    const amounts = history.points.map((point) => point.amount).sort((a, b) => a - b);
    expect(new Set(history.points.map((point) => point.amount)).size).toBeGreaterThan(0);
    expect(history.market.amount).toBeLessThan(stored);
    expect(history.market.amount).toBeGreaterThanOrEqual(amounts[0]!);
    expect(history.market.amount).toBeLessThanOrEqual(amounts.at(-1)!);
  });

  it('does not alert a watch above its target', async () => {
    const hal = await person(t.app, 'Hal');
    await alertsOn(hal);
    const { watch } = await watchTrip(hal, await offers(hal, 45, 'MAD', 'Madrid'));
    await t.app.db
      .update(priceWatches)
      .set({ marketPrice: Math.floor(watch.current!.amount / 3) })
      .where(eq(priceWatches.id, watch.id));
    await makeDue(hal);
    await t.app.watches.runMonitor();
    expect(await alertsOf(hal.id)).toHaveLength(0);
    const [row] = await t.app.db.select().from(priceWatches).where(eq(priceWatches.id, watch.id));
    expect(row!.lastCheckedAt).not.toBeNull();
  });

  it('ends watches whose trip has begun, which then can no longer be changed', async () => {
    const ivy = await person(t.app, 'Ivy');
    const { watch } = await watchTrip(ivy, await offers(ivy, 2, 'LHR', 'London'));
    const paused = await watchTrip(ivy, await offers(ivy, 3, 'AMS', 'Amsterdam'));
    await as(t.app, ivy).patch(`${WATCHES}/${paused.watch.id}`, { status: 'paused' });

    later(4 * 24 * HOUR);
    await makeDue(ivy);
    const report = await t.app.watches.runMonitor();
    expect(report.ended).toBeGreaterThanOrEqual(2);
    const list = (await as(t.app, ivy).get(WATCHES)).json() as { watches: Watch[] };
    for (const id of [watch.id, paused.watch.id]) {
      expect(list.watches.find((shown) => shown.id === id)).toMatchObject({
        status: 'ended',
        endedReason: 'departed',
      });
    }
    const changed = await as(t.app, ivy).patch(`${WATCHES}/${watch.id}`, { status: 'paused' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'watch_not_changeable' });
  });

  it('ends a watch whose offer is no longer sold after one retry, and waits out an outage', async () => {
    const ned = await person(t.app, 'Ned');
    const { watch } = await watchTrip(ned, await offers(ned, 35, 'DUB', 'Dublin'));
    const provider = t.app.travel.provider;
    const real = provider.currentOffer;
    const statusOf = async () =>
      (await t.app.db.select().from(priceWatches).where(eq(priceWatches.id, watch.id)))[0]!;
    try {
      // The provider is down: nothing is decided about the offer.
      provider.currentOffer = async () => {
        throw new Error('connection reset');
      };
      await makeDue(ned);
      await t.app.watches.runMonitor();
      expect(await statusOf()).toMatchObject({ status: 'active', endedReason: null });

      // No longer sold: once may be a blip, twice ends the watch.
      provider.currentOffer = async () => null;
      await makeDue(ned);
      await t.app.watches.runMonitor();
      expect((await statusOf()).status).toBe('active');
      await makeDue(ned);
      const report = await t.app.watches.runMonitor();
      expect(report.ended).toBeGreaterThanOrEqual(1);
      expect(await statusOf()).toMatchObject({ status: 'ended', endedReason: 'sold_out' });
    } finally {
      provider.currentOffer = real;
    }
  });

  it('refuses to watch a trip that has begun', async () => {
    const jo = await person(t.app, 'Jo');
    const items = await offers(jo, 1, 'BOS', 'Boston');
    later(2 * 24 * HOUR);
    const response = await as(t.app, jo).post(WATCHES, {
      kind: 'trip',
      mode: 'alert',
      items,
      travelers: 2,
      title,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'date_in_past' });
  });
});

describe('destination watches', () => {
  it('plans a trip to a bucket-list place and waits for it to fit the budget', async () => {
    const kai = await person(t.app, 'Kai');
    const lee = await person(t.app, 'Lee');
    const list = (await as(t.app, kai).post(LISTS, { name: 'Someday' })).json() as { id: string };
    const added = await as(t.app, kai).post(`${LISTS}/${list.id}/items`, sampleItem);
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json() as { id: string };

    const refused = await as(t.app, lee).post(`${WATCHES}/destination`, { bucketItemId: item.id });
    expect(refused.statusCode).toBe(404);

    const response = await as(t.app, kai).post(`${WATCHES}/destination`, {
      bucketItemId: item.id,
      travelers: 2,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { watch } = response.json() as WatchAnswer;
    expect(watch).toMatchObject({ kind: 'destination', mode: 'alert', bucketItemId: item.id });
    expect(watch.items.map((entry) => entry.kind)).toEqual(['flight', 'flight', 'hotel']);
    expect(watch.current!.amount).toBeGreaterThan(0);

    const again = await as(t.app, kai).post(`${WATCHES}/destination`, {
      bucketItemId: item.id,
      travelers: 2,
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as WatchAnswer).watch.id).toBe(watch.id);

    // Once the trip fits the budget, Kai is told (with price-drop alerts on).
    await alertsOn(kai);
    await as(t.app, kai).patch(`${WATCHES}/${watch.id}`, {
      maxBudget: Math.ceil(watch.current!.amount * 5),
    });
    await makeDue(kai);
    await t.app.watches.runMonitor();
    const told = (await t.app.db.execute(
      sql`select data from user_notifications where user_id = ${kai.id} and kind = 'trip_fits_budget'`,
    )) as unknown as { rows: unknown[] };
    expect(told.rows).toHaveLength(1);
  });
});
