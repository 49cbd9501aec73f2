import type { GroupPlanSlot } from '@vowa/shared/groups/group-card-schema';
import type { GroupPickMarker, GroupVote } from '@vowa/shared/groups/group-plan-schemas';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { chatMessages } from './chat-schema';
import { groupBookings, groupPlanPicks, groupPlanVotes } from './group-schema';
import { findGroupMemberIds, findGroupMembership } from './group-repository';

export type PickRow = typeof groupPlanPicks.$inferSelect;
export type VoteRow = typeof groupPlanVotes.$inferSelect;
export type GroupBookingRow = typeof groupBookings.$inferSelect;

/** One member's share of a group booking, as `group_bookings.shares` keeps it. */
export type StoredShare = {
  userId: string;
  shareMinor: number;
  currency: string;
  display: { amount: number; currency: string; rate: number; asOf: string; source: string } | null;
};

/** A rollback that is an answer, not a failure. */
class NotHeld extends Error {}

/** Every query of the group plan: picks, votes, and the bookings of the plan. */
export function createGroupPlanRepository(db: Database) {
  return {
    /** Whether the person is a member of this group (any other conversation is no group). */
    async isMember(conversationId: string, userId: string): Promise<boolean> {
      return (await findGroupMembership(db, conversationId, userId)) !== null;
    },

    /** The members' ids, the longest-standing first. */
    memberIds: (conversationId: string) => findGroupMemberIds(db, conversationId),

    /** The current plan: picks not replaced, removed or booked, the oldest first. */
    async currentPicks(conversationId: string): Promise<PickRow[]> {
      return db
        .select()
        .from(groupPlanPicks)
        .where(
          and(eq(groupPlanPicks.conversationId, conversationId), isNull(groupPlanPicks.replacedAt)),
        )
        .orderBy(asc(groupPlanPicks.createdAt), asc(groupPlanPicks.id));
    },

    async votesOn(pickIds: string[]): Promise<VoteRow[]> {
      if (pickIds.length === 0) return [];
      return db.select().from(groupPlanVotes).where(inArray(groupPlanVotes.pickId, pickIds));
    },

    /**
     * Adds a pick. A flight, return flight or hotel replaces the slot's current pick (whose
     * votes then stop counting); experiences add up, except the same experience picked again.
     * The group row is locked first, so two picks for one slot at once leave one current.
     */
    async addPick(values: {
      conversationId: string;
      slot: GroupPlanSlot;
      marker: GroupPickMarker;
      quoteId: string;
      offer: unknown;
      subject: string;
      pickedBy: string;
      at: Date;
    }): Promise<PickRow> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select id from conversations where id = ${values.conversationId} for update`,
        );
        const sameSlot = and(
          eq(groupPlanPicks.conversationId, values.conversationId),
          eq(groupPlanPicks.slot, values.slot),
          isNull(groupPlanPicks.replacedAt),
        );
        await tx
          .update(groupPlanPicks)
          .set({ replacedAt: values.at })
          .where(
            values.slot === 'experience'
              ? and(sameSlot, sql`${groupPlanPicks.offer}->>'subject' = ${values.subject}`)
              : sameSlot,
          );
        const [row] = await tx
          .insert(groupPlanPicks)
          .values({
            conversationId: values.conversationId,
            slot: values.slot,
            marker: values.marker,
            quoteId: values.quoteId,
            offer: values.offer,
            pickedBy: values.pickedBy,
            createdAt: values.at,
          })
          .returning();
        return row!;
      });
    },

    /** A current pick of this group; null for any other. */
    async currentPick(conversationId: string, pickId: string): Promise<PickRow | null> {
      const [row] = await db
        .select()
        .from(groupPlanPicks)
        .where(
          and(
            eq(groupPlanPicks.id, pickId),
            eq(groupPlanPicks.conversationId, conversationId),
            isNull(groupPlanPicks.replacedAt),
          ),
        );
      return row ?? null;
    },

    /** Takes a pick out of the plan; false when it was not current (already gone). */
    async removePick(conversationId: string, pickId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(groupPlanPicks)
        .set({ replacedAt: at })
        .where(
          and(
            eq(groupPlanPicks.id, pickId),
            eq(groupPlanPicks.conversationId, conversationId),
            isNull(groupPlanPicks.replacedAt),
          ),
        )
        .returning({ id: groupPlanPicks.id });
      return rows.length > 0;
    },

    async vote(pickId: string, userId: string, vote: GroupVote, at: Date): Promise<void> {
      await db
        .insert(groupPlanVotes)
        .values({ pickId, userId, vote, votedAt: at })
        .onConflictDoUpdate({
          target: [groupPlanVotes.pickId, groupPlanVotes.userId],
          set: { vote, votedAt: at },
        });
    },

    /**
     * Holds the picks for a booking, all or none: each must still be current and free, or held
     * by a booking that ended. The group row is locked first, so of two members booking at once
     * exactly one holds the plan.
     */
    async hold(
      conversationId: string,
      pickIds: string[],
      bookingId: string,
      ended: string[],
    ): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(
            sql`select id from conversations where id = ${conversationId} for update`,
          );
          const free = ended.length
            ? or(isNull(groupPlanPicks.bookingId), inArray(groupPlanPicks.bookingId, ended))
            : isNull(groupPlanPicks.bookingId);
          const held = await tx
            .update(groupPlanPicks)
            .set({ bookingId })
            .where(
              and(
                inArray(groupPlanPicks.id, pickIds),
                eq(groupPlanPicks.conversationId, conversationId),
                isNull(groupPlanPicks.replacedAt),
                free,
              ),
            )
            .returning({ id: groupPlanPicks.id });
          if (held.length !== pickIds.length) throw new NotHeld();
          return true;
        });
      } catch (error) {
        if (error instanceof NotHeld) return false;
        throw error;
      }
    },

    async holds(bookingId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groupPlanPicks.id })
        .from(groupPlanPicks)
        .where(eq(groupPlanPicks.bookingId, bookingId))
        .limit(1);
      return row !== undefined;
    },

    /** The group whose picks a booking holds (or held). */
    async groupOfBooking(bookingId: string): Promise<string | null> {
      const [row] = await db
        .select({ conversationId: groupPlanPicks.conversationId })
        .from(groupPlanPicks)
        .where(eq(groupPlanPicks.bookingId, bookingId))
        .limit(1);
      return row?.conversationId ?? null;
    },

    /**
     * A booking of the plan ended without being kept (failed, or cancelled): its picks are free
     * again (those still in the plan). Returns whether any were.
     */
    async release(bookingId: string): Promise<boolean> {
      const rows = await db
        .update(groupPlanPicks)
        .set({ bookingId: null })
        .where(and(eq(groupPlanPicks.bookingId, bookingId), isNull(groupPlanPicks.replacedAt)))
        .returning({ id: groupPlanPicks.id });
      return rows.length > 0;
    },

    /**
     * Records a confirmed booking of the plan, once (keyed by the booking): its picks leave the
     * current plan (they are booked). False when it was recorded already.
     */
    async recordBooking(row: typeof groupBookings.$inferInsert, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(groupBookings)
          .values(row)
          .onConflictDoNothing({ target: groupBookings.bookingId })
          .returning({ bookingId: groupBookings.bookingId });
        if (inserted.length === 0) return false;
        await tx
          .update(groupPlanPicks)
          .set({ replacedAt: at })
          .where(
            and(eq(groupPlanPicks.bookingId, row.bookingId), isNull(groupPlanPicks.replacedAt)),
          );
        return true;
      });
    },

    /** A cancelled booking owes nobody anything: its shares go. */
    async forgetBooking(bookingId: string): Promise<boolean> {
      const rows = await db
        .delete(groupBookings)
        .where(eq(groupBookings.bookingId, bookingId))
        .returning({ bookingId: groupBookings.bookingId });
      return rows.length > 0;
    },

    async bookingsOf(conversationId: string): Promise<GroupBookingRow[]> {
      return db
        .select()
        .from(groupBookings)
        .where(eq(groupBookings.conversationId, conversationId))
        .orderBy(desc(groupBookings.createdAt));
    },

    /** The picks a booking booked (to tell a repeat of a booked plan from a changed plan). */
    async picksOfBookings(bookingIds: string[]): Promise<PickRow[]> {
      if (bookingIds.length === 0) return [];
      return db.select().from(groupPlanPicks).where(inArray(groupPlanPicks.bookingId, bookingIds));
    },

    /** The 'plan_booked' cards of a group (their references and totals). */
    async bookedCards(conversationId: string): Promise<unknown[]> {
      const rows = await db
        .select({ card: chatMessages.card })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            sql`${chatMessages.card}->>'type' = 'plan_booked'`,
          ),
        );
      return rows.map((row) => row.card);
    },
  };
}

export type GroupPlanRepository = ReturnType<typeof createGroupPlanRepository>;
