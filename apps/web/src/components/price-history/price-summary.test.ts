import { describe, expect, it } from 'vitest';
import { dailyPrices, summarisePrices } from './price-summary';

describe('price summary', () => {
  it('keeps one price a day, oldest first, the later record of a day winning', () => {
    expect(
      dailyPrices([
        { day: '2026-03-03', amount: 900 },
        { day: '2026-03-01', amount: 1000 },
        { day: '2026-03-03', amount: 880 },
        { day: '2026-03-02', amount: Number.NaN },
      ]),
    ).toEqual([
      { day: '2026-03-01', amount: 1000 },
      { day: '2026-03-03', amount: 880 },
    ]);
  });

  it('names the lowest, the highest (earliest of equal prices) and the latest', () => {
    expect(
      summarisePrices([
        { day: '2026-03-01', amount: 1000 },
        { day: '2026-03-02', amount: 1100 },
        { day: '2026-03-03', amount: 950 },
        { day: '2026-03-04', amount: 1100 },
        { day: '2026-03-05', amount: 990 },
      ]),
    ).toEqual({
      lowest: { day: '2026-03-03', amount: 950 },
      highest: { day: '2026-03-02', amount: 1100 },
      latest: { day: '2026-03-05', amount: 990 },
      days: 5,
    });
  });

  it('has nothing to say without a price', () => {
    expect(summarisePrices([])).toBeNull();
  });
});
