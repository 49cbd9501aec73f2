import { describe, expect, it } from 'vitest';
import {
  ALERT_STEP_PERCENT,
  fitsBudget,
  isAtTarget,
  marketFromSummary,
  marketOf,
  median,
  shouldAlert,
  targetOf,
} from './watch-rules';

const at = (iso: string) => new Date(iso);

describe('the target (part 2 §9)', () => {
  it('is the threshold’s share of the market price, in cents', () => {
    expect(targetOf(1000, 80)).toBe(800);
    expect(targetOf(999.99, 85)).toBe(849.99);
  });

  it('is reached at or below it, not above', () => {
    expect(isAtTarget(800, 1000, 80)).toBe(true);
    expect(isAtTarget(799.99, 1000, 80)).toBe(true);
    expect(isAtTarget(800.01, 1000, 80)).toBe(false);
  });
});

describe('the budget', () => {
  it('fits at or under the max budget, and nothing fits an unknown budget', () => {
    expect(fitsBudget(2000, 2000)).toBe(true);
    expect(fitsBudget(2000.01, 2000)).toBe(false);
    expect(fitsBudget(1, null)).toBe(false);
  });
});

describe('when to alert', () => {
  const now = at('2026-11-21T10:00:00Z');

  it('alerts at the target the first time, never above it', () => {
    expect(shouldAlert({ price: 800, target: 800, lastAlert: null, now })).toBe(true);
    expect(shouldAlert({ price: 801, target: 800, lastAlert: null, now })).toBe(false);
  });

  it('alerts at most once in 24 hours at about the same price', () => {
    const lastAlert = { at: at('2026-11-20T12:00:00Z'), price: 780 };
    expect(shouldAlert({ price: 760, target: 800, lastAlert, now })).toBe(false);
    const dayLater = at('2026-11-21T12:00:00Z');
    expect(shouldAlert({ price: 790, target: 800, lastAlert, now: dayLater })).toBe(true);
  });

  it(`alerts again within the day when the price fell ${ALERT_STEP_PERCENT} % more`, () => {
    const lastAlert = { at: at('2026-11-21T09:00:00Z'), price: 800 };
    expect(shouldAlert({ price: 760, target: 800, lastAlert, now })).toBe(true);
    expect(shouldAlert({ price: 760.01, target: 800, lastAlert, now })).toBe(false);
  });
});

describe('the market price from the watch’s own history', () => {
  const days = (count: number, amount: (index: number) => number) =>
    Array.from({ length: count }, (_, index) => ({
      day: `2026-11-${String(10 + index).padStart(2, '0')}`,
      amount: amount(index),
    }));

  it('keeps the stored market until 7 distinct days are recorded', () => {
    expect(
      marketOf(
        days(6, () => 500),
        900,
        '2026-11-21',
      ),
    ).toBe(900);
    // Many prices on few days are still few days.
    const sameDay = Array.from({ length: 20 }, () => ({ day: '2026-11-20', amount: 500 }));
    expect(marketOf(sameDay, 900, '2026-11-21')).toBe(900);
  });

  it('is the median of the last 30 days once there are 7', () => {
    expect(
      marketOf(
        days(7, (index) => 100 + index * 10),
        900,
        '2026-11-21',
      ),
    ).toBe(130);
    expect(
      marketOf(
        days(8, (index) => 100 + index * 10),
        900,
        '2026-11-21',
      ),
    ).toBe(135);
  });

  it('leaves out prices older than 30 days and from after today', () => {
    const old = days(7, () => 100).map((point) => ({
      ...point,
      day: `2026-09-${point.day.slice(8)}`,
    }));
    expect(marketOf(old, 900, '2026-11-21')).toBe(900);
    expect(
      marketOf(
        days(7, () => 100),
        900,
        '2026-11-12',
      ),
    ).toBe(900);
  });

  it('reads the same rule from a summary of the window', () => {
    expect(marketFromSummary({ median: 123.456, days: 7 }, 900)).toBe(123.46);
    expect(marketFromSummary({ median: 123, days: 6 }, 900)).toBe(900);
    expect(marketFromSummary(undefined, 900)).toBe(900);
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
