import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';
import { conversations } from './chat-schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The 6-character code shown in the Invite to Group dialog (part 2 §9): a new one each time
 * the dialog opens. Only its keyed hash is kept; it belongs to one group, expires, and can be
 * revoked. Redeeming is throttled per person and per address, so codes cannot be guessed.
 */
export const groupInviteCodes = pgTable(
  'group_invite_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('group_invite_codes_code_hash').on(table.codeHash),
    index('group_invite_codes_conversation').on(table.conversationId),
  ],
);

/**
 * An invitation sent by email or SMS (`POST /api/user_management/users/invite`): the message
 * carries a join link with a random token, of which only the SHA-256 is kept. The address is
 * kept as a keyed hash only, to limit repeats to the same address.
 */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
    addressHash: text('address_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('group_invitations_token_hash').on(table.tokenHash),
    index('group_invitations_conversation').on(table.conversationId, table.addressHash),
  ],
);

/**
 * The group plan (issue 15 §5): what members selected for the group from the flight, hotel and
 * experience dialogs, with the offer exactly as shown (its quote id, price, time and currency).
 * A new pick for the same slot ('flight', 'return_flight', 'hotel') replaces the current one
 * (`replaced_at`); experiences add up. The current plan is the picks not replaced or removed.
 */
export const groupPlanPicks = pgTable(
  'group_plan_picks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    slot: text('slot', {
      enum: ['flight', 'return_flight', 'hotel', 'experience'],
    }).notNull(),
    marker: text('marker', { enum: ['selected', 'modified'] }).notNull(),
    quoteId: text('quote_id').notNull(),
    /** The Flight, Hotel or Experience as the dialog showed it. */
    offer: jsonb('offer').notNull(),
    pickedBy: uuid('picked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set when a later pick took this slot, or a member removed it from the plan. */
    replacedAt: at('replaced_at'),
    /** Set when the plan containing it was booked. */
    bookingId: uuid('booking_id'),
  },
  (table) => [
    index('group_plan_picks_current')
      .on(table.conversationId, table.slot)
      .where(sql`${table.replacedAt} is null`),
  ],
);

/** A member's vote on a pick: 'yes' or 'no', changeable until the plan is booked. */
export const groupPlanVotes = pgTable(
  'group_plan_votes',
  {
    pickId: uuid('pick_id')
      .notNull()
      .references(() => groupPlanPicks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: ['yes', 'no'] }).notNull(),
    votedAt: at('voted_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pickId, table.userId] })],
);

/**
 * A booking of a group's plan: who booked it for whom, and each member's share of the total,
 * in the booking's currency and in the member's own currency at the rate of the booking's time.
 */
export const groupBookings = pgTable(
  'group_bookings',
  {
    bookingId: uuid('booking_id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    memberCount: integer('member_count').notNull(),
    /** [{ userId, shareMinor, currency, display: { amount, currency, rate, asOf } }] */
    shares: jsonb('shares').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('group_bookings_conversation').on(table.conversationId)],
);
