import { z } from 'zod';
import { displayCurrencies } from '../travel/travel-constants';
import { ALERT_THRESHOLD_MAX, ALERT_THRESHOLD_MIN, BANK_LINK_CONFIG } from './finance-constants';

const money = (code: 'incomeInvalid' | 'expensesInvalid' | 'balanceInvalid') =>
  z.number({ message: code }).finite({ message: code }).max(1e9, { message: code });

/** Part 2 §5: income above 0, expenses and balance 0 or more, credit score optional (default 0). */
export const manualFinancialsSchema = z.object({
  monthlyIncome: money('incomeInvalid').gt(0, { message: 'incomeInvalid' }),
  monthlyExpenses: money('expensesInvalid').min(0, { message: 'expensesInvalid' }),
  availableBalance: money('balanceInvalid').min(0, { message: 'balanceInvalid' }),
  creditScore: z
    .number({ message: 'creditScoreInvalid' })
    .int({ message: 'creditScoreInvalid' })
    .min(0, { message: 'creditScoreInvalid' })
    .max(900, { message: 'creditScoreInvalid' })
    .default(0),
});

export const financialsSchema = z.object({
  monthlyIncome: z.number(),
  monthlyExpenses: z.number(),
  availableBalance: z.number(),
  creditScore: z.number(),
  /** The currency of the amounts: the user's (Settings), converted from the bank's when needed. */
  currency: z.string(),
  /** How bank figures in another currency were converted; null when none was needed. */
  exchangeRate: z
    .object({ from: z.string(), rate: z.number(), asOf: z.string(), source: z.string() })
    .nullable(),
  connected: z.boolean(),
  /** Where the figures came from: a linked bank, or entered by hand. */
  source: z.enum(['bank', 'manual']).nullable(),
  institutionName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

const exchangeNoteSchema = z.object({
  from: z.string(),
  rate: z.number(),
  asOf: z.string(),
  source: z.string(),
});

/** The budget rules in the currency the budget is shown in (see `budgetLimitsIn`). */
export const budgetLimitsSchema = z.object({
  currency: z.string(),
  min: z.number(),
  max: z.number(),
  sliderMax: z.number(),
  step: z.number(),
});

/**
 * The budget settings as a person sees them: `maxTripBudget` is in `currency` (theirs, from
 * Settings), converted from the currency it was entered in (`entered`) when they differ, and
 * `exchangeRate` says how. `limits` are the budget rules in `currency`.
 */
export const budgetSettingsSchema = z.object({
  maxTripBudget: z.number(),
  autoBookingEnabled: z.boolean(),
  priceAlertThreshold: z.number(),
  currency: z.string(),
  /** The budget as it was entered and is stored; null for the default nobody entered. */
  entered: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  exchangeRate: exchangeNoteSchema.nullable(),
  limits: budgetLimitsSchema,
});

/**
 * Any subset. The budget is checked against the limits in `currency` (the person's Settings
 * currency when not sent) by the server, and stored with that currency.
 */
export const budgetSettingsUpdateSchema = z.object({
  maxTripBudget: z
    .number({ message: 'invalidValue' })
    .finite({ message: 'invalidValue' })
    .max(1e12, { message: 'invalidValue' })
    .optional(),
  currency: z.enum(displayCurrencies, { message: 'currencyInvalid' }).optional(),
  autoBookingEnabled: z.boolean({ message: 'autoBookingInvalid' }).optional(),
  priceAlertThreshold: z
    .number({ message: 'thresholdInvalid' })
    .int({ message: 'thresholdInvalid' })
    .min(ALERT_THRESHOLD_MIN, { message: 'thresholdInvalid' })
    .max(ALERT_THRESHOLD_MAX, { message: 'thresholdInvalid' })
    .optional(),
});

/** The rates amounts are converted with (GET /api/finance/exchange_rates). */
export const exchangeRatesResponseSchema = z.object({
  /** The currency the rates are per one unit of. */
  base: z.string(),
  asOf: z.string(),
  source: z.string(),
  rates: z.record(z.string(), z.number()),
});

// ---------- The bank-link calls (part 2 §7), under /api/plaid ----------

/** The client may send the prototype's payload; the server always uses BANK_LINK_CONFIG. */
export const linkTokenRequestSchema = z
  .object({
    clientName: z.string().max(100).optional(),
    countryCodes: z.array(z.string().max(8)).max(10).optional(),
    language: z.string().max(8).optional(),
    products: z.array(z.string().max(32)).max(10).optional(),
    accountFilters: z.unknown().optional(),
    user: z.object({ clientUserId: z.string().max(128).optional() }).optional(),
  })
  .nullish();

export const linkTokenResponseSchema = z.object({
  link_token: z.string(),
  expiration: z.string(),
  /** 'sandbox' opens Vowa's own test bank; 'plaid' opens Plaid Link. */
  provider: z.enum(['sandbox', 'plaid']),
});

export const exchangeTokenRequestSchema = z.object({
  public_token: z.string().trim().min(1, { message: 'publicTokenRequired' }).max(512),
});

/**
 * `access_token` is kept for the prototype's client, but holds only the connection's id: the
 * bank's own access token never leaves the server.
 */
export const exchangeTokenResponseSchema = z.object({
  access_token: z.string(),
  item_id: z.string(),
  institution_name: z.string().nullable(),
  financials: financialsSchema,
});

export const bankAccountSchema = z.object({
  account_id: z.string(),
  name: z.string(),
  official_name: z.string().nullable(),
  mask: z.string().nullable(),
  type: z.string(),
  subtype: z.string().nullable(),
  balances: z.object({
    available: z.number().nullable(),
    current: z.number().nullable(),
    iso_currency_code: z.string().nullable(),
  }),
});
export const accountsResponseSchema = z.object({ accounts: z.array(bankAccountSchema) });

export const bankTransactionSchema = z.object({
  transaction_id: z.string(),
  account_id: z.string(),
  date: z.string(),
  name: z.string(),
  /** Positive for money in, negative for money out (the rules' convention). */
  amount: z.number(),
  category: z.array(z.string()),
  iso_currency_code: z.string().nullable(),
});
export const transactionsResponseSchema = z.object({
  transactions: z.array(bankTransactionSchema),
  total_transactions: z.number().int(),
});
export const transactionsQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(BANK_LINK_CONFIG.transactionsCount).default(100),
});

export const syncResponseSchema = z.object({
  added: z.number().int(),
  financials: financialsSchema,
});

// ---------- The sandbox bank's Link-like flow ----------

export const sandboxInstitutionSchema = z.object({
  institution_id: z.string(),
  name: z.string(),
  color: z.string(),
  /** Shown on the sign-in step: this is a test bank. */
  test_username: z.string(),
  test_password: z.string(),
});
export const sandboxInstitutionsResponseSchema = z.object({
  institutions: z.array(sandboxInstitutionSchema),
});
export const sandboxLoginRequestSchema = z.object({
  link_token: z.string().min(1).max(512),
  institution_id: z.string().min(1).max(64),
  username: z.string().max(100),
  password: z.string().max(100),
});
export const sandboxLoginResponseSchema = z.object({
  accounts: z.array(
    bankAccountSchema.pick({ account_id: true, name: true, mask: true, subtype: true }),
  ),
});
export const sandboxPublicTokenRequestSchema = z.object({
  link_token: z.string().min(1).max(512),
  institution_id: z.string().min(1).max(64),
  account_ids: z.array(z.string().max(64)).min(1, { message: 'chooseAccount' }).max(10),
});
export const sandboxPublicTokenResponseSchema = z.object({ public_token: z.string() });

export type Financials = z.infer<typeof financialsSchema>;
export type ManualFinancials = z.input<typeof manualFinancialsSchema>;
export type BudgetSettings = z.infer<typeof budgetSettingsSchema>;
export type BudgetSettingsUpdate = z.infer<typeof budgetSettingsUpdateSchema>;
export type BudgetLimitsShape = z.infer<typeof budgetLimitsSchema>;
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponseSchema>;
export type BankAccount = z.infer<typeof bankAccountSchema>;
export type BankTransaction = z.infer<typeof bankTransactionSchema>;
export type SandboxInstitution = z.infer<typeof sandboxInstitutionSchema>;
