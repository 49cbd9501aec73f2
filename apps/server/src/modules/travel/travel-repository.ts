import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ProviderOrder, ProviderOrderStore } from './provider-orders';
import type { ProviderName } from './travel-provider';
import {
  priceHistory,
  travelPreferences,
  travelProviderOrders,
  travelQuotes,
} from './travel-schema';

export type QuoteRecord = typeof travelQuotes.$inferInsert & { offer: unknown };
export type PriceRecord = typeof priceHistory.$inferInsert;
export type MarketHistory = {
  median: number;
  /** How many prices were recorded, on how many days, the lowest and the highest. */
  quotes: number;
  days: number;
  low: number;
  high: number;
  currency: string;
};

/** Every query of the travel module. */
export function createTravelRepository(db: Database) {
  return {
    /** Records quotes; one already recorded (same id: same offer, price and validity) is kept. */
    async saveQuotes(rows: QuoteRecord[]) {
      if (rows.length === 0) return;
      await db.insert(travelQuotes).values(rows).onConflictDoNothing();
    },

    async findQuote(id: string) {
      const [row] = await db.select().from(travelQuotes).where(eq(travelQuotes.id, id)).limit(1);
      return row;
    },

    /** Many recorded quotes by id in one statement (the watch monitor's batches). */
    async findQuotes(ids: string[]) {
      if (ids.length === 0) return [];
      return db.select().from(travelQuotes).where(inArray(travelQuotes.id, ids));
    },

    /** Adds to the price history; the same price for the same subject on the same day once. */
    async recordPrices(rows: PriceRecord[]) {
      if (rows.length === 0) return;
      await db.insert(priceHistory).values(rows).onConflictDoNothing();
    },

    /** Every recorded price of one subject, oldest first (at most the latest `limit`). */
    async pricesOf(subjectKey: string, limit: number) {
      const rows = await db
        .select({
          amount: priceHistory.amount,
          currency: priceHistory.currency,
          quotedAt: priceHistory.quotedAt,
        })
        .from(priceHistory)
        .where(eq(priceHistory.subjectKey, subjectKey))
        .orderBy(sql`${priceHistory.quotedAt} desc`)
        .limit(limit);
      return rows.reverse();
    },

    /**
     * The median, range and count of recorded prices and their days, per subject, quoted from
     * `since` up to `until` (the engine's now: a price recorded by a clock ahead of it is not
     * history yet).
     */
    async marketHistory(
      subjectKeys: string[],
      since: Date,
      until: Date,
    ): Promise<Map<string, MarketHistory>> {
      const result = new Map<string, MarketHistory>();
      if (subjectKeys.length === 0) return result;
      const rows = await db
        .select({
          subjectKey: priceHistory.subjectKey,
          currency: sql<string>`min(${priceHistory.currency})`,
          median: sql<string>`percentile_cont(0.5) within group (order by ${priceHistory.amount})`,
          days: sql<string>`count(distinct ${priceHistory.quotedOn})`,
          quotes: sql<string>`count(*)`,
          low: sql<string>`min(${priceHistory.amount})`,
          high: sql<string>`max(${priceHistory.amount})`,
        })
        .from(priceHistory)
        .where(
          and(
            inArray(priceHistory.subjectKey, subjectKeys),
            gte(priceHistory.quotedAt, since),
            lte(priceHistory.quotedAt, until),
          ),
        )
        .groupBy(priceHistory.subjectKey);
      for (const row of rows) {
        result.set(row.subjectKey, {
          median: Number(row.median),
          days: Number(row.days),
          quotes: Number(row.quotes),
          low: Number(row.low),
          high: Number(row.high),
          currency: row.currency,
        });
      }
      return result;
    },

    async homeAirport(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ homeAirport: travelPreferences.homeAirport })
        .from(travelPreferences)
        .where(eq(travelPreferences.userId, userId))
        .limit(1);
      return row?.homeAirport ?? null;
    },

    /** The home airports people chose, most chosen first: the origins worth pricing ahead. */
    async popularHomeAirports(limit: number): Promise<string[]> {
      const rows = await db
        .select({ code: travelPreferences.homeAirport })
        .from(travelPreferences)
        .where(isNotNull(travelPreferences.homeAirport))
        .groupBy(travelPreferences.homeAirport)
        .orderBy(desc(count()))
        .limit(limit);
      return rows.flatMap((row) => (row.code ? [row.code] : []));
    },

    async clearHomeAirport(userId: string) {
      await db
        .update(travelPreferences)
        .set({ homeAirport: null, updatedAt: new Date() })
        .where(eq(travelPreferences.userId, userId));
    },

    async saveHomeAirport(userId: string, code: string) {
      await db
        .insert(travelPreferences)
        .values({ userId, homeAirport: code })
        .onConflictDoUpdate({
          target: travelPreferences.userId,
          set: { homeAirport: code, updatedAt: new Date() },
        });
    },
  };
}

export type TravelRepository = ReturnType<typeof createTravelRepository>;

type OrderRow = typeof travelProviderOrders.$inferSelect;

const orderOf = (row: OrderRow): ProviderOrder => ({
  ...row,
  kind: row.kind as ProviderOrder['kind'],
  status: row.status as ProviderOrder['status'],
  offer: row.offer as ProviderOrder['offer'],
  travellers: row.travellers as ProviderOrder['travellers'],
  contact: row.contact as ProviderOrder['contact'],
});

/** The offline provider's orders (`travel_provider_orders`). */
export function createProviderOrderRepository(
  db: Database,
  provider: ProviderName,
): ProviderOrderStore {
  const one = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select()
      .from(travelProviderOrders)
      .where(and(eq(travelProviderOrders.provider, provider), where))
      .limit(1);
    return row ? orderOf(row) : null;
  };
  return {
    findByKey: (key) => one(eq(travelProviderOrders.idempotencyKey, key)),
    find: (id) => one(eq(travelProviderOrders.id, id)),
    async insert(order) {
      const inserted = await db
        .insert(travelProviderOrders)
        .values({ ...order, provider })
        .onConflictDoNothing()
        .returning({ id: travelProviderOrders.id });
      return inserted.length > 0;
    },
    async cancel(id, refundAmountMinor, at) {
      // Only a confirmed order changes, so a repeated or concurrent cancel keeps the first refund.
      await db
        .update(travelProviderOrders)
        .set({ status: 'cancelled', refundAmountMinor, cancelledAt: at })
        .where(and(eq(travelProviderOrders.id, id), eq(travelProviderOrders.status, 'confirmed')));
      return one(eq(travelProviderOrders.id, id));
    },
  };
}
