import { unitOf } from './seeded-random';

/**
 * How the offline inventory prices things. Every factor is a plain function of the trip and of
 * the day the price is quoted, so prices are reproducible, and they move slowly from day to day
 * (a sum of two slow waves per route) with the odd flash sale, the way fares do.
 */

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of an instant: the "quote day". */
export function dayNumberOf(instant: Date): number {
  return Math.floor(instant.getTime() / DAY_MS);
}

/** The end of the quote day: offline prices hold until the next UTC midnight. */
export function endOfQuoteDay(instant: Date): string {
  return new Date((dayNumberOf(instant) + 1) * DAY_MS).toISOString();
}

/**
 * How long an offline quote holds: fares and rates are held for a while, as airlines and hotels
 * do, until a time set per market and quote day, 26 to 96 hours after the quote day began (so
 * always past its end); a flash sale ends with its day. The same for every search of that
 * market that day, so a repeated search is the same quote.
 */
export function quoteValidUntil(marketKey: string, instant: Date): string {
  const day = dayNumberOf(instant);
  if (flashSaleFactor(marketKey, day) < 1) return endOfQuoteDay(instant);
  const hours = 26 + unitOf(marketKey, 'hold', day) * 70;
  return new Date(day * DAY_MS + Math.round(hours * 4) * 900_000).toISOString();
}

/** One-way economy fare per person in euros for a distance, before the factors below. */
export function distanceFare(distanceKm: number): number {
  const shortHaul = Math.min(distanceKm, 1500);
  const longHaul = Math.max(distanceKm - 1500, 0);
  return 35 + 0.075 * shortHaul + 0.055 * longHaul;
}

/**
 * Season: the northern summer and the year-end holidays are dear, late winter and November are
 * cheap; south of the tropics the seasons are turned round.
 */
export function seasonFactor(isoDate: string, latitude: number): number {
  const month = Number(isoDate.slice(5, 7));
  const day = Number(isoDate.slice(8, 10));
  if ((month === 12 && day >= 15) || (month === 1 && day <= 5)) return 1.25;
  const southern = latitude < -10;
  const peak = southern ? [12, 1, 2] : [6, 7, 8];
  const low = southern ? [5, 6, 7, 8] : [1, 2, 3, 11];
  if (peak.includes(month)) return 1.2;
  if (low.includes(month)) return 0.88;
  return 1;
}

/** Fridays and Sundays cost more, Tuesdays and Wednesdays less. */
export function weekdayFactor(isoDate: string): number {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  if (weekday === 5 || weekday === 0) return 1.1;
  if (weekday === 2 || weekday === 3) return 0.92;
  return 1;
}

/** Late bookings cost more; two to four months ahead is the sweet spot. */
export function advanceFactor(daysBeforeDeparture: number): number {
  if (daysBeforeDeparture < 7) return 1.45;
  if (daysBeforeDeparture < 14) return 1.25;
  if (daysBeforeDeparture < 21) return 1.1;
  if (daysBeforeDeparture < 60) return 1;
  if (daysBeforeDeparture < 120) return 0.95;
  return 1;
}

/** The slow day-to-day drift of a market (a route, a hotel): between about 0.85 and 1.15. */
export function driftFactor(marketKey: string, quoteDay: number): number {
  const phaseA = unitOf(marketKey, 'drift-a') * 2 * Math.PI;
  const phaseB = unitOf(marketKey, 'drift-b') * 2 * Math.PI;
  return (
    1 +
    0.1 * Math.sin((2 * Math.PI * quoteDay) / 29 + phaseA) +
    0.05 * Math.sin((2 * Math.PI * quoteDay) / 11 + phaseB)
  );
}

/** About one market in sixteen runs a flash sale on a given day: 28 % off. */
export function flashSaleFactor(marketKey: string, quoteDay: number): number {
  return unitOf(marketKey, 'flash', quoteDay) < 0.0625 ? 0.72 : 1;
}

/** What a place costs relative to the euro-area average (hotels, experiences). */
export function costOfLivingFactor(countryCode: string): number {
  if (['CH', 'NO', 'IS', 'DK', 'SG', 'BM', 'KY', 'MC', 'LU'].includes(countryCode)) return 1.45;
  if (
    ['US', 'GB', 'IE', 'AU', 'NZ', 'JP', 'AE', 'QA', 'HK', 'IL', 'SE', 'FI', 'NL'].includes(
      countryCode,
    )
  ) {
    return 1.25;
  }
  if (
    ['FR', 'DE', 'AT', 'BE', 'IT', 'ES', 'CA', 'KR', 'TW', 'MT', 'CY', 'SI'].includes(countryCode)
  ) {
    return 1;
  }
  if (
    [
      'PT',
      'GR',
      'CZ',
      'EE',
      'LV',
      'LT',
      'HR',
      'SK',
      'PL',
      'HU',
      'CL',
      'UY',
      'SA',
      'OM',
      'BH',
    ].includes(countryCode)
  ) {
    return 0.8;
  }
  return 0.6;
}

/** Taxes and fees on a hotel stay, as a share of the room price. */
export function hotelTaxRate(countryCode: string): number {
  if (['US', 'CA'].includes(countryCode)) return 0.15;
  if (['AE', 'QA', 'SA', 'BH', 'OM'].includes(countryCode)) return 0.18;
  if (['JP', 'SG', 'AU', 'NZ', 'KR'].includes(countryCode)) return 0.1;
  return 0.12;
}

export const roundEuros = (value: number) => Math.round(value);
export const roundCents = (value: number) => Math.round(value * 100) / 100;
