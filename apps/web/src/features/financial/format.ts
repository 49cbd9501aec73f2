import { BUDGET_MAX, BUDGET_MIN, BUDGET_STEP } from '@vowa/shared/finance/finance-constants';

/** A recommended amount as a budget the server accepts: down to the step, within the limits. */
export function toBudget(amount: number): number {
  const stepped = Math.floor(amount / BUDGET_STEP) * BUDGET_STEP;
  return Math.min(BUDGET_MAX, Math.max(BUDGET_MIN, stepped));
}
