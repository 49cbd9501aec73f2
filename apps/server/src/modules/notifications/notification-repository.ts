import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { NotificationKind } from './notification-kinds';
import { notificationDeliveries } from './notification-schema';

/** Every query of the notifications module: its own deliveries, nothing of other modules. */
export function createNotificationRepository(db: Database) {
  return {
    /** Which of these users already have a delivery of `kind` for one of `periods`. */
    async delivered(kind: NotificationKind, userIds: string[], periods: string[]) {
      if (userIds.length === 0 || periods.length === 0) return new Set<string>();
      const rows = await db
        .select({ userId: notificationDeliveries.userId, period: notificationDeliveries.period })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.kind, kind),
            inArray(notificationDeliveries.userId, userIds),
            inArray(notificationDeliveries.period, periods),
          ),
        );
      return new Set(rows.map((row) => `${row.userId}|${row.period}`));
    },

    /**
     * Claims a delivery: true only for the one caller whose insert created the row, whatever
     * the number of instances racing for it (the unique index decides).
     */
    async claim(values: {
      userId: string;
      kind: NotificationKind;
      period: string;
      details: unknown;
      at: Date;
    }): Promise<string | null> {
      const [row] = await db
        .insert(notificationDeliveries)
        .values({
          userId: values.userId,
          kind: values.kind,
          period: values.period,
          details: values.details ?? {},
          createdAt: values.at,
        })
        .onConflictDoNothing({
          target: [
            notificationDeliveries.userId,
            notificationDeliveries.kind,
            notificationDeliveries.period,
          ],
        })
        .returning({ id: notificationDeliveries.id });
      return row?.id ?? null;
    },

    async markSent(id: string, at: Date) {
      await db
        .update(notificationDeliveries)
        .set({ sentAt: at })
        .where(eq(notificationDeliveries.id, id));
    },

    /** The details of a user's deliveries of a kind claimed since a moment. */
    async recentDetails(userId: string, kind: NotificationKind, since: Date): Promise<unknown[]> {
      const rows = await db
        .select({ details: notificationDeliveries.details })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.kind, kind),
            gte(notificationDeliveries.createdAt, since),
          ),
        );
      return rows.map((row) => row.details);
    },

    async prune(before: Date) {
      await db.delete(notificationDeliveries).where(lt(notificationDeliveries.createdAt, before));
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
