import { bigint, boolean, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';

/** Instagram and TikTok accounts a user has connected (one per platform). */
export const socialProfiles = pgTable(
  'social_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    username: text('username').notNull(),
    url: text('url').notNull(),
    verified: boolean('verified').notNull().default(false),
    followers: bigint('followers', { mode: 'number' }).notNull().default(0),
    connected: boolean('connected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('social_profiles_user_platform').on(table.userId, table.platform)],
);

/**
 * Files a user uploaded (avatars), by the server-chosen path they are served from. A profile
 * may only point at its own user's uploads.
 */
export const userUploads = pgTable('user_uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  path: text('path').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
