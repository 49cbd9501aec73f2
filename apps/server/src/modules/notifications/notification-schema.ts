import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';

/**
 * One row per notification email a user was (or is being) sent: the job table of the
 * notification runner. The unique (user, kind, period) is the claim: an instance sends only
 * when its insert created the row, so any number of instances on one database send each
 * notification once. `period` is the local day of a deal alert ("2026-11-23"), the ISO week of
 * a digest ("2026-W48"), or the event a later feature names (a booking id).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    /** What the email was about (a deal alert's deals), so the next one tells only news. */
    details: jsonb('details').notNull().default({}),
    /** When the instance claimed it (the runner's clock). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the message was handed to the mail service; null if building it failed. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notification_deliveries_claim_idx').on(table.userId, table.kind, table.period),
    index('notification_deliveries_created_at_idx').on(table.createdAt),
  ],
);
