import type { Hotel } from '@vowa/shared/travel/travel-schemas';
import { addDays } from '@vowa/shared/travel/travel-rules';
import { inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { priceWatches, watchPrices } from '../src/modules/watches/watch-schema';
import { travelQuotes } from '../src/modules/travel/travel-schema';
import { as, saveCard, verifiedPerson, type Person } from './api-helpers';
import type { TestApp } from './test-app';

/**
 * Seeding for the auto-booking tests (issue 16): people ready to auto-book (verified, a saved
 * card, auto-booking on), recorded hotel quotes from the offline provider, and watches written
 * in bulk (one statement per 500), so a thousand watches take a moment, not a thousand requests.
 */

export type AutoBookingPerson = Person & { cardId: string };

/** Verified, a saved sandbox card, auto-booking switched on (as the settings screens do). */
export async function autoBookingPerson(t: TestApp, name = 'Auto Booker') {
  const who = await verifiedPerson(t, name);
  const api = as(t.app, who);
  const cardId = await saveCard(t.app, who);
  const on = await api.put('/api/finance/budget_settings', {
    autoBookingEnabled: true,
    maxTripBudget: 50_000,
  });
  if (on.statusCode !== 200) throw new Error(`auto-booking not on: ${on.body}`);
  return { ...who, cardId };
}

export type SeedQuote = {
  quoteId: string;
  subject: string;
  amount: number;
  currency: string;
  city: string;
  country: string;
  countryCode: string;
  checkIn: string;
  checkOut: string;
};

/** Recorded hotel quotes (one traveller) in each city, as a search records them. */
export async function hotelQuotes(
  app: FastifyInstance,
  who: Person,
  cities: { city: string; country: string; countryCode: string }[],
  today: string,
): Promise<SeedQuote[]> {
  const found: Omit<SeedQuote, 'subject' | 'amount' | 'currency'>[] = [];
  for (const [index, place] of cities.entries()) {
    const checkIn = addDays(today, 40 + index);
    const checkOut = addDays(checkIn, 3);
    const response = await as(app, who).post('/api/travel/search', {
      type: 'hotels',
      city: place.city,
      checkIn,
      checkOut,
      adults: 1,
    });
    if (response.statusCode !== 200) throw new Error(`search failed: ${response.body}`);
    for (const hotel of (response.json() as { hotels: Hotel[] }).hotels) {
      found.push({ quoteId: hotel.quote.quoteId, ...place, checkIn, checkOut });
    }
  }
  const rows = await app.db
    .select({
      id: travelQuotes.id,
      subject: travelQuotes.subjectKey,
      amount: travelQuotes.amount,
      currency: travelQuotes.currency,
    })
    .from(travelQuotes)
    .where(
      inArray(
        travelQuotes.id,
        found.map((quote) => quote.quoteId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return found.flatMap((quote) => {
    const row = byId.get(quote.quoteId);
    return row?.amount
      ? [{ ...quote, subject: row.subject, amount: row.amount, currency: row.currency }]
      : [];
  });
}

/**
 * Auto-Book watches of one stay each, already at their target: the market price is 1.5× the
 * price now and the threshold 80 %, so the target is 1.2× the price. Due now.
 */
export async function seedWatches(
  app: FastifyInstance,
  specs: { who: AutoBookingPerson; quote: SeedQuote; label: string }[],
  now: Date,
): Promise<string[]> {
  const rows = specs.map(({ who, quote, label }) => ({
    userId: who.id,
    kind: 'hotel',
    mode: 'auto_book',
    status: 'active',
    subjectKey: `${quote.subject}|${label}`,
    title: { destination: quote.city, country: quote.country, countryCode: quote.countryCode },
    plan: {
      items: [{ kind: 'hotel', quoteId: quote.quoteId, subject: quote.subject }],
      startDate: quote.checkIn,
      endDate: quote.checkOut,
      source: 'hotel',
    },
    travelers: 1,
    party: {
      travelers: [{ givenName: 'Ada', familyName: 'Lovelace' }],
      contact: { email: who.email },
    },
    thresholdPercent: 80,
    maxBudget: 50_000,
    budgetCurrency: quote.currency,
    currency: quote.currency,
    marketPrice: Math.round(quote.amount * 150) / 100,
    nextCheckAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await app.db
      .insert(priceWatches)
      .values(rows.slice(start, start + 500))
      .returning({ id: priceWatches.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** A price row for each watch (the drop the monitor would find): its id per watch. */
export async function seedDrops(
  app: FastifyInstance,
  watchIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  const watches = await app.db
    .select()
    .from(priceWatches)
    .where(inArray(priceWatches.id, watchIds));
  const rows = await app.db
    .insert(watchPrices)
    .values(
      watches.map((watch) => ({
        watchId: watch.id,
        checkedOn: now.toISOString().slice(0, 10),
        checkedAt: now,
        amount: Math.round((watch.marketPrice / 1.5) * 100) / 100,
        currency: watch.currency,
        marketPrice: watch.marketPrice,
        quoteIds: (watch.plan as { items: { quoteId: string }[] }).items.map(
          (item) => item.quoteId,
        ),
      })),
    )
    .returning({ id: watchPrices.id, watchId: watchPrices.watchId });
  return new Map(rows.map((row) => [row.watchId, row.id]));
}

/** `select count(*)` of a condition, as a number. */
export async function countOf(app: FastifyInstance, query: SQL) {
  const result = (await app.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
}
