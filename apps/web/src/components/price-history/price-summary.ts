/** One recorded price of a day. */
export type DayPrice = { day: string; amount: number };

export type PriceSummary = {
  lowest: DayPrice;
  highest: DayPrice;
  latest: DayPrice;
  /** Distinct days with a recorded price. */
  days: number;
};

/**
 * One price a day, oldest first (a later record of a day wins, as the advice counts them), and
 * the lowest, highest and latest of them; null without any price.
 */
export function dailyPrices(points: readonly DayPrice[]): DayPrice[] {
  const byDay = new Map<string, number>();
  for (const point of points) {
    if (Number.isFinite(point.amount)) byDay.set(point.day, point.amount);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, amount]) => ({ day, amount }));
}

export function summarisePrices(points: readonly DayPrice[]): PriceSummary | null {
  const daily = dailyPrices(points);
  const first = daily[0];
  const latest = daily.at(-1);
  if (!first || !latest) return null;
  // Of equal prices, the earliest day is the one named (when it was first seen).
  let lowest = first;
  let highest = first;
  for (const point of daily) {
    if (point.amount < lowest.amount) lowest = point;
    if (point.amount > highest.amount) highest = point;
  }
  return { lowest, highest, latest, days: daily.length };
}
