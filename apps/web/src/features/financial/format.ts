import { BUDGET_MAX, BUDGET_MIN, BUDGET_STEP } from '@vowa/shared/finance/finance-constants';

/** Money for the finance screens (USD until the user's currency lands); cents only when present. */
export function formatMoney(amount: number, locale = 'en-US', currency = 'USD'): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** A recommended amount as a budget the server accepts: down to the step, within the limits. */
export function toBudget(amount: number): number {
  const stepped = Math.floor(amount / BUDGET_STEP) * BUDGET_STEP;
  return Math.min(BUDGET_MAX, Math.max(BUDGET_MIN, stepped));
}

export function formatDateTime(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
