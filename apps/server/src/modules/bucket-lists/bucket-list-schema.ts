import type { PhotoCredit } from '@vowa/shared/artwork/artwork-scene';
import {
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';

export const bucketLists = pgTable(
  'bucket_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bucket_lists_owner_id_idx').on(table.ownerId),
    index('bucket_lists_public_idx').on(table.isPublic, table.updatedAt),
  ],
);

/** Who a list is shared with (read-only access). */
export const bucketListShares = pgTable(
  'bucket_list_shares',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => bucketLists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.userId] }),
    index('bucket_list_shares_user_id_idx').on(table.userId),
  ],
);

export const invitationStatuses = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/**
 * An invitation to read a list, addressed to an email the owner typed (an account may or may
 * not use it). The list becomes shared (a row in `bucket_list_shares`, which makes the two
 * "friends") only when the addressee accepts. The mailed link's token is stored hashed.
 */
export const bucketListInvitations = pgTable(
  'bucket_list_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => bucketLists.id, { onDelete: 'cascade' }),
    /** Lower-cased, as users.email is. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: invitationStatuses }).notNull().default('pending'),
    /** Who opened the mailed link or answered; the invitation is theirs from then on. */
    inviteeId: uuid('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bucket_list_invitations_list_email_idx').on(table.listId, table.email),
    index('bucket_list_invitations_email_idx').on(table.email),
    index('bucket_list_invitations_invitee_id_idx').on(table.inviteeId),
  ],
);

export const bucketItems = pgTable(
  'bucket_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => bucketLists.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull(),
    country: text('country').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    estimatedCost: numeric('estimated_cost', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /**
     * The currency the estimated cost was entered in (the writer's Settings currency unless
     * they chose another); readers see it converted into theirs. Older rows: see 0011.
     */
    costCurrency: text('cost_currency').notNull().default('USD'),
    bestTimeToVisit: text('best_time_to_visit').notNull().default(''),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    image: text('image').notNull().default(''),
    /**
     * The photographer's credit of an Unsplash photo the image finder chose, shown with it as
     * Unsplash requires; null for artwork and for an image URL the person gave.
     */
    imageCredit: jsonb('image_credit').$type<PhotoCredit>(),
    /** 'fetching' while the image finder works on it; survives restarts so it can resume. */
    imageStatus: text('image_status').notNull().default('ready'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bucket_items_list_id_idx').on(table.listId),
    index('bucket_items_image_status_idx').on(table.imageStatus),
  ],
);

export type BucketListRow = typeof bucketLists.$inferSelect;
export type BucketItemRow = typeof bucketItems.$inferSelect;
export type InvitationRow = typeof bucketListInvitations.$inferSelect;
