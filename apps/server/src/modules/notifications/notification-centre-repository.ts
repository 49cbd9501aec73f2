import { and, count, desc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { pushSubscriptions, serverKeys, userNotifications } from './notification-schema';

export type StoredNotification = typeof userNotifications.$inferSelect;
export type StoredPushSubscription = typeof pushSubscriptions.$inferSelect;

/** A person keeps at most this many browsers subscribed; the oldest go first. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const newestFirst = [desc(userNotifications.createdAt), desc(userNotifications.id)] as const;

/** A foreign key refused the row: the person was deleted meanwhile. */
const isMissingOwner = (error: unknown): boolean => {
  for (let cause = error; cause && typeof cause === 'object';) {
    if ((cause as { code?: string }).code === '23503') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Every query of the notification centre: its notifications, push subscriptions and the
 * server's own keys (nothing of other modules).
 */
export function createNotificationCentreRepository(db: Database) {
  async function serverKey(name: string): Promise<string | null> {
    const [row] = await db
      .select({ value: serverKeys.value })
      .from(serverKeys)
      .where(eq(serverKeys.name, name));
    return row?.value ?? null;
  }

  return {
    /** Inserts a notification; null when the same (person, key) is already there. */
    async insert(values: {
      userId: string;
      kind: string;
      data: unknown;
      dedupeKey: string;
      at: Date;
    }): Promise<StoredNotification | null> {
      try {
        const [row] = await db
          .insert(userNotifications)
          .values({
            userId: values.userId,
            kind: values.kind,
            data: values.data ?? {},
            dedupeKey: values.dedupeKey,
            createdAt: values.at,
          })
          .onConflictDoNothing({ target: [userNotifications.userId, userNotifications.dedupeKey] })
          .returning();
        return row ?? null;
      } catch (error) {
        if (isMissingOwner(error)) return null;
        throw error;
      }
    },

    async find(id: string): Promise<StoredNotification | null> {
      const [row] = await db.select().from(userNotifications).where(eq(userNotifications.id, id));
      return row ?? null;
    },

    /**
     * A page of a person's notifications older than `before`, newest first. Notifications made
     * at the same moment (one monitor pass) are never split over two pages, so the next page
     * can start strictly before the last one shown.
     */
    async page(userId: string, before: Date | null, size: number) {
      const older = (moment: Date | null) =>
        and(
          eq(userNotifications.userId, userId),
          moment ? lt(userNotifications.createdAt, moment) : undefined,
        );
      const rows = await db
        .select()
        .from(userNotifications)
        .where(older(before))
        .orderBy(...newestFirst)
        .limit(size + 1);
      if (rows.length <= size) return { rows, hasMore: false };
      const boundary = rows[size - 1]!.createdAt;
      const page = rows.slice(0, size);
      if (rows[size]!.createdAt.getTime() === boundary.getTime()) {
        // The rest of the boundary's moment joins this page.
        const shown = new Set(page.map((row) => row.id));
        const sameMoment = await db
          .select()
          .from(userNotifications)
          .where(
            and(eq(userNotifications.userId, userId), eq(userNotifications.createdAt, boundary)),
          )
          .orderBy(...newestFirst);
        page.push(...sameMoment.filter((row) => !shown.has(row.id)));
      }
      const [next] = await db
        .select({ id: userNotifications.id })
        .from(userNotifications)
        .where(older(boundary))
        .limit(1);
      return { rows: page, hasMore: next !== undefined };
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(userNotifications)
        .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
      return Number(row?.unread ?? 0);
    },

    /** Marks one of the person's notifications read; false when it is not theirs (or gone). */
    async markRead(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(userNotifications)
        .set({
          readAt: sql`coalesce(${userNotifications.readAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)))
        .returning({ id: userNotifications.id });
      return rows.length > 0;
    },

    async markAllRead(userId: string, at: Date) {
      await db
        .update(userNotifications)
        .set({ readAt: at })
        .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
    },

    async prune(before: Date) {
      await db.delete(userNotifications).where(lt(userNotifications.createdAt, before));
    },

    // ---------- Push subscriptions ----------

    /**
     * Saves a browser's subscription for this person. An endpoint is one browser profile: if
     * someone else had it (they signed out there), it is now this person's.
     */
    async saveSubscription(values: {
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      at: Date;
    }) {
      await db
        .insert(pushSubscriptions)
        .values({ ...values, createdAt: values.at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            p256dh: values.p256dh,
            auth: values.auth,
            createdAt: values.at,
          },
        });
      const keep = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, values.userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(MAX_PUSH_SUBSCRIPTIONS);
      await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, values.userId), notInArray(pushSubscriptions.id, keep)),
        );
    },

    /** Deletes the person's subscription at `endpoint` (someone else's is left alone). */
    async deleteSubscription(userId: string, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** The push service said the subscription is gone (404/410). */
    async forgetSubscriptions(ids: string[]) {
      if (ids.length === 0) return;
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },

    async hasSubscriptions(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    async subscriptionsOf(userId: string): Promise<StoredPushSubscription[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    async markDelivered(ids: string[], at: Date) {
      if (ids.length === 0) return;
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: at })
        .where(inArray(pushSubscriptions.id, ids));
    },

    // ---------- Server keys ----------

    serverKey,

    /** Stores a key unless one of that name exists; the stored one is returned either way. */
    async serverKeyOnce(name: string, value: string, at: Date): Promise<string> {
      await db
        .insert(serverKeys)
        .values({ name, value, createdAt: at })
        .onConflictDoNothing({ target: serverKeys.name });
      const stored = await serverKey(name);
      if (stored === null) throw new Error(`server key ${name} could not be stored`);
      return stored;
    },
  };
}

export type NotificationCentreRepository = ReturnType<typeof createNotificationCentreRepository>;
