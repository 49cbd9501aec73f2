import { minorDigits } from '@vowa/shared/finance/money';
import { addDays, median } from '@vowa/shared/travel/travel-rules';
import { adviseBuyOrWait } from '@vowa/shared/watches/buy-or-wait';
import { MARKET_MIN_DAYS, MARKET_WINDOW_DAYS } from '@vowa/shared/watches/watch-rules';
import type { PriceHistoryResponse, PricePoint, Price } from '@vowa/shared/watches/watch-schemas';
import type { BookingItemRequest } from '@vowa/shared/bookings/booking-schemas';
import { AppError } from '../../lib/app-error';
import type { DailyPrice, PriceHistoryRepository } from './price-history-repository';
import type { OfferKind, ProviderFlight, ProviderHotel, ProviderName } from './travel-provider';
import type { TravelRepository } from './travel-repository';
import { travelMessages } from './travel-service';

/** Days of price history a chart shows. */
export const PRICE_HISTORY_DAYS = 60;

export const priceHistoryMessages = {
  currenciesDiffer: 'These offers are priced in different currencies and cannot be summed.',
  travellersDiffer:
    'This flight was priced for a different number of travellers. Search again for your group.',
} as const;

type QuoteRow = Awaited<ReturnType<TravelRepository['findQuotes']>>[number];

/** One watched item: its recorded quote and what it is a price of. */
type PricedItem = { kind: OfferKind; row: QuoteRow; date: string | null };

/** What each day's total is drawn from: one price per subject per day. */
type DayPrice = { amount: number; at: Date };

/**
 * What an item costs the party from a recorded price, in minor units: flights and experiences
 * per traveller, a stay whole (the rule bookings charge by; a recorded price is per person for
 * flights and experiences, the stay for hotels: see travel-quotes' quotedAmount).
 */
export function chargeOf(kind: OfferKind, amount: number, travelers: number, currency: string) {
  const factor = 10 ** minorDigits(currency);
  return Math.round((kind === 'hotel' ? amount : amount * travelers) * factor);
}

/** The trip's first day: the earliest flight, check-in or experience day. */
export function departureDateOf(items: PricedItem[]): string | null {
  const days = items.flatMap((item) => {
    if (item.kind === 'flight') return [(item.row.offer as ProviderFlight).departure.date];
    if (item.kind === 'hotel') return [(item.row.offer as ProviderHotel).checkIn];
    return item.date ? [item.date] : [];
  });
  return days.length > 0 ? days.reduce((first, day) => (day < first ? day : first)) : null;
}

/**
 * The totals per day, as bookings would charge them: only days on which every item had a
 * price (a day with a gap has no total: nothing is made up).
 */
export function dailyTotals(
  items: PricedItem[],
  prices: DailyPrice[],
  travelers: number,
  currency: string,
): PricePoint[] {
  const bySubject = new Map<string, Map<string, DayPrice>>();
  for (const price of prices) {
    if (price.currency !== currency) continue;
    const days = bySubject.get(price.subjectKey) ?? new Map<string, DayPrice>();
    days.set(price.day, { amount: price.amount, at: price.quotedAt });
    bySubject.set(price.subjectKey, days);
  }
  const firstItemDays = bySubject.get(items[0]!.row.subjectKey) ?? new Map<string, DayPrice>();
  const factor = 10 ** minorDigits(currency);
  const points: PricePoint[] = [];
  for (const day of [...firstItemDays.keys()].sort()) {
    const found = items.map((item) => ({
      item,
      price: bySubject.get(item.row.subjectKey)?.get(day),
    }));
    if (found.some(({ price }) => price === undefined)) continue;
    let total = 0;
    let at = new Date(0);
    for (const { item, price } of found) {
      total += chargeOf(item.kind, price!.amount, travelers, currency);
      if (price!.at > at) at = price!.at;
    }
    points.push({ at: at.toISOString(), day, amount: total / factor, currency });
  }
  return points;
}

/** The median of the last 30 days' totals once there are 7 of them; else none. */
export function marketOf(points: PricePoint[], today: string, currency: string): Price | null {
  const since = addDays(today, -(MARKET_WINDOW_DAYS - 1));
  const recent = points.filter((point) => point.day >= since && point.day <= today);
  if (recent.length < MARKET_MIN_DAYS) return null;
  return { amount: roundTo(median(recent.map((point) => point.amount))!, currency), currency };
}

function roundTo(amount: number, currency: string) {
  const factor = 10 ** minorDigits(currency);
  return Math.round(amount * factor) / factor;
}

/** How the price of a flight, a stay or a whole trip moved, and whether to buy now. */
export function createPriceHistoryService(deps: {
  quotes: Pick<TravelRepository, 'findQuotes'>;
  history: PriceHistoryRepository;
  providerName: ProviderName;
  /** The person's alert threshold (percent of the market price: part 2 §9). */
  thresholdOf: (userId: string) => Promise<number>;
  now: () => Date;
}) {
  /** The items' recorded quotes, as the booking flow reads them: this provider's, of the kind. */
  async function pricedItems(items: BookingItemRequest[], travelers: number) {
    const rows = new Map(
      (await deps.quotes.findQuotes(items.map((item) => item.quoteId))).map((row) => [row.id, row]),
    );
    return items.map((item): PricedItem => {
      const row = rows.get(item.quoteId);
      if (!row || row.provider !== deps.providerName) {
        throw new AppError('quote_not_found', travelMessages.quoteNotFound);
      }
      if (row.kind !== item.kind) {
        throw new AppError('quote_kind_mismatch', travelMessages.quoteKindMismatch);
      }
      // A party priced as a whole has no price for another number of travellers.
      const total = item.kind === 'flight' ? (row.offer as ProviderFlight).totalFor : undefined;
      if (total && total.passengers !== travelers) {
        throw new AppError('travellers_differ_from_quote', priceHistoryMessages.travellersDiffer);
      }
      return { kind: item.kind, row, date: item.date ?? null };
    });
  }

  return {
    async history(
      userId: string,
      request: { items: BookingItemRequest[]; travelers: number },
    ): Promise<PriceHistoryResponse> {
      const items = await pricedItems(request.items, request.travelers);
      const currency = items[0]!.row.currency;
      if (items.some((item) => item.row.currency !== currency)) {
        throw new AppError('booking_currencies_differ', priceHistoryMessages.currenciesDiffer);
      }
      const now = deps.now();
      const today = now.toISOString().slice(0, 10);
      const [prices, thresholdPercent] = await Promise.all([
        deps.history.dailyPrices(
          items.map((item) => item.row.subjectKey),
          addDays(today, -(PRICE_HISTORY_DAYS - 1)),
          now,
        ),
        deps.thresholdOf(userId),
      ]);
      const points = dailyTotals(items, prices, request.travelers, currency);
      const market = marketOf(points, today, currency);
      const target = market
        ? { amount: roundTo((market.amount * thresholdPercent) / 100, currency), currency }
        : null;
      const departureDate = departureDateOf(items);
      return {
        currency,
        points,
        market,
        target,
        thresholdPercent,
        departureDate,
        advice: adviseBuyOrWait({
          points: points.map(({ day, amount }) => ({ day, amount })),
          today,
          departureDate,
          target: target?.amount ?? null,
        }),
      };
    },
  };
}

export type PriceHistoryService = ReturnType<typeof createPriceHistoryService>;
