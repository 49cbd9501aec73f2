/**
 * Part 2 §5 and §9: budget limits, the alert threshold and the bank-link configuration.
 * The budget amounts are the spec's dollars (its budget texts say "$X"); in any other currency
 * they are converted and rounded to a nice step (`budgetLimitsIn` in ./money).
 */
export const BUDGET_LIMITS_CURRENCY = 'USD';
export const BUDGET_MIN = 500;
export const BUDGET_MAX = 50_000;
export const BUDGET_SLIDER_MAX = 20_000;
export const BUDGET_STEP = 100;
export const ALERT_THRESHOLD_MIN = 50;
export const ALERT_THRESHOLD_MAX = 95;

/** Part 1 §9: the budget settings every user starts with (the budget in BUDGET_LIMITS_CURRENCY). */
export const DEFAULT_BUDGET_SETTINGS = {
  maxTripBudget: 5_000,
  autoBookingEnabled: false,
  priceAlertThreshold: 80,
} as const;

/** Part 2 §9: what the bank link asks for. */
export const BANK_LINK_CONFIG = {
  clientName: 'Vowa',
  countryCodes: ['US', 'CA'],
  language: 'en',
  products: ['auth', 'transactions'],
  accountSubtypes: ['checking', 'savings'],
  transactionsCount: 100,
} as const;

export const INCOME_CATEGORIES = ['transfer', 'deposit', 'income'] as const;
export const EXPENSE_CATEGORIES = [
  'food',
  'transport',
  'shopping',
  'entertainment',
  'utilities',
] as const;

/** Part 2 §9: recommended trip budgets as shares of monthly income, rounded down. */
export const BUDGET_RECOMMENDATIONS = [
  { key: 'conservative', percent: 10, label: 'Conservative - Great for building savings' },
  { key: 'moderate', percent: 15, label: 'Moderate - Balanced approach' },
  { key: 'adventurous', percent: 20, label: 'Adventurous - Consider your other financial goals' },
] as const;
