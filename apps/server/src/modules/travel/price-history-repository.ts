import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { priceHistory } from './travel-schema';

/**
 * A subject's price on one day: the lowest recorded that day (as the watches' market price reads
 * the history, so the chart and the watch agree), with when it was recorded.
 */
export type DailyPrice = {
  subjectKey: string;
  day: string;
  amount: number;
  currency: string;
  quotedAt: Date;
};

/** The price-history reads behind POST /api/travel/price_history. */
export function createPriceHistoryRepository(db: Database) {
  return {
    /**
     * Each subject's lowest recorded price of each day from `sinceDay` on, one statement for all
     * the subjects. Nothing quoted after `until` (a clock set back does not see its future).
     */
    async dailyPrices(subjectKeys: string[], sinceDay: string, until: Date): Promise<DailyPrice[]> {
      if (subjectKeys.length === 0) return [];
      const rows = await db
        .selectDistinctOn([priceHistory.subjectKey, priceHistory.quotedOn], {
          subjectKey: priceHistory.subjectKey,
          day: priceHistory.quotedOn,
          amount: priceHistory.amount,
          currency: priceHistory.currency,
          quotedAt: priceHistory.quotedAt,
        })
        .from(priceHistory)
        .where(
          and(
            inArray(priceHistory.subjectKey, [...new Set(subjectKeys)]),
            gte(priceHistory.quotedOn, sinceDay),
            lte(priceHistory.quotedAt, until),
          ),
        )
        .orderBy(
          priceHistory.subjectKey,
          priceHistory.quotedOn,
          priceHistory.amount,
          sql`${priceHistory.quotedAt} desc`,
        );
      return rows;
    },
  };
}

export type PriceHistoryRepository = ReturnType<typeof createPriceHistoryRepository>;
