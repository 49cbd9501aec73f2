/**
 * When a watched price is worth telling about or booking (issue 16; part 2 §9). Pure: the
 * monitor applies these per watch with nothing but arithmetic, and the tests pin them down.
 */

/** A later alert within a day needs the price at least this much below the last alerted one. */
export const ALERT_STEP_PERCENT = 5;
/** At most one alert per watch in this long, unless the price fell by a clear step. */
export const ALERT_INTERVAL_MS = 24 * 3_600_000;
/** The market price is the median of the watch's own prices over this many days… */
export const MARKET_WINDOW_DAYS = 30;
/** …once they cover at least this many distinct days. */
export const MARKET_MIN_DAYS = 7;

const cents = (value: number) => Math.round(value * 100) / 100;

/** market × threshold%, the price at or under which a watch is at its target (in cents). */
export function targetOf(market: number, thresholdPercent: number): number {
  return cents((market * thresholdPercent) / 100);
}

/** Part 2 §9: a price is a deal when it is at most the threshold's share of the market price. */
export function isAtTarget(price: number, market: number, thresholdPercent: number): boolean {
  return price <= targetOf(market, thresholdPercent);
}

/** Within the person's max trip budget (both in one currency; null: no budget to judge by). */
export function fitsBudget(price: number, maxBudget: number | null): boolean {
  return maxBudget !== null && price <= maxBudget;
}

/**
 * Whether to tell the person about `price` now: it must be at the target; then at most once per
 * 24 hours, unless it is at least ALERT_STEP_PERCENT below the price last alerted.
 */
export function shouldAlert(input: {
  price: number;
  target: number;
  lastAlert: { at: Date; price: number } | null;
  now: Date;
}): boolean {
  const { price, target, lastAlert, now } = input;
  if (price > target) return false;
  if (!lastAlert) return true;
  if (now.getTime() - lastAlert.at.getTime() >= ALERT_INTERVAL_MS) return true;
  return price <= lastAlert.price * (1 - ALERT_STEP_PERCENT / 100);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The market price a watch is judged against: the median of its own recorded prices of the
 * last MARKET_WINDOW_DAYS once they cover MARKET_MIN_DAYS distinct days, else `stored` (the
 * market price recorded when the watch was made).
 */
export function marketOf(
  points: readonly { day: string; amount: number }[],
  stored: number,
  today: string,
): number {
  const since = shiftDay(today, -MARKET_WINDOW_DAYS);
  const recent = points.filter((point) => point.day > since && point.day <= today);
  const days = new Set(recent.map((point) => point.day));
  if (days.size < MARKET_MIN_DAYS) return stored;
  return cents(median(recent.map((point) => point.amount)) ?? stored);
}

/**
 * The same rule from a summary of the window (its median and distinct days), as the monitor
 * reads it for a whole batch in one statement.
 */
export function marketFromSummary(
  summary: { median: number; days: number } | undefined,
  stored: number,
): number {
  return summary && summary.days >= MARKET_MIN_DAYS ? cents(summary.median) : stored;
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
