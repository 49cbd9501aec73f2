import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
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
