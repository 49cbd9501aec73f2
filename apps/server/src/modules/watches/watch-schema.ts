import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';
import { bookings } from '../bookings/bookings-schema';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's price watches (issue 16): a trip, flight, hotel or bucket-list destination priced
 * again by the monitor. `mode` 'auto_book' books it when it reaches the target; 'alert' only
 * tells. `status`: active → (paused ⇄ active) → booking (claimed for booking) → booked, or
 * ended (departed, sold out, deleted items). `items` are the recorded quotes the watch prices
 * again (travel's quote ids, the latest ones after each check).
 */
export const priceWatches = pgTable(
  'price_watches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull(),
    /** What is watched, independent of price: one live watch per person and subject. */
    subjectKey: text('subject_key').notNull(),
    /** Destination, country, country code: the trip's title, as bookings keep it. */
    title: jsonb('title').notNull(),
    /** The watched trip: items (kind, quoteId), dates, origin, class, hotel category, … */
    plan: jsonb('plan').notNull(),
    travelers: integer('travelers').notNull(),
    /** Auto-booking's travellers (names as on documents) and contact; null for alerts. */
    party: jsonb('party'),
    bucketItemId: uuid('bucket_item_id'),
    thresholdPercent: integer('threshold_percent').notNull(),
    maxBudget: money('max_budget').notNull(),
    budgetCurrency: text('budget_currency').notNull(),
    /** The currency the provider quotes the watched trip in. */
    currency: text('currency').notNull(),
    /** The market price when the watch was made (until its own history gives a median). */
    marketPrice: money('market_price').notNull(),
    currentPrice: money('current_price'),
    lastCheckedAt: at('last_checked_at'),
    nextCheckAt: at('next_check_at').notNull(),
    lastAlertAt: at('last_alert_at'),
    lastAlertPrice: money('last_alert_price'),
    /** Who claimed it for booking (a random id) and until when; see watch-auto-book.ts. */
    claimId: text('claim_id'),
    claimUntil: at('claim_until'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    endedReason: text('ended_reason'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('price_watches_due_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.status} = 'active'`),
    index('price_watches_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('price_watches_live_subject_idx')
      .on(table.userId, table.subjectKey)
      .where(sql`${table.status} in ('active', 'paused', 'booking')`),
  ],
);

/**
 * Each watch's price history: one row per day and price (a repeated check at the same price on
 * the same day adds nothing), with the market price it was judged against and the recorded
 * quotes that make up the price.
 */
export const watchPrices = pgTable(
  'watch_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    watchId: uuid('watch_id')
      .notNull()
      .references(() => priceWatches.id, { onDelete: 'cascade' }),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    checkedAt: at('checked_at').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    marketPrice: money('market_price').notNull(),
    quoteIds: jsonb('quote_ids').notNull(),
  },
  (table) => [
    unique('watch_prices_day_amount').on(table.watchId, table.checkedOn, table.amount),
    index('watch_prices_watch_time_idx').on(table.watchId, table.checkedAt),
  ],
);

/**
 * Auto-booking attempts: one per watch and price drop (the price row that reached the target).
 * At most one is claimed or booked per watch. Its idempotency key is the booking's, so a
 * repeated attempt (a crashed worker's job run again) finds the same booking.
 */
export const watchBookings = pgTable(
  'watch_bookings',
  {
    watchId: uuid('watch_id')
      .notNull()
      .references(() => priceWatches.id, { onDelete: 'cascade' }),
    dropId: bigint('drop_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    failure: text('failure'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    primaryKey({ columns: [table.watchId, table.dropId] }),
    uniqueIndex('watch_bookings_one_live_idx')
      .on(table.watchId)
      .where(sql`${table.status} in ('claimed', 'booked')`),
  ],
);
