import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * Every offer the product has shown, as the provider quoted it (in the provider's currency, with
 * whatever the provider needs to price it again). Detail views and re-quotes start from here, so
 * a browser never gets to say what an offer cost. Market data: not tied to a user.
 */
export const travelQuotes = pgTable(
  'travel_quotes',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    offer: jsonb('offer').notNull(),
    amount: money('amount'),
    currency: text('currency').notNull(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  },
  (table) => [index('travel_quotes_quoted_at').on(table.quotedAt)],
);

/**
 * The price history: one row per subject (a flight on a date in a class, a hotel stay, an
 * experience, a whole suggested trip) each time its quoted price changes within a day.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectKey: text('subject_key').notNull(),
    provider: text('provider').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    quotedOn: date('quoted_on', { mode: 'string' }).notNull(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('price_history_subject_day_amount').on(table.subjectKey, table.quotedOn, table.amount),
    index('price_history_subject_time').on(table.subjectKey, table.quotedAt),
  ],
);

/** Where a user's trips start from. */
export const travelPreferences = pgTable('travel_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  homeAirport: text('home_airport'),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * The offline provider's own orders: what it confirmed, for how much, and whether it was
 * cancelled (with what it refunded). Duffel keeps its orders itself; this table is the embedded
 * provider's equivalent, so a booking reference means something and a retry with the same
 * idempotency key finds the order it already made. Provider data, not a user's: the bookings
 * module links a person to an order by its id.
 */
export const travelProviderOrders = pgTable(
  'travel_provider_orders',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    /** The booking reference shown to the person (a PNR, the hotel's reference). */
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key')
      .notNull()
      .unique('travel_provider_orders_idempotency_key'),
    /** The offer as quoted and booked (the provider's shape, with its raw data). */
    offer: jsonb('offer').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    travellers: jsonb('travellers').notNull(),
    contact: jsonb('contact').notNull(),
    /** When the booked service starts (departure, check-in, the experience), if known. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** 'confirmed' or 'cancelled'. */
    status: text('status').notNull(),
    refundAmountMinor: bigint('refund_amount_minor', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    // The offline provider issues its references itself, so it keeps them unique; airlines'
    // PNRs are only unique per airline.
    uniqueIndex('travel_provider_orders_offline_reference')
      .on(table.reference)
      .where(sql`${table.provider} = 'offline'`),
  ],
);
