import { describe, expect, it } from 'vitest';
import { addDays } from '../travel/travel-rules';
import {
  adviseBuyOrWait,
  cheaperWeekday,
  dailyPrices,
  trendOf,
  volatilityOf,
  type AdviceInput,
  type AdvicePoint,
} from './buy-or-wait';
import { adviceSchema, type Advice } from './watch-schemas';

// A Thursday.
const today = '2026-11-26';

/** Prices one a day, the last one today. */
function series(amounts: number[], last = today): AdvicePoint[] {
  return amounts.map((amount, index) => ({
    day: addDays(last, index - (amounts.length - 1)),
    amount,
  }));
}

const steadyAround = (days: number, base: number) =>
  // ±1 around the base, alternating and ending a pound up: no trend, not volatile, no low.
  Array.from({ length: days }, (_, index) => base + ((days - 1 - index) % 2 === 0 ? 1 : -1));

function advise(input: Partial<AdviceInput>): Advice {
  const advice = adviseBuyOrWait({
    points: [],
    today,
    departureDate: null,
    target: null,
    ...input,
  });
  // Every answer is a valid Advice as the API documents it.
  expect(adviceSchema.parse(advice)).toEqual(advice);
  return advice;
}

const codes = (advice: Advice) => advice.reasons.map((reason) => reason.code);
const reasonOf = (advice: Advice, code: string) =>
  advice.reasons.find((reason) => reason.code === code);

describe('daily prices', () => {
  it('keeps one price a day, oldest first, the later point of a day winning', () => {
    const points = [
      { day: '2026-11-25', amount: 300 },
      { day: '2026-11-24', amount: 310 },
      { day: '2026-11-25', amount: 290 },
    ];
    expect(dailyPrices(points, today)).toEqual([
      { day: '2026-11-24', amount: 310 },
      { day: '2026-11-25', amount: 290 },
    ]);
  });

  it('drops future days and anything that is not a price', () => {
    const points = [
      { day: '2026-11-27', amount: 100 },
      { day: '2026-11-20', amount: 0 },
      { day: '2026-11-21', amount: -5 },
      { day: '2026-11-22', amount: Number.NaN },
      { day: '2026-11-23', amount: Number.POSITIVE_INFINITY },
      { day: '2026-11-24', amount: 120 },
    ];
    expect(dailyPrices(points, today)).toEqual([{ day: '2026-11-24', amount: 120 }]);
  });

  it('does not change the points it is given', () => {
    const points = series([300, 200, 250]).reverse();
    const copy = points.map((point) => ({ ...point }));
    advise({ points });
    expect(points).toEqual(copy);
  });
});

describe('trend, volatility and weekdays', () => {
  it('measures the last 14 days as the fitted change in percent of their mean', () => {
    // 100 falling by 1 a day to 87: −13 over a mean of 93.5.
    const falling = dailyPrices(
      series([120, 130, ...Array.from({ length: 14 }, (_, i) => 100 - i)]),
      today,
    );
    const trend = trendOf(falling, today)!;
    expect(trend.days).toBe(14);
    expect(trend.percent).toBeCloseTo((-13 / 93.5) * 100, 6);
  });

  it('needs three prices in the window for a trend', () => {
    expect(trendOf(dailyPrices(series([100, 110]), today), today)).toBeNull();
    // Old prices outside the window do not count.
    const old = series([100, 120, 140], addDays(today, -20));
    expect(trendOf(dailyPrices([...old, ...series([150])], today), today)).toBeNull();
  });

  it('spreads prices as a coefficient of variation', () => {
    expect(volatilityOf(dailyPrices(series([90, 110, 90, 110]), today))).toBeCloseTo(10, 6);
    expect(volatilityOf(dailyPrices(series([100, 100]), today))).toBeNull();
  });

  it('finds a weekday that is cheaper on average once each was seen twice', () => {
    // Four weeks ending today (a Thursday); Tuesdays 10 % cheaper.
    const points = series(
      Array.from({ length: 28 }, (_, index) => {
        const day = addDays(today, index - 27);
        return new Date(`${day}T00:00:00Z`).getUTCDay() === 2 ? 180 : 200;
      }),
    );
    expect(cheaperWeekday(dailyPrices(points, today), today)).toEqual({ weekday: 2, percent: 10 });
    // Today is that weekday: nothing to wait for.
    const tuesday = '2026-11-24';
    expect(cheaperWeekday(dailyPrices(points, tuesday), tuesday)).toBeNull();
  });

  it('takes no gap between weekdays for a pattern when prices of one weekday differ more', () => {
    // Tuesdays 10 % cheaper on average, but every weekday swings by ±30 from week to week.
    const points = series(
      Array.from({ length: 28 }, (_, index) => {
        const day = addDays(today, index - 27);
        const swing = Math.floor(index / 7) % 2 === 0 ? 30 : -30;
        return (new Date(`${day}T00:00:00Z`).getUTCDay() === 2 ? 180 : 200) + swing;
      }),
    );
    expect(cheaperWeekday(dailyPrices(points, today), today)).toBeNull();
  });

  it('trusts no weekday pattern under 14 days of history', () => {
    const points = series(Array.from({ length: 13 }, (_, index) => (index % 7 === 0 ? 100 : 200)));
    expect(cheaperWeekday(dailyPrices(points, today), today)).toBeNull();
  });
});

describe('adviseBuyOrWait', () => {
  it('with no history and nothing else known, says so with low confidence', () => {
    const advice = advise({});
    expect(advice).toEqual({
      advice: 'buy',
      confidence: 'low',
      score: 0,
      reasons: [{ code: 'little_history', params: { days: 0 } }],
    });
  });

  it('at or under the target: buy, naming the price and the target', () => {
    const advice = advise({ points: series(steadyAround(20, 300)), target: 305 });
    expect(advice.advice).toBe('buy');
    expect(advice.reasons[0]).toEqual({
      code: 'at_or_below_target',
      params: { price: 301, target: 305 },
    });
  });

  it('above the target does not claim the target', () => {
    const advice = advise({ points: series(steadyAround(20, 300)), target: 250 });
    expect(codes(advice)).not.toContain('at_or_below_target');
  });

  it('the lowest price seen: buy, with how many days it was watched', () => {
    const advice = advise({ points: series([310, 330, 320, 335, 300]) });
    expect(advice.advice).toBe('buy');
    expect(reasonOf(advice, 'lowest_seen')).toEqual({
      code: 'lowest_seen',
      params: { amount: 300, days: 5 },
    });
  });

  it('a flat history is not "the lowest seen"', () => {
    const advice = advise({ points: series([300, 300, 300, 300]) });
    expect(codes(advice)).not.toContain('lowest_seen');
    expect(reasonOf(advice, 'steady')).toEqual({
      code: 'steady',
      params: { percent: 0, days: 4 },
    });
  });

  it('above the median: wait, naming the median and the lowest seen', () => {
    // Median 200, lowest 190, the price now 220 (10 % above), no trend over the window.
    const flat = [...Array.from({ length: 16 }, () => 200), 190, 220];
    const advice = advise({ points: series(flat) });
    expect(reasonOf(advice, 'above_median')).toEqual({
      code: 'above_median',
      params: { percent: 10, median: 200, lowest: 190 },
    });
  });

  it('below the median but not the lowest: a point for buying', () => {
    const flat = [...Array.from({ length: 16 }, () => 200), 150, 190];
    const advice = advise({ points: series(flat) });
    expect(codes(advice)).not.toContain('lowest_seen');
    expect(reasonOf(advice, 'below_median')).toEqual({
      code: 'below_median',
      params: { percent: 5, median: 200 },
    });
  });

  it('falling prices: wait, with the fall in percent over the days seen', () => {
    const points = series(Array.from({ length: 14 }, (_, index) => 400 - 10 * index));
    const advice = advise({ points });
    expect(advice.advice).toBe('wait');
    // −130 over a mean of 335 is 38.8 %.
    expect(reasonOf(advice, 'falling')).toEqual({
      code: 'falling',
      params: { percent: 39, days: 14 },
    });
    expect(advice.reasons[0]?.code).toBe('falling');
  });

  it('rising prices: buy before they climb further', () => {
    const points = series([...steadyAround(10, 300), 300, 310, 320, 330, 340]);
    const advice = advise({ points });
    expect(advice.advice).toBe('buy');
    expect(codes(advice)).toContain('rising');
  });

  it('a weekday that is clearly cheaper: wait for it', () => {
    const points = series(
      Array.from({ length: 28 }, (_, index) => {
        const day = addDays(today, index - 27);
        return new Date(`${day}T00:00:00Z`).getUTCDay() === 2 ? 180 : 200;
      }),
    );
    const advice = advise({ points });
    expect(advice.advice).toBe('wait');
    expect(reasonOf(advice, 'cheaper_weekday')).toEqual({
      code: 'cheaper_weekday',
      params: { weekday: 2, percent: 10 },
    });
  });

  describe('days to departure', () => {
    const falling = series(Array.from({ length: 14 }, (_, index) => 400 - 5 * index));

    it('under three weeks: fares climb, buy even while they were falling', () => {
      const advice = advise({ points: falling, departureDate: addDays(today, 10) });
      expect(advice.advice).toBe('buy');
      expect(advice.reasons[0]).toEqual({ code: 'departure_close', params: { days: 10 } });
      // The falling trend is still said, as a reason against.
      expect(codes(advice)).toContain('falling');
    });

    it('two to four months ahead is the sweet spot', () => {
      const advice = advise({
        points: series(steadyAround(20, 300)),
        departureDate: addDays(today, 90),
      });
      expect(advice.advice).toBe('buy');
      expect(reasonOf(advice, 'sweet_spot')).toEqual({ code: 'sweet_spot', params: { days: 90 } });
    });

    it('more than five months ahead: wait', () => {
      const advice = advise({
        points: series(steadyAround(20, 300)),
        departureDate: addDays(today, 200),
      });
      expect(advice.advice).toBe('wait');
      expect(reasonOf(advice, 'far_ahead')).toEqual({ code: 'far_ahead', params: { days: 200 } });
    });

    it('far ahead but at the target: buy, not wait', () => {
      const advice = advise({
        points: series(steadyAround(20, 300)),
        departureDate: addDays(today, 200),
        target: 310,
      });
      expect(advice.advice).toBe('buy');
      expect(codes(advice)).not.toContain('far_ahead');
    });

    it('between the bands, and a departure already past, say nothing', () => {
      for (const days of [30, 135, -3]) {
        const advice = advise({
          points: series(steadyAround(20, 300)),
          departureDate: addDays(today, days),
        });
        expect(codes(advice)).not.toEqual(
          expect.arrayContaining([expect.stringMatching(/departure_close|sweet_spot|far_ahead/)]),
        );
      }
    });
  });

  describe('confidence', () => {
    it('a month of calm history whose signals agree: high', () => {
      const points = series(steadyAround(30, 300));
      const advice = advise({ points, target: 305, departureDate: addDays(today, 90) });
      expect(advice.advice).toBe('buy');
      expect(advice.confidence).toBe('high');
      expect(advice.score).toBeGreaterThanOrEqual(0.7);
      expect(advice.score).toBeLessThanOrEqual(1);
    });

    it('under a week of history: low, however much the signals agree', () => {
      const advice = advise({
        points: series([330, 320, 310, 300]),
        target: 305,
        departureDate: addDays(today, 5),
      });
      expect(advice.advice).toBe('buy');
      expect(advice.confidence).toBe('low');
      expect(advice.score).toBeLessThan(0.4);
      expect(reasonOf(advice, 'little_history')).toEqual({
        code: 'little_history',
        params: { days: 4 },
      });
    });

    it('signals pulling both ways lower it', () => {
      const history = steadyAround(25, 300);
      const agreeing = advise({
        points: series([...history, 280]),
        departureDate: addDays(today, 90),
      });
      // The lowest price seen, but five months ahead.
      const torn = advise({
        points: series([...history, 280]),
        departureDate: addDays(today, 200),
      });
      expect(torn.score).toBeLessThan(agreeing.score);
    });

    it('volatile prices lower it, and are named', () => {
      // Both at the target with no trend and no standing: only the swings differ. The last 14
      // days are a palindrome (no fitted slope) ending on the median.
      const swings = [...steadyAround(16, 0), 0, 1, -1, 1, -1, 1, -1, -1, 1, -1, 1, -1, 1, 0];
      const calm = advise({ points: series(steadyAround(30, 300)), target: 1000 });
      const wild = advise({
        points: series(swings.map((swing) => 300 + 60 * swing)),
        target: 1000,
      });
      expect(codes(wild)).toEqual(['at_or_below_target', 'steady', 'volatile']);
      expect(codes(calm)).toEqual(['at_or_below_target', 'steady']);
      // The spread is 60 × √(28/30) around 300: 19 %.
      expect(reasonOf(wild, 'volatile')).toEqual({ code: 'volatile', params: { percent: 19 } });
      expect(codes(calm)).not.toContain('volatile');
      expect(wild.score).toBeLessThan(calm.score);
    });

    it('more days of the same history raise it', () => {
      const short = advise({
        points: series(steadyAround(8, 300)),
        departureDate: addDays(today, 90),
      });
      const long = advise({
        points: series(steadyAround(30, 300)),
        departureDate: addDays(today, 90),
      });
      expect(long.score).toBeGreaterThan(short.score);
    });
  });

  it('puts the reasons for the advice first, those against next, notes last', () => {
    const falling = series(Array.from({ length: 14 }, (_, index) => 400 - 5 * index));
    const advice = advise({ points: falling, departureDate: addDays(today, 10) });
    // Buy: departure close (for), lowest seen (for), falling (against).
    expect(codes(advice)).toEqual(['departure_close', 'lowest_seen', 'falling']);
  });

  it('names only numbers found in the history or the input', () => {
    const points = series([410, 380, 395, 360, 372, 350, 355, 340]);
    const advice = advise({ points, target: 345.5, departureDate: addDays(today, 45) });
    const amounts = new Set(points.map((point) => point.amount));
    for (const { code, params } of advice.reasons) {
      if ('amount' in params) expect(amounts.has(params.amount as number)).toBe(true);
      if ('price' in params) expect(amounts.has(params.price as number)).toBe(true);
      if ('lowest' in params) expect(amounts.has(params.lowest as number)).toBe(true);
      if ('target' in params) expect(params.target).toBe(345.5);
      if ('days' in params && code !== 'departure_close') {
        expect(params.days).toBeLessThanOrEqual(points.length);
      }
    }
    expect(advice.reasons.length).toBeGreaterThan(0);
  });

  it('gives the same advice for the same history', () => {
    const input = { points: series([300, 280, 290, 270, 275, 260, 265, 250]), target: 260 };
    expect(advise(input)).toEqual(advise(input));
  });
});
