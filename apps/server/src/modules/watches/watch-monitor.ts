import { minorDigits, type RateTable } from '@vowa/shared/finance/money';
import {
  fitsBudget,
  isAtTarget,
  marketFromSummary,
  MARKET_WINDOW_DAYS,
  shouldAlert,
  targetOf,
} from '@vowa/shared/watches/watch-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveUpdates } from '../realtime/realtime-module';
import type {
  RecordedQuote,
  RequoteResult,
  TravelBookingService,
} from '../travel/travel-booking-service';
import type {
  AutoBooker,
  WatchBookingsPort,
  WatchJudgement,
  WatchNotifyPort,
  WatchRow,
} from './watch-ports';
import type { ClaimedWatch, PriceRow, WatchRepository } from './watch-repository';
import { budgetIn } from './watch-view';

const DAY_MS = 86_400_000;
/** Watches claimed and priced together: each database step is one statement per batch. */
export const MONITOR_BATCH = 500;

export type MonitorReport = {
  checked: number;
  changed: number;
  alerts: number;
  autoBookings: number;
  ended: number;
};

type Dependencies = {
  repository: WatchRepository;
  travel: Pick<TravelBookingService, 'recordedQuotes' | 'requoteMany'>;
  bookings: Pick<WatchBookingsPort, 'chargeOf'>;
  notifications: WatchNotifyPort;
  autoBooker: Pick<AutoBooker, 'considerAutoBooking' | 'resumeStale'>;
  rates: { table(): RateTable };
  live?: LiveUpdates;
  /** How long after a check a watch is due again. */
  checkIntervalMs: number;
  batchSize?: number;
  log: FastifyBaseLogger;
  /** The travel clock. */
  now: () => Date;
};

/** What one pass has read and priced so far, shared by its batches. */
type Pass = { quotes: Map<string, RecordedQuote>; results: Map<string, RequoteResult> };

/** A watch priced in this pass: its new price, quotes and the market it is judged against. */
type Priced = { watch: WatchRow; price: number; market: number; row: PriceRow };

const cents = (value: number) => Math.round(value * 100) / 100;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * What a watch's items cost now from the batch's re-quotes: 'retry' when the provider did not
 * answer for one, 'sold_out' when one is no longer sold, else the priced watch (arithmetic only).
 */
function priceWatch(
  watch: WatchRow,
  quotes: Map<string, RecordedQuote>,
  results: Map<string, RequoteResult>,
  chargeOf: WatchBookingsPort['chargeOf'],
): 'retry' | 'sold_out' | { items: WatchRow['plan']['items']; minor: number; currency: string } {
  const items: WatchRow['plan']['items'] = [];
  let minor = 0;
  let currency: string | null = null;
  for (const item of watch.plan.items) {
    const result: RequoteResult | undefined = quotes.has(item.quoteId)
      ? results.get(item.quoteId)
      : { type: 'sold_out' };
    if (!result || result.type === 'failed') return 'retry';
    if (result.type === 'sold_out') return 'sold_out';
    const quote = result.quote;
    if (currency !== null && quote.currency !== currency) return 'retry';
    currency = quote.currency;
    try {
      minor += chargeOf(quote.kind, quote.offer, watch.travelers);
    } catch {
      return 'sold_out';
    }
    items.push({ ...item, quoteId: quote.id });
  }
  return currency === null ? 'retry' : { items, minor, currency };
}

export function createWatchMonitor(deps: Dependencies) {
  const { repository, now } = deps;
  const batchSize = deps.batchSize ?? MONITOR_BATCH;

  /** Tells the person once a price is worth it; conditional, so two instances tell once. */
  async function alert(priced: Priced, target: number, budget: number | null) {
    const { watch, price } = priced;
    const at = now();
    const lastAlert =
      watch.lastAlertAt && watch.lastAlertPrice !== null
        ? { at: watch.lastAlertAt, price: watch.lastAlertPrice }
        : null;
    if (!shouldAlert({ price, target, lastAlert, now: at })) return false;
    if (!(await repository.markAlerted(watch.id, watch.lastAlertAt, at, price))) return false;
    const money = (amount: number) => ({ amount: cents(amount), currency: watch.currency });
    const place = {
      destination: watch.title.destination,
      country: watch.title.country,
      countryCode: watch.title.countryCode,
    };
    const key = `watch:${watch.id}:${dayOf(at)}:${price}`;
    if (watch.kind === 'destination') {
      await deps.notifications.notify(
        watch.userId,
        'trip_fits_budget',
        { watchId: watch.id, ...place, price: money(price), budget: money(budget ?? target) },
        { key, mail: 'priceDropAlerts' },
      );
    } else {
      await deps.notifications.notify(
        watch.userId,
        'price_drop',
        { watchId: watch.id, ...place, price: money(price), target: money(target) },
        { key, mail: 'priceDropAlerts' },
      );
    }
    return true;
  }

  /**
   * The drop ids (`watch_prices` ids) of auto-book candidates: those inserted now, else the row
   * of the same day and amount (recorded by an earlier check, or inserted here if it was not).
   */
  async function dropIds(candidates: Priced[], inserted: Map<string, number>) {
    const missing = candidates.filter((entry) => !inserted.has(entry.watch.id));
    const ids = new Map(inserted);
    if (missing.length === 0) return ids;
    const added = await repository.insertPrices(missing.map((entry) => entry.row));
    for (const row of added) ids.set(row.watchId, row.id);
    const found = await repository.priceIds(
      missing
        .filter((entry) => !ids.has(entry.watch.id))
        .map((entry) => ({
          watchId: entry.watch.id,
          checkedOn: entry.row.checkedOn,
          amount: entry.row.amount,
        })),
    );
    for (const row of found) ids.set(row.watchId, row.id);
    return ids;
  }

  /** Auto-book, alert or nothing, per watch (part 2 §9 and the design's decisions). */
  async function decide(pricedWatches: Priced[], inserted: Map<string, number>) {
    const table = deps.rates.table();
    const judged = pricedWatches.map((entry) => {
      const budget = budgetIn(table, entry.watch);
      const target =
        entry.watch.kind === 'destination'
          ? (budget ?? 0)
          : targetOf(entry.market, entry.watch.thresholdPercent);
      const atTarget =
        entry.watch.kind === 'destination'
          ? fitsBudget(entry.price, budget)
          : isAtTarget(entry.price, entry.market, entry.watch.thresholdPercent);
      const book =
        entry.watch.mode === 'auto_book' &&
        entry.watch.kind !== 'destination' &&
        atTarget &&
        fitsBudget(entry.price, budget);
      return { entry, budget, target, atTarget, book };
    });
    const booking = judged.filter((decision) => decision.book);
    const ids =
      booking.length > 0
        ? await dropIds(
            booking.map((d) => d.entry),
            inserted,
          )
        : inserted;
    const outcomes = await Promise.all(
      judged.map(async ({ entry, budget, target, atTarget, book }) => {
        if (book) {
          const dropId = ids.get(entry.watch.id);
          if (dropId === undefined) return 'none';
          const judgement: WatchJudgement = {
            price: entry.price,
            market: entry.market,
            target,
            budget,
          };
          await deps.autoBooker.considerAutoBooking(entry.watch, dropId, judgement);
          return 'booked';
        }
        if (!atTarget) return 'none';
        return (await alert(entry, target, budget)) ? 'alerted' : 'none';
      }),
    );
    return {
      alerts: outcomes.filter((outcome) => outcome === 'alerted').length,
      autoBookings: outcomes.filter((outcome) => outcome === 'booked').length,
    };
  }

  /**
   * The batch's quotes priced again: each quote at most once per pass (batches of one pass
   * share offers; the provider is asked, and the answer recorded, once).
   */
  async function requote(quoteIds: string[], pass: Pass) {
    const unread = [...new Set(quoteIds)].filter((id) => !pass.quotes.has(id));
    for (const [id, quote] of await deps.travel.recordedQuotes(unread)) pass.quotes.set(id, quote);
    const unpriced = [...new Set(quoteIds)].flatMap((id) => {
      const quote = pass.quotes.get(id);
      return quote && !pass.results.has(id) ? [quote] : [];
    });
    for (const [id, result] of await deps.travel.requoteMany(unpriced))
      pass.results.set(id, result);
    return { quotes: pass.quotes, results: pass.results };
  }

  /** One claimed batch: re-priced together, recorded with one statement per step. */
  async function checkBatch(watches: ClaimedWatch[], report: MonitorReport, pass: Pass) {
    const at = now();
    const today = dayOf(at);
    const started = watches.filter((watch) => watch.plan.startDate <= today);
    const open = watches.filter((watch) => watch.plan.startDate > today);
    const quoteIds = open.flatMap((watch) => watch.plan.items.map((item) => item.quoteId));
    const [{ quotes, results }, histories] = await Promise.all([
      requote(quoteIds, pass),
      repository.marketHistories(
        open.map((watch) => watch.id),
        new Date(at.getTime() - MARKET_WINDOW_DAYS * DAY_MS),
      ),
    ]);

    const pricedWatches: Priced[] = [];
    const soldOutOnce: string[] = [];
    const soldOut: string[] = [];
    for (const watch of open) {
      const outcome = priceWatch(watch, quotes, results, deps.bookings.chargeOf);
      if (outcome === 'retry') continue;
      if (outcome === 'sold_out') {
        (watch.endedReason === 'sold_out_once' ? soldOut : soldOutOnce).push(watch.id);
        continue;
      }
      const price = outcome.minor / 10 ** minorDigits(outcome.currency);
      const market = marketFromSummary(histories.get(watch.id), watch.marketPrice);
      const plan = { ...watch.plan, items: outcome.items };
      pricedWatches.push({
        watch: { ...watch, plan, currentPrice: price, currency: outcome.currency },
        price,
        market,
        row: {
          watchId: watch.id,
          checkedOn: today,
          checkedAt: at,
          amount: price,
          currency: outcome.currency,
          marketPrice: market,
          quoteIds: outcome.items.map((item) => item.quoteId),
        },
      });
    }

    const before = new Map(open.map((watch) => [watch.id, watch]));
    const sameQuotes = (a: WatchRow, b: WatchRow) =>
      a.plan.items.every((item, index) => item.quoteId === b.plan.items[index]?.quoteId);
    // Only watches whose price or quotes moved (or that were found unsold last time) are written.
    const rewritten = pricedWatches.filter(({ watch }) => {
      const old = before.get(watch.id)!;
      return (
        old.currentPrice !== watch.currentPrice ||
        old.endedReason === 'sold_out_once' ||
        !sameQuotes(old, watch)
      );
    });
    const moved = rewritten.filter(
      ({ watch }) => before.get(watch.id)!.currentPrice !== watch.currentPrice,
    );
    const [inserted] = await Promise.all([
      // A price already recorded today (checked today at the same price) needs no row again.
      repository.insertPrices(
        pricedWatches
          .filter(({ watch, row }) => {
            const old = before.get(watch.id)!;
            return !(
              old.previousCheck !== null &&
              dayOf(old.previousCheck) === row.checkedOn &&
              old.currentPrice === row.amount &&
              old.currency === row.currency
            );
          })
          .map((entry) => entry.row),
      ),
      repository.savePrices(
        rewritten.map(({ watch }) => ({
          id: watch.id,
          price: watch.currentPrice ?? 0,
          currency: watch.currency,
          plan: watch.plan,
          soldOutOnce: false,
        })),
        at,
      ),
      repository.markSoldOutOnce(soldOutOnce, at),
    ]);
    const ended = [
      ...(await repository.end(
        started.map((watch) => watch.id),
        'departed',
        at,
      )),
      ...(await repository.end(soldOut, 'sold_out', at)),
    ];
    const decided = await decide(
      pricedWatches,
      new Map(inserted.map((row) => [row.watchId, row.id])),
    );

    report.checked += watches.length;
    report.changed += moved.length;
    report.ended += ended.length;
    report.alerts += decided.alerts;
    report.autoBookings += decided.autoBookings;
    const touched = new Set([
      ...moved.map((entry) => entry.watch.userId),
      ...ended.map((row) => row.userId),
    ]);
    if (touched.size > 0) deps.live?.tell(touched, 'watches');
  }

  return {
    /**
     * One pass: every due active watch, claimed in batches (never the same watch on two
     * instances in one round); paused watches whose trip began end too; stale bookings resume.
     */
    async runMonitor(): Promise<MonitorReport> {
      const report: MonitorReport = {
        checked: 0,
        changed: 0,
        alerts: 0,
        autoBookings: 0,
        ended: 0,
      };
      const pass: Pass = { quotes: new Map(), results: new Map() };
      for (;;) {
        const at = now();
        const batch = await repository.claimDue(
          at,
          new Date(at.getTime() + deps.checkIntervalMs),
          batchSize,
        );
        if (batch.length === 0) break;
        await checkBatch(batch, report, pass);
        if (batch.length < batchSize) break;
      }
      const at = now();
      const paused = await repository.pausedStarted(dayOf(at), batchSize);
      const ended = await repository.end(
        paused.map((row) => row.id),
        'departed',
        at,
      );
      report.ended += ended.length;
      if (ended.length > 0) deps.live?.tell(new Set(ended.map((row) => row.userId)), 'watches');
      await deps.autoBooker.resumeStale();
      return report;
    },
  };
}

export type WatchMonitor = ReturnType<typeof createWatchMonitor>;
