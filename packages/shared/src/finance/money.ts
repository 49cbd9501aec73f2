import {
  BUDGET_LIMITS_CURRENCY,
  BUDGET_MAX,
  BUDGET_MIN,
  BUDGET_SLIDER_MAX,
  BUDGET_STEP,
  DEFAULT_BUDGET_SETTINGS,
} from './finance-constants';
import { budgetRecommendations, type BudgetRecommendation } from './finance-rules';

/**
 * Amounts keep the currency they were entered in; these helpers convert them for display and
 * state the budget rules in whatever currency a person uses. Web and server share them, so a
 * figure and its limits agree on both sides.
 */

/** Units of each currency per 1 unit of a base (EUR), with the day and source of the rates. */
export type RateTable = {
  asOf: string;
  source: string;
  rates: Readonly<Record<string, number>>;
};

export type Conversion = { amount: number; rate: number; asOf: string; source: string };

/** An amount in a currency, as it was entered. */
export type Money = { amount: number; currency: string };

/** Fraction digits of a currency (JPY 0, most 2). */
export function minorDigits(currency: string): number {
  // Remembered: building a NumberFormat costs more than the arithmetic it serves (the watch
  // monitor prices 100 000s of watches a minute).
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = formatDigits(currency);
    // Bounded: only real currency codes recur, whatever a request sends.
    if (digitsOf.size < 400) digitsOf.set(currency, digits);
  }
  return digits;
}

const digitsOf = new Map<string, number>();

function formatDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Rounded to what a currency can hold: cents, or whole yen. */
export function roundMoney(amount: number, currency: string): number {
  const factor = 10 ** minorDigits(currency);
  return Math.round(amount * factor) / factor;
}

/** Converts with a table; null when either currency is not in it. */
export function convertMoney(
  table: RateTable,
  amount: number,
  from: string,
  to: string,
): Conversion | null {
  const fromRate = table.rates[from];
  const toRate = table.rates[to];
  if (fromRate === undefined || toRate === undefined) return null;
  const rate = from === to ? 1 : toRate / fromRate;
  return {
    amount: from === to ? amount : roundMoney(amount * rate, to),
    rate: Math.round(rate * 1e6) / 1e6,
    asOf: table.asOf,
    source: table.source,
  };
}

/** How an entered amount was converted for display; null when it is shown as entered. */
export type ExchangeNote = { from: string; rate: number; asOf: string; source: string };

/**
 * An entered amount in the currency it is shown in: converted when the table knows both
 * currencies, else as entered (and its own currency said).
 */
export function shownIn(
  table: RateTable,
  money: Money,
  currency: string,
): { amount: number; currency: string; exchangeRate: ExchangeNote | null } {
  if (money.currency === currency) return { ...money, exchangeRate: null };
  const conversion = convertMoney(table, money.amount, money.currency, currency);
  if (!conversion) return { ...money, exchangeRate: null };
  return {
    amount: conversion.amount,
    currency,
    exchangeRate: {
      from: money.currency,
      rate: conversion.rate,
      asOf: conversion.asOf,
      source: conversion.source,
    },
  };
}

// ---------- The budget limits in any currency ----------

/** The budget rules (part 2 §5, §9) as they apply in one currency. */
export type BudgetLimits = {
  currency: string;
  min: number;
  max: number;
  sliderMax: number;
  step: number;
};

/** The power of ten nearest to a value (on a log scale): 85 → 100, 14,437 → 10,000. */
function powerOfTenNear(value: number): number {
  return 10 ** Math.max(0, Math.round(Math.log10(value)));
}

/** Two significant digits, then a whole number of steps: 42,662 → 43,000. */
function roundNicely(value: number, step: number): number {
  const unit = Math.max(step, 10 ** (Math.floor(Math.log10(value)) - 1));
  return Math.max(step, Math.round(value / unit) * unit);
}

/**
 * The budget limits (defined once, in BUDGET_LIMITS_CURRENCY) in a person's currency: the step
 * becomes the power of ten nearest the converted step ($100 → €100, ¥10,000), the minimum the
 * nearest whole step, the maxima two significant digits. In the defining currency they are
 * exactly the spec's 500 / 50,000 / 20,000 / 100.
 */
export function budgetLimitsIn(currency: string, table: RateTable): BudgetLimits {
  const rate = convertMoney(table, 1, BUDGET_LIMITS_CURRENCY, currency)?.rate;
  if (rate === undefined || currency === BUDGET_LIMITS_CURRENCY) {
    return {
      currency: rate === undefined ? BUDGET_LIMITS_CURRENCY : currency,
      min: BUDGET_MIN,
      max: BUDGET_MAX,
      sliderMax: BUDGET_SLIDER_MAX,
      step: BUDGET_STEP,
    };
  }
  const step = powerOfTenNear(BUDGET_STEP * rate);
  const min = Math.max(step, Math.round((BUDGET_MIN * rate) / step) * step);
  return {
    currency,
    min,
    max: roundNicely(BUDGET_MAX * rate, step),
    sliderMax: roundNicely(BUDGET_SLIDER_MAX * rate, step),
    step,
  };
}

/** The default budget (5,000 in the defining currency), said nicely in a person's currency. */
export function defaultBudgetIn(limits: BudgetLimits, table: RateTable): number {
  const amount = DEFAULT_BUDGET_SETTINGS.maxTripBudget;
  const converted = convertMoney(table, amount, BUDGET_LIMITS_CURRENCY, limits.currency);
  return converted ? roundNicely(converted.amount, limits.step) : amount;
}

/** What is wrong with a budget under the limits, as a validation code; null when it is fine. */
export function budgetProblem(
  amount: number,
  limits: BudgetLimits,
): 'budgetInvalid' | 'budgetStep' | null {
  if (!Number.isFinite(amount) || amount < limits.min || amount > limits.max) {
    return 'budgetInvalid';
  }
  // A whole number of steps (floating-point safe for steps of 1 and more).
  return Math.abs(amount / limits.step - Math.round(amount / limits.step)) > 1e-9
    ? 'budgetStep'
    : null;
}

/** An amount as a budget the limits accept: down to the step, then within min and max. */
export function toBudget(amount: number, limits: BudgetLimits): number {
  const stepped = Math.floor(amount / limits.step) * limits.step;
  return Math.min(limits.max, Math.max(limits.min, stepped));
}

export type BudgetPick = BudgetRecommendation & {
  /** The budget this recommendation sets: its amount rounded down to a step, within limits. */
  budget: number;
};

/**
 * The recommended budgets (10, 15 and 20 % of monthly income) as budgets the person can pick.
 * The Connect screen's recommendations and the budget screen's quick picks both come from
 * here, so they show and set the same amounts.
 */
export function budgetPicks(monthlyIncome: number, limits: BudgetLimits): BudgetPick[] {
  return budgetRecommendations(monthlyIncome).map((recommendation) => ({
    ...recommendation,
    budget: toBudget(recommendation.amount, limits),
  }));
}
