import { describe, expect, it } from 'vitest';
import {
  budgetRatioColor,
  budgetRecommendations,
  deriveAvailableBalance,
  deriveMonthlyExpenses,
  deriveMonthlyIncome,
  oneMonthBefore,
} from './finance-rules';

const now = new Date('2026-11-21T12:00:00Z');
const tx = (date: string, amount: number, ...category: string[]) => ({ date, amount, category });

describe('bank-data rules (part 2 §9)', () => {
  it('income counts last month’s positive transfer, deposit and income transactions', () => {
    expect(oneMonthBefore(now)).toBe('2026-10-21');
    const transactions = [
      tx('2026-11-15', 2500, 'Transfer', 'Payroll'),
      tx('2026-11-01', 300, 'Transfer', 'Deposit'),
      tx('2026-10-25', 100, 'Income', 'Interest'),
      tx('2026-10-20', 2500, 'Transfer', 'Payroll'), // before last month
      tx('2026-11-10', 40, 'Shopping', 'Refund'), // positive, but not an income category
      tx('2026-11-12', -500, 'Transfer', 'Internal Account Transfer'), // money out
    ];
    expect(deriveMonthlyIncome(transactions, now)).toBe(2900);
  });

  it('expenses count negative food, transport, shopping, entertainment and utilities transactions', () => {
    const transactions = [
      tx('2026-11-15', -12.5, 'Food and Drink', 'Restaurants'),
      tx('2026-11-14', -20, 'Transport', 'Taxi'),
      tx('2026-11-13', -80.25, 'Shopping', 'Clothing'),
      tx('2026-11-12', -15, 'Entertainment'),
      tx('2026-11-11', -90, 'Utilities', 'Electric'),
      tx('2026-11-10', -1500, 'Payment', 'Rent'), // not a listed category
      tx('2026-11-09', 30, 'Food and Drink'), // a refund: positive, not counted
    ];
    expect(deriveMonthlyExpenses(transactions)).toBe(217.75);
  });

  it('balance sums available balances, else current ones', () => {
    expect(
      deriveAvailableBalance([
        { balances: { available: 1200.5, current: 1300 } },
        { balances: { available: null, current: 5000 } },
        { balances: { available: null, current: null } },
      ]),
    ).toBe(6200.5);
  });
});

describe('budget recommendations', () => {
  it('are 10, 15 and 20 % of monthly income, rounded down, with their labels', () => {
    expect(budgetRecommendations(4999)).toEqual([
      {
        key: 'conservative',
        percent: 10,
        amount: 499,
        label: 'Conservative - Great for building savings',
      },
      { key: 'moderate', percent: 15, amount: 749, label: 'Moderate - Balanced approach' },
      {
        key: 'adventurous',
        percent: 20,
        amount: 999,
        label: 'Adventurous - Consider your other financial goals',
      },
    ]);
  });

  it.each([
    [500, 5000, 'green'],
    [501, 5000, 'yellow'],
    [1000, 5000, 'yellow'],
    [1001, 5000, 'red'],
    [100, 0, 'red'],
  ] as const)('a budget of %i on an income of %i is %s', (budget, income, colour) => {
    expect(budgetRatioColor(budget, income)).toBe(colour);
  });
});
