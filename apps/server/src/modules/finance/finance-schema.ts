import {
  boolean,
  index,
  integer,
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

/** One linked bank per user. The provider's access token is stored sealed (AES-256-GCM). */
export const bankConnections = pgTable('bank_connections', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  itemId: text('item_id').notNull(),
  accessTokenSealed: text('access_token_sealed').notNull(),
  institutionName: text('institution_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
});

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => bankConnections.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    officialName: text('official_name'),
    mask: text('mask'),
    type: text('type').notNull(),
    subtype: text('subtype'),
    available: money('available'),
    current: money('current'),
    isoCurrencyCode: text('iso_currency_code'),
  },
  (table) => [unique('bank_accounts_connection_account').on(table.connectionId, table.accountId)],
);

export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => bankConnections.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    accountId: text('account_id').notNull(),
    date: text('date').notNull(),
    name: text('name').notNull(),
    /** Positive for money in, negative for money out. */
    amount: money('amount').notNull(),
    category: jsonb('category').$type<string[]>().notNull(),
    isoCurrencyCode: text('iso_currency_code'),
  },
  (table) => [
    unique('bank_transactions_connection_transaction').on(table.connectionId, table.transactionId),
    index('bank_transactions_connection_date_idx').on(table.connectionId, table.date),
  ],
);

/** The figures the budget is derived from: from the bank, or entered by hand. */
export const userFinancials = pgTable('user_financials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  monthlyIncome: money('monthly_income').notNull(),
  monthlyExpenses: money('monthly_expenses').notNull(),
  availableBalance: money('available_balance').notNull(),
  creditScore: integer('credit_score').notNull().default(0),
  source: text('source').notNull(),
  /** The currency the figures are in: the bank's, or the user's when entered by hand. */
  currency: text('currency').notNull().default('USD'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const budgetSettings = pgTable('budget_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxTripBudget: integer('max_trip_budget').notNull(),
  /**
   * The currency the budget was entered in; it is converted for display, never reinterpreted.
   * Rows from before this column took the owner's Settings currency (else USD), see 0011.
   */
  budgetCurrency: text('budget_currency').notNull().default('USD'),
  autoBookingEnabled: boolean('auto_booking_enabled').notNull(),
  priceAlertThreshold: integer('price_alert_threshold').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Public tokens already exchanged (hashed), so each is exchanged once, as Plaid's are; kept a
 * little past their own lifetime, then removed by the next exchange.
 */
export const exchangedPublicTokens = pgTable('exchanged_public_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
