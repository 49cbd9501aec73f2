import { describe, expect, it } from 'vitest';
import {
  budgetLimitsIn,
  budgetPicks,
  budgetProblem,
  convertMoney,
  defaultBudgetIn,
  shownIn,
  type RateTable,
} from './money';

const table: RateTable = {
  asOf: '2025-06-30',
  source: 'bundled',
  rates: { EUR: 1, USD: 1.172, GBP: 0.856, JPY: 169.2, CAD: 1.603 },
};

describe('budget limits in every display currency', () => {
  it.each([
    ['USD', { min: 500, max: 50_000, sliderMax: 20_000, step: 100 }, 5000],
    ['EUR', { min: 400, max: 43_000, sliderMax: 17_000, step: 100 }, 4300],
    ['GBP', { min: 400, max: 37_000, sliderMax: 15_000, step: 100 }, 3700],
    ['CAD', { min: 700, max: 68_000, sliderMax: 27_000, step: 100 }, 6800],
    ['JPY', { min: 70_000, max: 7_200_000, sliderMax: 2_900_000, step: 10_000 }, 720_000],
  ])('%s', (currency, expected, defaultBudget) => {
    const limits = budgetLimitsIn(currency, table);
    expect(limits).toEqual({ currency, ...expected });
    // Every limit and the default are whole steps, so the slider and the field agree.
    for (const value of [limits.min, limits.max, limits.sliderMax, defaultBudgetIn(limits, table)])
      expect(budgetProblem(value, limits)).toBeNull();
    expect(defaultBudgetIn(limits, table)).toBe(defaultBudget);
  });

  it('names what is wrong with a budget', () => {
    const yen = budgetLimitsIn('JPY', table);
    expect(budgetProblem(60_000, yen)).toBe('budgetInvalid');
    expect(budgetProblem(125_000, yen)).toBe('budgetStep');
    expect(budgetProblem(Number.NaN, yen)).toBe('budgetInvalid');
    expect(budgetProblem(130_000, yen)).toBeNull();
  });
});

describe('converting', () => {
  it('keeps yen whole and says the rate', () => {
    expect(convertMoney(table, 2400, 'EUR', 'JPY')).toEqual({
      amount: 406_080,
      rate: 169.2,
      asOf: '2025-06-30',
      source: 'bundled',
    });
    expect(shownIn(table, { amount: 3000, currency: 'EUR' }, 'USD')).toEqual({
      amount: 3516,
      currency: 'USD',
      exchangeRate: { from: 'EUR', rate: 1.172, asOf: '2025-06-30', source: 'bundled' },
    });
    expect(shownIn(table, { amount: 10, currency: 'XXX' }, 'USD')).toEqual({
      amount: 10,
      currency: 'XXX',
      exchangeRate: null,
    });
  });
});

describe('budget picks', () => {
  it('are the recommendations rounded down to a step of the currency', () => {
    const picks = budgetPicks(7375, budgetLimitsIn('EUR', table));
    expect(picks.map((pick) => [pick.amount, pick.budget])).toEqual([
      [737, 700],
      [1106, 1100],
      [1475, 1400],
    ]);
    expect(budgetPicks(1000, budgetLimitsIn('USD', table))[0]?.budget).toBe(500);
  });
});
