import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentAction } from '@vowa/shared/payments/payment-schemas';
import { users } from '../auth/auth-schema';

const minor = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** The person's customer at the provider (Stripe Customer); the sandbox needs none. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);

/**
 * A card a person may pay with: saved for later (Settings, auto-booking) or one-off (entered
 * in the booking flow). Only brand, last four digits, expiry and the provider's fingerprint
 * are kept — never the number. Removing a card keeps the row (bookings name it) but hides it.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    fingerprint: text('fingerprint').notNull(),
    saved: boolean('saved').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    removedAt: at('removed_at'),
  },
  (table) => [
    index('payment_methods_user').on(table.userId, table.createdAt),
    unique('payment_methods_provider_method').on(table.provider, table.providerMethodId),
  ],
);

/**
 * Vowa's record of each authorization, whichever provider holds it. The person's idempotency
 * key is unique per person, so the same key always answers with this row's result.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** pending (asked, no answer yet), then the PaymentStatus values. */
    status: text('status').notNull(),
    action: jsonb('action').$type<PaymentAction>(),
    declineCode: text('decline_code'),
    declineMessage: text('decline_message'),
    refundedMinor: minor('refunded_minor').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('payments_user_idempotency_key').on(table.userId, table.idempotencyKey),
    unique('payments_provider_payment').on(table.provider, table.providerPaymentId),
  ],
);

/** Captures, releases and refunds with the caller's idempotency key: each key acts once. */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountMinor: minor('amount_minor'),
    providerRefundId: text('provider_refund_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('payment_operations_key').on(table.paymentId, table.kind, table.idempotencyKey),
  ],
);

/**
 * The sandbox provider's own books, as a card network would keep them: tokenised cards (the
 * test behaviour of the number, never the number) …
 */
export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  behaviour: text('behaviour').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** … its payment intents (authorized → captured/released → refunded) … */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    cardId: text('card_id')
      .notNull()
      .references(() => sandboxCards.id),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    declineCode: text('decline_code'),
    declineMessage: text('decline_message'),
    amountRefunded: minor('amount_refunded').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('sandbox_payments_card').on(table.cardId)],
);

/** … and its refunds, one per idempotency key. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
  amountMinor: minor('amount_minor').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});
