import { BUDGET_RECOMMENDATIONS, EXPENSE_CATEGORIES, INCOME_CATEGORIES } from './finance-constants';

/**
 * A transaction as the rules read it: `amount` is positive for money coming in and negative for
 * money going out (Plaid reports the opposite sign; its adapter flips it).
 */
export type LedgerTransaction = { date: string; amount: number; category: readonly string[] };
export type AccountBalances = { available: number | null; current: number | null };

function inCategories(transaction: LedgerTransaction, names: readonly string[]): boolean {
  return transaction.category.some((category) =>
    names.some((name) => category.toLowerCase().includes(name)),
  );
}

/** The date one month before `now`, as YYYY-MM-DD (the start of "last month"). */
export function oneMonthBefore(now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, now.getUTCDate()));
  return start.toISOString().slice(0, 10);
}

/** Monthly income: last month's positive transfer, deposit and income transactions. */
export function deriveMonthlyIncome(transactions: readonly LedgerTransaction[], now: Date): number {
  const since = oneMonthBefore(now);
  const total = transactions
    .filter((t) => t.amount > 0 && t.date >= since && inCategories(t, INCOME_CATEGORIES))
    .reduce((sum, t) => sum + t.amount, 0);
  return roundCents(total);
}

/** Monthly expenses: negative food, transport, shopping, entertainment and utilities spending. */
export function deriveMonthlyExpenses(transactions: readonly LedgerTransaction[]): number {
  const total = transactions
    .filter((t) => t.amount < 0 && inCategories(t, EXPENSE_CATEGORIES))
    .reduce((sum, t) => sum - t.amount, 0);
  return roundCents(total);
}

/** Balance: the sum of each account's available balance, else its current balance. */
export function deriveAvailableBalance(accounts: readonly { balances: AccountBalances }[]): number {
  return roundCents(
    accounts.reduce((sum, a) => sum + (a.balances.available ?? a.balances.current ?? 0), 0),
  );
}

export type BudgetRecommendation = {
  key: (typeof BUDGET_RECOMMENDATIONS)[number]['key'];
  percent: number;
  amount: number;
  label: string;
};

/** 10, 15 and 20 % of monthly income, rounded down. */
export function budgetRecommendations(monthlyIncome: number): BudgetRecommendation[] {
  return BUDGET_RECOMMENDATIONS.map(({ key, percent, label }) => ({
    key,
    percent,
    label,
    amount: Math.floor((monthlyIncome * percent) / 100),
  }));
}

/** Budget-to-income colour: green at 10 % or below, yellow up to 20 %, red above. */
export function budgetRatioColor(
  budget: number,
  monthlyIncome: number,
): 'green' | 'yellow' | 'red' {
  if (monthlyIncome <= 0) return 'red';
  const ratio = budget / monthlyIncome;
  if (ratio <= 0.1) return 'green';
  if (ratio <= 0.2) return 'yellow';
  return 'red';
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
