import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentAction } from '@vowa/shared/payments/payment-schemas';
import { users } from '../auth/auth-schema';
import type { StoredBookingItem } from './booking-items';

const minor = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's bookings. The row is the booking's state machine: `status` is what the person
 * sees, `step` the last recovery point reached (see booking-steps.ts), so a step that was cut
 * short (a crash, a provider outage) resumes from there instead of starting again. The row is
 * claimed by inserting (user, idempotency key) before any money moves; `lease_until` is the
 * atomic claim of whoever drives it now (a request or the recovery job, on any instance).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request as validated: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Vowa's reference shown to the person, e.g. VW-7K2Q9D. */
    reference: text('reference').notNull().unique(),
    status: text('status').notNull(),
    step: text('step').notNull(),
    /** When the current step was reached: the recovery job takes bookings stuck for a minute. */
    stepAt: at('step_at').notNull(),
    leaseUntil: at('lease_until'),
    /**
     * Whose lease it is: a random token set with `lease_until`. Every write of a driver is
     * conditional on it, so a driver whose lease was taken over stops instead of writing.
     */
    leaseId: text('lease_id'),
    /** Outside calls tried in the background for the current step (for backing off). */
    attempts: integer('attempts').notNull().default(0),
    source: text('source').notNull(),
    /** Booked by auto-booking (issue 16), not by the person. */
    automatic: boolean('automatic').notNull().default(false),
    destination: text('destination').notNull(),
    country: text('country').notNull(),
    countryCode: text('country_code').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    travelerCount: integer('traveler_count').notNull(),
    travelers: jsonb('travelers')
      .$type<
        {
          givenName: string;
          familyName: string;
          bornOn: string | null;
          gender?: 'f' | 'm' | null;
        }[]
      >()
      .notNull(),
    contact: jsonb('contact').$type<{ email: string; phone: string | null }>().notNull(),
    specialRequests: text('special_requests'),
    /** The exact quotes booked (offer included), with the provider's references once booked. */
    items: jsonb('items').$type<StoredBookingItem[]>().notNull(),
    totalMinor: minor('total_minor').notNull(),
    currency: text('currency').notNull(),
    /** The total in the person's currency when they booked, with the rate. */
    display: jsonb('display').$type<{
      amount: number;
      currency: string;
      exchangeRate: { rate: number; asOf: string; source: string };
    } | null>(),
    paymentMethodId: text('payment_method_id').notNull(),
    paymentId: text('payment_id'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    paymentBrand: text('payment_brand'),
    paymentLast4: text('payment_last4'),
    /** The confirmation step the card asked for, returned again to a retry with the same key. */
    paymentAction: jsonb('payment_action').$type<PaymentAction | null>(),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    confirmedAt: at('confirmed_at'),
    freeCancellationUntil: at('free_cancellation_until'),
    /** The cancellation's own idempotency key and the refund it promised. */
    cancelKey: text('cancel_key'),
    refundMinor: minor('refund_minor'),
    cancelledAt: at('cancelled_at'),
    updatedAt: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    unique('bookings_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('bookings_user_start').on(table.userId, table.startDate),
    index('bookings_step').on(table.step, table.stepAt),
  ],
);

/**
 * A person's private calendar subscription: only the token's SHA-256 is kept, so a database
 * dump cannot be used to read anyone's trips. One per person; a new one replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});
