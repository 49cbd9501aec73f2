import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';

/**
 * A user's settings (part 1 §3). Only what differs from the defaults is stored, so a default
 * changed in a release reaches everyone who never chose otherwise. Auto-booking lives in the
 * budget settings and the sign-in methods in their own tables: one source of truth each.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language'),
  currency: text('currency'),
  timezone: text('timezone'),
  notifications: jsonb('notifications').notNull().default({}),
  privacy: jsonb('privacy').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
