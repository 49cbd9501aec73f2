import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { WatchPlan, WatchRow } from './watch-ports';
import { priceWatches, watchPrices } from './watch-schema';

/** The statuses of a live watch: one per person and subject, counted against the limit. */
export const LIVE_STATUSES = ['active', 'paused', 'booking'] as const;

export type NewWatch = typeof priceWatches.$inferInsert;

/** One checked price of a watch, as the monitor records it (one statement per batch). */
export type PriceRow = {
  watchId: string;
  checkedOn: string;
  checkedAt: Date;
  amount: number;
  currency: string;
  marketPrice: number;
  quoteIds: string[];
};

/** A watch claimed by a monitor pass, with when it was checked before this claim. */
export type ClaimedWatch = WatchRow & { previousCheck: Date | null };

const asRow = (row: typeof priceWatches.$inferSelect) => row as unknown as WatchRow;

/** Every statement of the watches module; the monitor's are one per batch. */
export function createWatchRepository(db: Database) {
  const live = inArray(priceWatches.status, [...LIVE_STATUSES]);
  return {
    async insert(values: NewWatch): Promise<WatchRow | null> {
      const [row] = await db.insert(priceWatches).values(values).onConflictDoNothing().returning();
      return row ? asRow(row) : null;
    },

    async findLive(userId: string, subjectKey: string): Promise<WatchRow | null> {
      const [row] = await db
        .select()
        .from(priceWatches)
        .where(and(eq(priceWatches.userId, userId), eq(priceWatches.subjectKey, subjectKey), live))
        .limit(1);
      return row ? asRow(row) : null;
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<string>`count(*)` })
        .from(priceWatches)
        .where(and(eq(priceWatches.userId, userId), live));
      return Number(row?.count ?? 0);
    },

    /** The person's own watch (another person's is as unknown as a missing one). */
    async owned(userId: string, id: string): Promise<WatchRow | null> {
      const [row] = await db
        .select()
        .from(priceWatches)
        .where(and(eq(priceWatches.id, id), eq(priceWatches.userId, userId)))
        .limit(1);
      return row ? asRow(row) : null;
    },

    /** Live watches, and ended or booked ones changed since `since`; newest first. */
    async listOf(userId: string, since: Date, mode?: 'auto_book' | 'alert'): Promise<WatchRow[]> {
      const rows = await db
        .select()
        .from(priceWatches)
        .where(
          and(
            eq(priceWatches.userId, userId),
            or(live, gte(priceWatches.updatedAt, since)),
            mode ? eq(priceWatches.mode, mode) : undefined,
          ),
        )
        .orderBy(desc(priceWatches.createdAt), desc(priceWatches.id));
      return rows.map(asRow);
    },

    /** Changes a watch only while its status is one of `from` (a conditional update). */
    async update(
      userId: string,
      id: string,
      from: readonly string[],
      changes: Partial<NewWatch>,
    ): Promise<WatchRow | null> {
      const [row] = await db
        .update(priceWatches)
        .set(changes)
        .where(
          and(
            eq(priceWatches.id, id),
            eq(priceWatches.userId, userId),
            inArray(priceWatches.status, [...from]),
          ),
        )
        .returning();
      return row ? asRow(row) : null;
    },

    /** Deletes a watch unless it is being booked; true when it went. */
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(priceWatches)
        .where(
          and(
            eq(priceWatches.id, id),
            eq(priceWatches.userId, userId),
            ne(priceWatches.status, 'booking'),
          ),
        )
        .returning({ id: priceWatches.id });
      return rows.length > 0;
    },

    /** The latest recorded price row of each watch (its market at the last check). */
    async latestPrices(watchIds: string[]) {
      if (watchIds.length === 0) return new Map<string, { marketPrice: number }>();
      const rows = await db
        .selectDistinctOn([watchPrices.watchId], {
          watchId: watchPrices.watchId,
          marketPrice: watchPrices.marketPrice,
        })
        .from(watchPrices)
        .where(inArray(watchPrices.watchId, watchIds))
        .orderBy(watchPrices.watchId, desc(watchPrices.checkedAt), desc(watchPrices.id));
      return new Map(rows.map((row) => [row.watchId, row]));
    },

    /** A watch's recorded prices, oldest first. */
    async pricesOf(watchId: string, since: Date) {
      return db
        .select()
        .from(watchPrices)
        .where(and(eq(watchPrices.watchId, watchId), gte(watchPrices.checkedAt, since)))
        .orderBy(watchPrices.checkedAt, watchPrices.id);
    },

    // ---------- The monitor: one statement per batch ----------

    /**
     * Claims up to `limit` due active watches for this pass: their next check moves to `next`,
     * so another instance (skipping the locked rows) never prices the same watch this round.
     */
    async claimDue(at: Date, next: Date, limit: number): Promise<ClaimedWatch[]> {
      const due = db.$with('due').as(
        db
          .select({
            id: priceWatches.id,
            previousCheck: sql<string | Date | null>`${priceWatches.lastCheckedAt}`.as(
              'previous_check',
            ),
          })
          .from(priceWatches)
          .where(and(eq(priceWatches.status, 'active'), lte(priceWatches.nextCheckAt, at)))
          .orderBy(priceWatches.nextCheckAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      const rows = await db
        .with(due)
        .update(priceWatches)
        .set({ nextCheckAt: next, lastCheckedAt: at })
        .from(due)
        .where(and(eq(priceWatches.id, due.id), eq(priceWatches.status, 'active')))
        .returning({ ...getTableColumns(priceWatches), previousCheck: due.previousCheck });
      return rows.map(({ previousCheck, ...row }) => ({
        ...asRow(row),
        previousCheck: previousCheck === null ? null : new Date(previousCheck),
      }));
    },

    /** Per watch: the median of its prices since `since` and on how many days (one statement). */
    async marketHistories(watchIds: string[], since: Date) {
      const result = new Map<string, { median: number; days: number }>();
      if (watchIds.length === 0) return result;
      const rows = await db
        .select({
          watchId: watchPrices.watchId,
          median: sql<string>`percentile_cont(0.5) within group (order by ${watchPrices.amount})`,
          days: sql<string>`count(distinct ${watchPrices.checkedOn})`,
        })
        .from(watchPrices)
        .where(and(inArray(watchPrices.watchId, watchIds), gte(watchPrices.checkedAt, since)))
        .groupBy(watchPrices.watchId);
      for (const row of rows) {
        result.set(row.watchId, { median: Number(row.median), days: Number(row.days) });
      }
      return result;
    },

    /** Records the batch's prices; a price already recorded that day is kept (not returned). */
    async insertPrices(rows: PriceRow[]) {
      if (rows.length === 0) return [];
      return db.insert(watchPrices).values(rows).onConflictDoNothing().returning({
        id: watchPrices.id,
        watchId: watchPrices.watchId,
        amount: watchPrices.amount,
      });
    },

    /** The ids of prices recorded earlier the same day (the inserts that conflicted). */
    async priceIds(keys: { watchId: string; checkedOn: string; amount: number }[]) {
      if (keys.length === 0) return [];
      return db
        .select({ id: watchPrices.id, watchId: watchPrices.watchId, amount: watchPrices.amount })
        .from(watchPrices)
        .where(
          or(
            ...keys.map((key) =>
              and(
                eq(watchPrices.watchId, key.watchId),
                eq(watchPrices.checkedOn, key.checkedOn),
                eq(watchPrices.amount, key.amount),
              ),
            ),
          ),
        );
    },

    /**
     * The batch's new prices and quotes, one statement: each watch's current price, currency
     * and plan (its latest quotes); `soldOutOnce` notes an offer found unsold once (ended next
     * time). Only while the watch is still active.
     */
    async savePrices(
      rows: {
        id: string;
        price: number;
        currency: string;
        plan: WatchPlan;
        soldOutOnce: boolean;
      }[],
      at: Date,
    ) {
      if (rows.length === 0) return;
      await db.execute(sql`
        update price_watches as w
        set current_price = v.price, currency = v.currency, plan = v.plan,
          ended_reason = case when v.sold_out_once then 'sold_out_once' else null end,
          updated_at = ${at.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows.map(toRecordset))}::jsonb)
          as v(id uuid, price numeric, currency text, plan jsonb, sold_out_once boolean)
        where w.id = v.id and w.status = 'active'
      `);
    },

    /** Marks offers found unsold once (the next check ends the watch if still so). */
    async markSoldOutOnce(ids: string[], at: Date) {
      if (ids.length === 0) return;
      await db
        .update(priceWatches)
        .set({ endedReason: 'sold_out_once', updatedAt: at })
        .where(and(inArray(priceWatches.id, ids), eq(priceWatches.status, 'active')));
    },

    /** Ends active (or paused) watches for `reason`; returns the user ids of those ended. */
    async end(ids: string[], reason: string, at: Date) {
      if (ids.length === 0) return [];
      return db
        .update(priceWatches)
        .set({ status: 'ended', endedReason: reason, updatedAt: at, claimId: null })
        .where(
          and(inArray(priceWatches.id, ids), inArray(priceWatches.status, ['active', 'paused'])),
        )
        .returning({ id: priceWatches.id, userId: priceWatches.userId });
    },

    /** Paused watches whose trip has begun (the monitor ends them with the active ones). */
    async pausedStarted(today: string, limit: number) {
      return db
        .select({ id: priceWatches.id })
        .from(priceWatches)
        .where(
          and(
            eq(priceWatches.status, 'paused'),
            sql`${priceWatches.plan}->>'startDate' <= ${today}`,
          ),
        )
        .limit(limit);
    },

    /**
     * Notes an alert at `price`, only if no one noted another since `previous` was read: two
     * instances judging the same drop alert once.
     */
    async markAlerted(id: string, previous: Date | null, at: Date, price: number) {
      const rows = await db
        .update(priceWatches)
        .set({ lastAlertAt: at, lastAlertPrice: price })
        .where(
          and(
            eq(priceWatches.id, id),
            previous ? eq(priceWatches.lastAlertAt, previous) : isNull(priceWatches.lastAlertAt),
          ),
        )
        .returning({ id: priceWatches.id });
      return rows.length > 0;
    },
  };
}

function toRecordset(row: {
  id: string;
  price: number;
  currency: string;
  plan: WatchPlan;
  soldOutOnce: boolean;
}) {
  return {
    id: row.id,
    price: row.price,
    currency: row.currency,
    plan: row.plan,
    sold_out_once: row.soldOutOnce,
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;
