import { convertMoney, type RateTable } from '@vowa/shared/finance/money';
import type { Watch } from '@vowa/shared/watches/watch-schemas';
import { targetOf } from '@vowa/shared/watches/watch-rules';
import type { WatchRow } from './watch-ports';

const cents = (value: number) => Math.round(value * 100) / 100;

/** The max budget in the watch's currency (null when no rate converts it). */
export function budgetIn(table: RateTable, watch: WatchRow): number | null {
  if (watch.budgetCurrency === watch.currency) return watch.maxBudget;
  const converted = convertMoney(table, watch.maxBudget, watch.budgetCurrency, watch.currency);
  return converted ? cents(converted.amount) : null;
}

/**
 * The price the watch waits for, in its currency: market × threshold; for a destination, the
 * max trip budget (it alerts when the trip fits).
 */
export function targetOfWatch(table: RateTable, watch: WatchRow, market: number): number {
  if (watch.kind === 'destination') return budgetIn(table, watch) ?? 0;
  return targetOf(market, watch.thresholdPercent);
}

/** A watch as the API shows it (`market`: the market judged at its last check). */
export function watchView(
  watch: WatchRow,
  context: { table: RateTable; market: number; personCurrency: string },
): Watch {
  const { table, market, personCurrency } = context;
  const money = (amount: number) => ({ amount: cents(amount), currency: watch.currency });
  const current = watch.currentPrice;
  const display =
    current === null || personCurrency === watch.currency
      ? null
      : convertMoney(table, current, watch.currency, personCurrency);
  return {
    id: watch.id,
    kind: watch.kind,
    mode: watch.mode,
    status: watch.status,
    endedReason: watch.status === 'ended' ? watch.endedReason : null,
    title: watch.title,
    startDate: watch.plan.startDate,
    endDate: watch.plan.endDate,
    travelers: watch.travelers,
    items: watch.plan.items.map((item) => ({ kind: item.kind, quoteId: item.quoteId })),
    current: current === null ? null : money(current),
    market: money(market),
    target: money(targetOfWatch(table, watch, market)),
    thresholdPercent: watch.thresholdPercent,
    maxBudget: { amount: watch.maxBudget, currency: watch.budgetCurrency },
    display: display ? { amount: cents(display.amount), currency: personCurrency } : null,
    lastCheckedAt: watch.lastCheckedAt?.toISOString() ?? null,
    nextCheckAt: watch.status === 'active' ? watch.nextCheckAt.toISOString() : null,
    bookingId: watch.bookingId,
    bucketItemId: watch.bucketItemId,
    createdAt: watch.createdAt.toISOString(),
  };
}
