import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bookings, calendarFeeds } from './bookings-schema';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;
export type BookingChanges = Partial<
  Omit<NewBookingRow, 'id' | 'userId' | 'idempotencyKey' | 'leaseId'>
>;

/** A new lease's token: whoever holds it is the only one whose writes land. */
export const newLeaseId = () => randomUUID();

/** Every query of the bookings module. */
export function createBookingsRepository(db: Database) {
  return {
    /**
     * Claims an idempotency key: the insert wins for exactly one request per (user, key); the
     * others get null and read the booking that won.
     */
    async insertClaimed(row: NewBookingRow): Promise<BookingRow | null> {
      const [inserted] = await db
        .insert(bookings)
        .values(row)
        .onConflictDoNothing({ target: [bookings.userId, bookings.idempotencyKey] })
        .returning();
      return inserted ?? null;
    },

    async findByKey(userId: string, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row ?? null;
    },

    async find(id: string) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
      return row ?? null;
    },

    async listOf(userId: string) {
      return db
        .select()
        .from(bookings)
        .where(eq(bookings.userId, userId))
        .orderBy(asc(bookings.startDate), asc(bookings.createdAt));
    },

    /** Confirmed trips (newest first): the profile's stats and the calendar feed. */
    async confirmedOf(userId: string) {
      return db
        .select()
        .from(bookings)
        .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed')))
        .orderBy(desc(bookings.startDate));
    },

    /**
     * Takes the right to drive a booking until `until`: only when nobody holds it (or their
     * hold has lapsed, i.e. they died). One conditional update, so one winner on any instance;
     * the row returned carries the winner's `leaseId`.
     */
    async lease(id: string, now: Date, until: Date): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({ leaseUntil: until, leaseId: newLeaseId() })
        .where(
          and(eq(bookings.id, id), or(isNull(bookings.leaseUntil), lt(bookings.leaseUntil, now))),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Writes a recovery point (or any change) only while `leaseId` still holds the booking;
     * null when it does not (the lease lapsed and another driver took it over).
     */
    async updateLeased(
      id: string,
      leaseId: string,
      changes: BookingChanges,
    ): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(bookings.id, id), eq(bookings.leaseId, leaseId)))
        .returning();
      return row ?? null;
    },

    /** Gives up a lease, only if it is still this one (never someone else's). */
    async releaseLease(id: string, leaseId: string): Promise<void> {
      await db
        .update(bookings)
        .set({ leaseUntil: null, leaseId: null })
        .where(and(eq(bookings.id, id), eq(bookings.leaseId, leaseId)));
    },

    /**
     * Moves a booking from one step to another only if it is still at `from` (the cancellation's
     * claim: two cancels of one booking, one wins).
     */
    async transition(
      id: string,
      from: { status: string; step: string },
      changes: BookingChanges & { leaseId?: string },
    ): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(
          and(eq(bookings.id, id), eq(bookings.status, from.status), eq(bookings.step, from.step)),
        )
        .returning();
      return row ?? null;
    },

    /** Bookings at one of `steps` since before `stepBefore` whose lease has expired (or none). */
    async stuck(steps: string[], stepBefore: Date, now: Date, limit: number) {
      return db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            inArray(bookings.step, steps),
            lt(bookings.stepAt, stepBefore),
            or(isNull(bookings.leaseUntil), lt(bookings.leaseUntil, now)),
          ),
        )
        .orderBy(asc(bookings.stepAt))
        .limit(limit);
    },

    /**
     * Of these bookings, those that ended (failed, cancelled) or do not exist: a group plan held
     * by one of them is free again.
     */
    async endedOf(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .where(inArray(bookings.id, ids));
      const live = new Set(
        rows.filter((row) => !['failed', 'cancelled'].includes(row.status)).map((row) => row.id),
      );
      return ids.filter((id) => !live.has(id));
    },

    /**
     * Takes back a booking its request just inserted and never started (nothing authorized,
     * still leased to that request): its idempotency key is free again.
     */
    async discardUnstarted(id: string, leaseId: string): Promise<boolean> {
      const deleted = await db
        .delete(bookings)
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.leaseId, leaseId),
            eq(bookings.step, 'created'),
            isNull(bookings.paymentId),
          ),
        )
        .returning({ id: bookings.id });
      return deleted.length > 0;
    },

    async calendarFeedOf(userId: string) {
      const [row] = await db
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .limit(1);
      return row ?? null;
    },

    /** A new token replaces the old one, so an old link stops working at once. */
    async saveCalendarFeed(userId: string, tokenHash: string, at: Date) {
      await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash, createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: at } });
    },

    async deleteCalendarFeed(userId: string) {
      const deleted = await db
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .returning({ userId: calendarFeeds.userId });
      return deleted.length > 0;
    },

    async calendarFeedOwner(tokenHash: string) {
      const [row] = await db
        .select({ userId: calendarFeeds.userId })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.tokenHash, tokenHash))
        .limit(1);
      return row?.userId ?? null;
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
