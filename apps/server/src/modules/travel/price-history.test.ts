import { addDays, median } from '@vowa/shared/travel/travel-rules';
import type { Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { adviseBuyOrWait } from '@vowa/shared/watches/buy-or-wait';
import {
  priceHistoryResponseSchema,
  type PriceHistoryResponse,
} from '@vowa/shared/watches/watch-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { priceHistory, travelQuotes } from './travel-schema';

/**
 * POST /api/travel/price_history over prices recorded on several days: the test clock moves a
 * day at a time and the same flights, stay and experience are searched again each day, as
 * people's searches record them.
 */
// A spring no other test's clock visits, so a shared database (PostgreSQL) holds no other prices of
// these offers in the window.
const FIRST_DAY = '2026-05-04';
const DAYS = 10;
const LAST_DAY = addDays(FIRST_DAY, DAYS - 1);
/** The experience is first seen on this day: the trip has no total before it. */
const EXPERIENCE_FROM = 3;
const DEPARTURE = '2026-07-15';
const RETURN = '2026-07-22';
const URL = '/api/travel/price_history';
/** Rows this test writes itself are its own on a database other runs share (PostgreSQL). */
const RUN = `${Date.now().toString(36)}_${process.pid}`;

let clock = new Date(`${FIRST_DAY}T10:00:00Z`);
const setDay = (day: string) => {
  clock = new Date(`${day}T10:00:00Z`);
};

let t: TestApp;
let traveller: Person;
let api: ReturnType<typeof as>;

/** One offer followed over the days: its first quote and its price (provider currency) each day. */
type Followed = { quoteId: string; prices: Map<string, number> };
const outbound: Followed = { quoteId: '', prices: new Map() };
const inbound: Followed = { quoteId: '', prices: new Map() };
const stay: Followed = { quoteId: '', prices: new Map() };
const experience: Followed = { quoteId: '', prices: new Map() };
let flightNumbers: { out: string; back: string };
let hotelId: string;
let experienceId: string;

function follow(followed: Followed, day: string, quote: { quoteId: string; sourceAmount: number }) {
  if (!followed.quoteId) followed.quoteId = quote.quoteId;
  followed.prices.set(day, quote.sourceAmount);
}

async function searchTheDay(day: string, withExperience: boolean) {
  setDay(day);
  const flights = await api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate: DEPARTURE,
    returnDate: RETURN,
    adults: 2,
  });
  expect(flights.statusCode).toBe(200);
  const found = flights.json() as { flights: Flight[]; returnFlights: Flight[] };
  flightNumbers ??= {
    out: found.flights[0]!.flightNumber,
    back: found.returnFlights[0]!.flightNumber,
  };
  const out = found.flights.find((flight) => flight.flightNumber === flightNumbers.out)!;
  const back = found.returnFlights.find((flight) => flight.flightNumber === flightNumbers.back)!;
  follow(outbound, day, out.quote);
  follow(inbound, day, back.quote);

  const hotels = await api.post('/api/travel/search', {
    type: 'hotels',
    city: 'Paris',
    checkIn: DEPARTURE,
    checkOut: RETURN,
    adults: 2,
  });
  expect(hotels.statusCode).toBe(200);
  const stays = (hotels.json() as { hotels: Hotel[] }).hotels;
  hotelId ??= stays[0]!.id.split('|')[0]!;
  follow(stay, day, stays.find((hotel) => hotel.id.split('|')[0] === hotelId)!.quote);

  if (!withExperience) return;
  const things = await api.get('/api/travel/experiences?city=Paris');
  expect(things.statusCode).toBe(200);
  const list = (things.json() as { experiences: Experience[] }).experiences;
  experienceId ??= list[0]!.id;
  follow(experience, day, list.find((each) => each.id === experienceId)!.quote);
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  traveller = await person(t.app, 'Priya Prices');
  api = as(t.app, traveller);
  for (let index = 0; index < DAYS; index += 1) {
    await searchTheDay(addDays(FIRST_DAY, index), index >= EXPERIENCE_FROM);
  }
  setDay(LAST_DAY);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const cents = (value: number) => Math.round(value * 100) / 100;

async function history(body: object) {
  const response = await api.post(URL, body);
  expect(response.statusCode, response.body).toBe(200);
  // The answer is what the API documents.
  return priceHistoryResponseSchema.parse(response.json()) as PriceHistoryResponse;
}

/** What the answer must say for these totals per day: market, target (80 %) and the advice. */
function expectSummary(answer: PriceHistoryResponse, totals: number[], departureDate: string) {
  expect(answer.thresholdPercent).toBe(80);
  const market = totals.length >= 7 ? cents(median(totals)!) : null;
  expect(answer.market).toEqual(market === null ? null : { amount: market, currency: 'EUR' });
  expect(answer.target).toEqual(
    market === null ? null : { amount: cents(market * 0.8), currency: 'EUR' },
  );
  expect(answer.departureDate).toBe(departureDate);
  // The advice is the pure rule applied to exactly these points.
  expect(answer.advice).toEqual(
    adviseBuyOrWait({
      points: answer.points.map(({ day, amount }) => ({ day, amount })),
      today: clock.toISOString().slice(0, 10),
      departureDate,
      target: answer.target?.amount ?? null,
    }),
  );
}

const daysFrom = (first: number, last = DAYS - 1) =>
  Array.from({ length: last - first + 1 }, (_, index) => addDays(FIRST_DAY, first + index));

describe('POST /api/travel/price_history', () => {
  it('a flight: its price each day for every traveller, in the provider currency', async () => {
    const answer = await history({
      items: [{ kind: 'flight', quoteId: outbound.quoteId }],
      travelers: 2,
    });
    const days = daysFrom(0);
    const totals = days.map((day) => cents(2 * outbound.prices.get(day)!));
    expect(answer.currency).toBe('EUR');
    expect(answer.points.map((point) => point.day)).toEqual(days);
    expect(answer.points.map((point) => point.amount)).toEqual(totals);
    for (const point of answer.points) {
      expect(point.currency).toBe('EUR');
      expect(point.at.slice(0, 10)).toBe(point.day);
    }
    // The offline fares drift from day to day: a history, not one price ten times.
    expect(new Set(totals).size).toBeGreaterThan(1);
    expectSummary(answer, totals, DEPARTURE);
  });

  it('a stay: the whole stay, however many travel', async () => {
    const forTwo = await history({
      items: [{ kind: 'hotel', quoteId: stay.quoteId }],
      travelers: 2,
    });
    const forThree = await history({
      items: [{ kind: 'hotel', quoteId: stay.quoteId }],
      travelers: 3,
    });
    const totals = daysFrom(0).map((day) => stay.prices.get(day)!);
    expect(forTwo.points.map((point) => point.amount)).toEqual(totals);
    expect(forThree.points).toEqual(forTwo.points);
    expectSummary(forTwo, totals, DEPARTURE);
  });

  it('a whole trip: summed per day as bookings charge it, only on days every item has a price', async () => {
    const items = [
      { kind: 'flight', quoteId: outbound.quoteId },
      { kind: 'flight', quoteId: inbound.quoteId },
      { kind: 'hotel', quoteId: stay.quoteId },
      { kind: 'experience', quoteId: experience.quoteId, date: addDays(DEPARTURE, 1) },
    ];
    const answer = await history({ items, travelers: 2 });
    const days = daysFrom(EXPERIENCE_FROM);
    const totals = days.map((day) =>
      cents(
        2 * outbound.prices.get(day)! +
          2 * inbound.prices.get(day)! +
          stay.prices.get(day)! +
          2 * experience.prices.get(day)!,
      ),
    );
    expect(answer.points.map((point) => point.day)).toEqual(days);
    expect(answer.points.map((point) => point.amount)).toEqual(totals);
    // Exactly seven days: enough for a market price.
    expect(totals).toHaveLength(7);
    expectSummary(answer, totals, DEPARTURE);
  });

  it('follows the offer, not the quote: a later quote of it has the same history', async () => {
    const first = await history({ items: [{ kind: 'flight', quoteId: outbound.quoteId }] });
    setDay(LAST_DAY);
    const again = await api.post('/api/travel/search', {
      type: 'flights',
      origin: 'JFK',
      destination: 'CDG',
      departureDate: DEPARTURE,
      adults: 1,
    });
    const latest = (again.json() as { flights: Flight[] }).flights.find(
      (flight) => flight.flightNumber === flightNumbers.out,
    )!;
    const later = await history({ items: [{ kind: 'flight', quoteId: latest.quote.quoteId }] });
    expect(later.points).toEqual(first.points);
  });

  it('a clock set back sees only what was recorded by then, and no market under 7 days', async () => {
    setDay(addDays(FIRST_DAY, 4));
    try {
      const answer = await history({
        items: [
          { kind: 'flight', quoteId: outbound.quoteId },
          { kind: 'experience', quoteId: experience.quoteId },
        ],
        travelers: 1,
      });
      const days = daysFrom(EXPERIENCE_FROM, 4);
      expect(answer.points.map((point) => point.day)).toEqual(days);
      expect(answer.points.map((point) => point.amount)).toEqual(
        days.map((day) => cents(outbound.prices.get(day)! + experience.prices.get(day)!)),
      );
      expect(answer.market).toBeNull();
      expect(answer.target).toBeNull();
      expect(answer.advice.confidence).toBe('low');
      expect(answer.advice.reasons).toContainEqual({ code: 'little_history', params: { days: 2 } });
    } finally {
      setDay(LAST_DAY);
    }
  });

  it('the target is the market at the person’s own threshold', async () => {
    const saved = await api.put('/api/finance/budget_settings', { priceAlertThreshold: 90 });
    expect(saved.statusCode).toBe(200);
    try {
      const answer = await history({ items: [{ kind: 'hotel', quoteId: stay.quoteId }] });
      expect(answer.thresholdPercent).toBe(90);
      expect(answer.target).toEqual({
        amount: cents(answer.market!.amount * 0.9),
        currency: 'EUR',
      });
      // Another person's threshold is theirs.
      const other = await person(t.app, 'Otto Other');
      const theirs = (
        await as(t.app, other).post(URL, {
          items: [{ kind: 'hotel', quoteId: stay.quoteId }],
        })
      ).json() as PriceHistoryResponse;
      expect(theirs.thresholdPercent).toBe(80);
      expect(theirs.points).toEqual(answer.points);
    } finally {
      await api.put('/api/finance/budget_settings', { priceAlertThreshold: 80 });
    }
  });
});

describe('what it refuses', () => {
  it('needs a signed-in person', async () => {
    const response = await as(t.app, null).post(URL, {
      items: [{ kind: 'flight', quoteId: outbound.quoteId }],
    });
    expect(response.statusCode).toBe(401);
  });

  it('an unknown quote is 404', async () => {
    const response = await api.post(URL, {
      items: [
        { kind: 'flight', quoteId: outbound.quoteId },
        { kind: 'hotel', quoteId: 'q_not_a_quote_anyone_recorded' },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'quote_not_found' });
  });

  it('another provider’s quote is 404, as if unknown', async () => {
    const [row] = await t.app.db.select().from(travelQuotes).limit(1);
    await t.app.db
      .insert(travelQuotes)
      .values({ ...row!, id: `q_from_another_provider_h6_${RUN}`, provider: 'duffel' });
    const response = await api.post(URL, {
      items: [{ kind: row!.kind, quoteId: `q_from_another_provider_h6_${RUN}` }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'quote_not_found' });
  });

  it('a quote of another kind than said is 422', async () => {
    const response = await api.post(URL, { items: [{ kind: 'hotel', quoteId: outbound.quoteId }] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'quote_kind_mismatch' });
  });

  it('offers in different currencies cannot be summed', async () => {
    const [row] = await t.app.db.select().from(travelQuotes).limit(1);
    await t.app.db
      .insert(travelQuotes)
      .values({ ...row!, id: `q_priced_in_dollars_h6_${RUN}`, currency: 'USD' });
    const response = await api.post(URL, {
      items: [
        { kind: 'flight', quoteId: outbound.quoteId },
        { kind: row!.kind, quoteId: `q_priced_in_dollars_h6_${RUN}` },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'booking_currencies_differ' });
  });

  it('a flight priced for a whole party has no price for another number of travellers', async () => {
    const [row] = await t.app.db
      .select()
      .from(travelQuotes)
      .where(eq(travelQuotes.id, outbound.quoteId));
    const offer = { ...(row!.offer as object), totalFor: { passengers: 3, amount: 999 } };
    await t.app.db
      .insert(travelQuotes)
      .values({ ...row!, id: `q_priced_for_three_h6_${RUN}`, offer });
    const response = await api.post(URL, {
      items: [{ kind: 'flight', quoteId: `q_priced_for_three_h6_${RUN}` }],
      travelers: 2,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'travellers_differ_from_quote' });
  });

  it.each([
    ['no items', { items: [] }],
    [
      'too many items',
      { items: Array.from({ length: 13 }, () => ({ kind: 'flight', quoteId: 'q' })) },
    ],
    ['an unknown kind', { items: [{ kind: 'train', quoteId: 'q' }] }],
    ['no travellers', { items: [{ kind: 'flight', quoteId: 'q' }], travelers: 0 }],
    ['a blank quote id', { items: [{ kind: 'flight', quoteId: '  ' }] }],
    ['no body', undefined],
  ])('%s is refused as invalid', async (_label, body) => {
    const response = await api.post(URL, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('the price of one day', () => {
  it('is the lowest recorded that day, when it moved during the day', async () => {
    const [row] = await t.app.db
      .select()
      .from(travelQuotes)
      .where(eq(travelQuotes.id, stay.quoteId));
    const subjectKey = `${row!.subjectKey}:h6-intraday-${RUN}`;
    await t.app.db.insert(travelQuotes).values({ ...row!, id: `q_intraday_h6_${RUN}`, subjectKey });
    const at = (hour: number) => new Date(`${LAST_DAY}T0${hour}:00:00Z`);
    await t.app.db.insert(priceHistory).values([
      {
        subjectKey,
        provider: 'offline',
        amount: 500,
        currency: 'EUR',
        quotedOn: LAST_DAY,
        quotedAt: at(1),
      },
      {
        subjectKey,
        provider: 'offline',
        amount: 450,
        currency: 'EUR',
        quotedOn: LAST_DAY,
        quotedAt: at(2),
      },
      {
        subjectKey,
        provider: 'offline',
        amount: 480,
        currency: 'EUR',
        quotedOn: LAST_DAY,
        quotedAt: at(3),
      },
    ]);
    const answer = await history({ items: [{ kind: 'hotel', quoteId: `q_intraday_h6_${RUN}` }] });
    expect(answer.points).toEqual([
      { day: LAST_DAY, amount: 450, currency: 'EUR', at: at(2).toISOString() },
    ]);
  });
});

describe('rate limit', () => {
  it('counts like the searches (TRAVEL_RATE_LIMIT_MAX per person per minute)', async () => {
    const limited = await createTestApp({ TRAVEL_RATE_LIMIT_MAX: '2' }, { now: () => clock });
    try {
      const someone = await person(limited.app, 'Rita Ratelimit');
      const body = { items: [{ kind: 'flight', quoteId: 'q_unknown' }] };
      const statuses = [];
      for (let index = 0; index < 3; index += 1) {
        statuses.push((await as(limited.app, someone).post(URL, body)).statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
