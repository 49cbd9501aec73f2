import { addDays, daysBetween, median } from '../travel/travel-rules';
import type { Advice, AdviceReason } from './watch-schemas';

/**
 * Buy now or wait? Advice drawn only from a price's recorded history (one price a day), the
 * person's target and the days left to departure. Every number a reason names comes from that
 * history; the thresholds below are the only constants.
 */

export type AdvicePoint = { day: string; amount: number };

export type AdviceInput = {
  /** Recorded prices, one a day (a later point of the same day wins). */
  points: AdvicePoint[];
  /** YYYY-MM-DD: the day the advice is for. */
  today: string;
  /** The trip's first day, when known. */
  departureDate: string | null;
  /** The price the person is waiting for (market × their threshold), when known. */
  target: number | null;
};

/** Days of the trend window ("the last 14 days"). */
export const TREND_WINDOW_DAYS = 14;
/** A move smaller than this (percent over the window) is steady. */
export const TREND_STEP_PERCENT = 3;
/** How far from the median (percent) the price must stand to say so. */
export const MEDIAN_STEP_PERCENT = 3;
/** How much cheaper (percent) another weekday must be on average to be worth waiting for. */
export const WEEKDAY_STEP_PERCENT = 5;
/** Days of history before a weekday pattern is trusted (two of each weekday). */
export const WEEKDAY_MIN_DAYS = 14;
/** Fewer days of history than this: the advice is said with low confidence. */
export const LITTLE_HISTORY_DAYS = 7;
/** Days of history that count as a full record for confidence. */
export const FULL_HISTORY_DAYS = 30;
/** Day-to-day spread (coefficient of variation, percent) from which prices are volatile. */
export const VOLATILE_PERCENT = 8;
/** Departure closer than this: fares climb (part 2: late bookings cost more). */
export const CLOSE_DEPARTURE_DAYS = 21;
/** Two to four months ahead is usually the cheapest time to book. */
export const SWEET_SPOT_DAYS = { from: 60, to: 120 } as const;
/** Further ahead than this, prices tend to come down before departure. */
export const FAR_AHEAD_DAYS = 150;

type Daily = { day: string; amount: number }[];

/** A reason with its vote: +1 speaks for buying, −1 for waiting, 0 only informs. */
type Signal = { reason: AdviceReason; vote: -1 | 0 | 1; weight: number };

const percentOf = (part: number, whole: number) => (part / whole) * 100;
const roundPercent = (value: number) => Math.round(Math.abs(value));
const roundAmount = (value: number) => Math.round(value * 100) / 100;
const reason = (code: AdviceReason['code'], params: AdviceReason['params']): AdviceReason => ({
  code,
  params,
});

/** One price a day, oldest first; no future days, nothing that is not a price. */
export function dailyPrices(points: AdvicePoint[], today: string): Daily {
  const byDay = new Map<string, number>();
  for (const point of points) {
    if (!Number.isFinite(point.amount) || point.amount <= 0 || point.day > today) continue;
    byDay.set(point.day, point.amount);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, amount]) => ({ day, amount }));
}

/** Least-squares change over the last 14 days, as a percent of their mean price. */
export function trendOf(daily: Daily, today: string) {
  const since = addDays(today, -(TREND_WINDOW_DAYS - 1));
  const window = daily.filter((point) => point.day >= since);
  if (window.length < 3) return null;
  const first = window[0]!.day;
  const xs = window.map((point) => daysBetween(first, point.day));
  const ys = window.map((point) => point.amount);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let covariance = 0;
  let variance = 0;
  xs.forEach((x, index) => {
    covariance += (x - meanX) * (ys[index]! - meanY);
    variance += (x - meanX) ** 2;
  });
  const span = xs[xs.length - 1]!;
  const slope = covariance / variance;
  return { percent: percentOf(slope * span, meanY), days: span + 1 };
}

/** Day-to-day spread of the prices (coefficient of variation), in percent. */
export function volatilityOf(daily: Daily): number | null {
  if (daily.length < 3) return null;
  const amounts = daily.map((point) => point.amount);
  const mean = amounts.reduce((sum, amount) => sum + amount, 0) / amounts.length;
  const variance = amounts.reduce((sum, amount) => sum + (amount - mean) ** 2, 0) / amounts.length;
  return percentOf(Math.sqrt(variance), mean);
}

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Each weekday's prices, for weekdays seen at least twice. */
function pricesByWeekday(daily: Daily) {
  const byWeekday = new Map<number, number[]>();
  for (const point of daily) {
    const weekday = weekdayOf(point.day);
    byWeekday.set(weekday, [...(byWeekday.get(weekday) ?? []), point.amount]);
  }
  return [...byWeekday.entries()]
    .filter(([, amounts]) => amounts.length >= 2)
    .map(([weekday, amounts]) => ({
      weekday,
      amounts,
      average: amounts.reduce((sum, amount) => sum + amount, 0) / amounts.length,
    }));
}

/**
 * How much prices of the same weekday differ among themselves (pooled standard deviation, as a
 * percent of the mean): a gap between weekdays smaller than this is noise, not a pattern.
 */
function withinWeekdaySpread(groups: ReturnType<typeof pricesByWeekday>) {
  let squares = 0;
  let count = 0;
  let total = 0;
  for (const group of groups) {
    for (const amount of group.amounts) squares += (amount - group.average) ** 2;
    count += group.amounts.length;
    total += group.average * group.amounts.length;
  }
  return percentOf(Math.sqrt(squares / count), total / count);
}

/**
 * The cheapest weekday on average against today's, once each weekday was seen twice, when the
 * gap is clear (at least 5 %) and larger than the spread of prices within a weekday.
 */
export function cheaperWeekday(daily: Daily, today: string) {
  if (daily.length < WEEKDAY_MIN_DAYS) return null;
  const groups = pricesByWeekday(daily);
  const todayWeekday = weekdayOf(today);
  const todays = groups.find((group) => group.weekday === todayWeekday);
  if (!todays) return null;
  const cheapest = groups.reduce((best, group) => (group.average < best.average ? group : best));
  if (cheapest.weekday === todayWeekday) return null;
  const percent = percentOf(todays.average - cheapest.average, todays.average);
  if (percent < WEEKDAY_STEP_PERCENT || percent <= withinWeekdaySpread(groups)) return null;
  return { weekday: cheapest.weekday, percent };
}

function targetSignal(current: number | null, target: number | null): Signal | null {
  if (current === null || target === null || current > target) return null;
  return {
    reason: reason('at_or_below_target', { price: current, target: roundAmount(target) }),
    vote: 1,
    weight: 3,
  };
}

/** Where today's price stands against the lowest and the median seen. */
function standingSignal(daily: Daily, current: number): Signal | null {
  if (daily.length < 3) return null;
  const amounts = daily.map((point) => point.amount);
  const lowest = Math.min(...amounts);
  const highest = Math.max(...amounts);
  const middle = median(amounts)!;
  if (current <= lowest && highest > lowest) {
    return {
      reason: reason('lowest_seen', { amount: current, days: daily.length }),
      vote: 1,
      weight: 1.5,
    };
  }
  const away = percentOf(current - middle, middle);
  if (away <= -MEDIAN_STEP_PERCENT) {
    const params = { percent: roundPercent(away), median: roundAmount(middle) };
    return { reason: reason('below_median', params), vote: 1, weight: 1 };
  }
  if (away >= MEDIAN_STEP_PERCENT) {
    const params = { percent: roundPercent(away), median: roundAmount(middle), lowest };
    return { reason: reason('above_median', params), vote: -1, weight: 1.5 };
  }
  return null;
}

/** Rising prices: buy before they climb further; falling ones: wait for more. */
function trendSignal(daily: Daily, today: string): Signal | null {
  const trend = trendOf(daily, today);
  if (!trend) return null;
  const params = { percent: roundPercent(trend.percent), days: trend.days };
  if (trend.percent >= TREND_STEP_PERCENT) {
    return { reason: reason('rising', params), vote: 1, weight: 2 };
  }
  if (trend.percent <= -TREND_STEP_PERCENT) {
    return { reason: reason('falling', params), vote: -1, weight: 2 };
  }
  return { reason: reason('steady', params), vote: 0, weight: 0 };
}

function weekdaySignal(daily: Daily, today: string): Signal | null {
  const cheaper = cheaperWeekday(daily, today);
  if (!cheaper) return null;
  const params = { weekday: cheaper.weekday, percent: roundPercent(cheaper.percent) };
  return { reason: reason('cheaper_weekday', params), vote: -1, weight: 0.75 };
}

/** Close to departure fares climb; two to four months ahead is the sweet spot; far ahead, wait. */
function departureSignal(
  today: string,
  departureDate: string | null,
  atTarget: boolean,
): Signal | null {
  if (!departureDate) return null;
  const days = daysBetween(today, departureDate);
  if (days < 0) return null;
  if (days < CLOSE_DEPARTURE_DAYS) {
    return { reason: reason('departure_close', { days }), vote: 1, weight: 2 };
  }
  if (days >= SWEET_SPOT_DAYS.from && days <= SWEET_SPOT_DAYS.to) {
    return { reason: reason('sweet_spot', { days }), vote: 1, weight: 1 };
  }
  if (days > FAR_AHEAD_DAYS && !atTarget) {
    return { reason: reason('far_ahead', { days }), vote: -1, weight: 1 };
  }
  return null;
}

/**
 * Confidence from the amount of history (full at 30 days), how much the signals agree and how
 * calm the prices are; with under a week of history it is low whatever the signals say.
 */
function confidenceOf(days: number, signals: Signal[], volatility: number | null) {
  const voting = signals.filter((signal) => signal.vote !== 0);
  const weights = voting.reduce((sum, signal) => sum + signal.weight, 0);
  const balance = voting.reduce((sum, signal) => sum + signal.vote * signal.weight, 0);
  const agreement = weights > 0 ? Math.abs(balance) / weights : 0;
  const history = Math.min(days, FULL_HISTORY_DAYS) / FULL_HISTORY_DAYS;
  const calm = volatility === null ? 0 : 1 - Math.min(volatility / (2 * VOLATILE_PERCENT), 1);
  let score = 0.4 * history + 0.4 * agreement + 0.2 * calm;
  if (days < LITTLE_HISTORY_DAYS) score = Math.min(score, 0.39);
  score = Math.round(score * 100) / 100;
  const confidence: Advice['confidence'] = score >= 0.7 ? 'high' : score >= 0.4 ? 'medium' : 'low';
  return { score, confidence };
}

/** Reasons for the advice first (strongest first), then those against it, then the notes. */
function orderedReasons(signals: Signal[], advice: Advice['advice']): AdviceReason[] {
  const side = advice === 'buy' ? 1 : -1;
  const rank = (signal: Signal) => (signal.vote === side ? 0 : signal.vote === 0 ? 2 : 1);
  return [...signals]
    .sort((a, b) => rank(a) - rank(b) || b.weight - a.weight)
    .map((signal) => signal.reason);
}

/**
 * Each signal votes buy or wait with a weight: at or under the target 3, the trend of the last
 * 14 days 2 (rising: buy before it climbs; falling: wait), departure under 3 weeks 2, the lowest
 * price seen 1.5, above the median 1.5, below it 1, the sweet spot 1, far ahead 1, a cheaper
 * weekday 0.75. The heavier side wins; an even vote buys. Reasons come back for the advice first,
 * then against it, then notes (steady, volatile, little history); `weekday` params are 0–6 from
 * Sunday (UTC days, as the history records them).
 */
export function adviseBuyOrWait(input: AdviceInput): Advice {
  const daily = dailyPrices(input.points, input.today);
  const current = daily.at(-1)?.amount ?? null;
  const target = targetSignal(current, input.target);
  const volatility = volatilityOf(daily);
  const signals = [
    target,
    current === null ? null : standingSignal(daily, current),
    trendSignal(daily, input.today),
    weekdaySignal(daily, input.today),
    departureSignal(input.today, input.departureDate, target !== null),
  ].filter((signal): signal is Signal => signal !== null);
  if (volatility !== null && volatility >= VOLATILE_PERCENT) {
    signals.push({
      reason: reason('volatile', { percent: roundPercent(volatility) }),
      vote: 0,
      weight: 0,
    });
  }
  if (daily.length < LITTLE_HISTORY_DAYS) {
    signals.push({ reason: reason('little_history', { days: daily.length }), vote: 0, weight: 0 });
  }
  const balance = signals.reduce((sum, signal) => sum + signal.vote * signal.weight, 0);
  // Even: the price on offer now is real, and waiting only risks losing it.
  const advice: Advice['advice'] = balance < 0 ? 'wait' : 'buy';
  return {
    advice,
    ...confidenceOf(daily.length, signals, volatility),
    reasons: orderedReasons(signals, advice),
  };
}
