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

/**
 * The in-app notification centre (issue 16 §3): what happened, as a kind and its facts (the
 * web words it in the reader's language). `dedupe_key` makes telling the same event twice a
 * no-op (a booking id, a watch and price drop).
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_notifications_dedupe_idx').on(table.userId, table.dedupeKey),
    index('user_notifications_user_time_idx').on(table.userId, table.createdAt),
  ],
);

/** A browser's Web Push subscription (the push service's endpoint and the browser's keys). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * Keys the server generates once for every instance (the VAPID key pair when `VAPID_*` is not
 * configured): the first instance's insert wins, the others read it. Private parts are sealed
 * with the encryption key.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
