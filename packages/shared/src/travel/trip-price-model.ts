import { z } from 'zod';
import {
  displayCurrencies,
  MAX_NIGHTS,
  MAX_TRAVELERS,
  MIN_TRAVELERS,
  travelClasses,
  type TravelClass,
} from './travel-constants';
import { addDays } from './travel-rules';

/**
 * Part 2 §2–§5 and §9: the trip customisation dialog's limits and defaults, and the trip price
 * model the dialog shows as its instant estimate while the provider prices the exact trip.
 */

export const hotelCategories = ['budget', 'mid-range', 'luxury'] as const;
export type HotelCategory = (typeof hotelCategories)[number];

/**
 * The hotel star ratings each category books (inclusive). The offline inventory has 3-star
 * budget chains, 4-star midscale and upscale hotels and 5-star luxury ones; a provider's 3.5 or
 * 4.5 lands in the nearer band.
 */
export const HOTEL_CATEGORY_STARS: Record<HotelCategory, { min: number; max: number }> = {
  budget: { min: 0, max: 3.4 },
  'mid-range': { min: 3.5, max: 4.4 },
  luxury: { min: 4.5, max: 5 },
};

/** Part 2 §4 defaults: 2 travellers, 7 nights, economy, mid-range, check-in a month ahead. */
export const CUSTOMIZE_DEFAULTS = {
  travelers: 2,
  nights: 7,
  flightClass: 'economy' as TravelClass,
  hotelCategory: 'mid-range' as HotelCategory,
  checkInMonthsAhead: 1,
} as const;

/** Part 2 §5: travellers 1–10, nights 1–30. */
export const CUSTOMIZE_LIMITS = {
  minTravelers: MIN_TRAVELERS,
  maxTravelers: MAX_TRAVELERS,
  minNights: 1,
  maxNights: MAX_NIGHTS,
  /** The spec is silent; five more stops keep a trip (and its pricing) reasonable. */
  maxAdditionalCities: 5,
  maxCityLength: 100,
  maxAssistantRequestLength: 500,
} as const;

/** Part 2 §4: the instant estimate follows a change after 1.5 seconds. */
export const ESTIMATE_DELAY_MS = 1500;

/**
 * Part 2 §9 class steps. The spec gives premium economy +0.3 and business +0.8 and is silent on
 * first class; +1.5 scales the business step by the spec's own class surcharges (800 → 1500).
 */
export const CLASS_MULTIPLIER_STEP: Record<TravelClass, number> = {
  economy: 0,
  premium: 0.3,
  business: 0.8,
  first: 1.5,
};
export const HOTEL_MULTIPLIER_STEP: Record<HotelCategory, number> = {
  budget: -0.2,
  'mid-range': 0,
  luxury: 0.4,
};
export const EXTRA_TRAVELER_STEP = 0.45;
export const SOLO_MULTIPLIER = 0.6;
export const EXTRA_CITY_STEP = 0.15;
export const SAVINGS_REFERENCE_FACTOR = 1.5;
export const BREAKDOWN_SHARES = { flights: 0.35, hotels: 0.4, experiences: 0.2, extras: 0.05 };

/** What the estimate depends on. */
export type TripChoices = {
  travelers: number;
  flightClass: TravelClass;
  hotelCategory: HotelCategory;
  additionalCities: readonly string[];
};

/** Floating-point steps (0.45 × 3) without their binary noise. */
const tidy = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Starts at 1, adds 0.45 per traveller above 2 (fewer than 2 sets it to 0.6), then the class,
 * hotel category and 0.15 per additional city.
 */
export function priceMultiplier(choices: TripChoices): number {
  let multiplier = 1;
  if (choices.travelers > 2) multiplier += EXTRA_TRAVELER_STEP * (choices.travelers - 2);
  else if (choices.travelers < 2) multiplier = SOLO_MULTIPLIER;
  multiplier += CLASS_MULTIPLIER_STEP[choices.flightClass];
  multiplier += HOTEL_MULTIPLIER_STEP[choices.hotelCategory];
  multiplier += EXTRA_CITY_STEP * choices.additionalCities.length;
  return tidy(multiplier);
}

/** Rounds to the currency's minor unit (`digits`: 2 for most, 0 for the yen). */
export function roundTo(amount: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(amount * factor) / factor;
}

export type TripEstimate = {
  multiplier: number;
  /** original × multiplier. */
  price: number;
  /** max(0, 1.5 × original − price). */
  savings: number;
  /** max(85, 95 − 20 × |multiplier − 1|), percent. */
  confidence: number;
  /** 35 % flights, 40 % hotels, 20 % experiences, 5 % extras of the price; sums to it. */
  breakdown: { flights: number; hotels: number; experiences: number; extras: number };
};

/** A suggested trip's parts (for two travellers) and how many nights its stay is. */
export type OriginalTrip = { flights: number; hotel: number; experiences: number; nights: number };

/**
 * The original price §9 multiplies: the suggested trip's own price, with its stay scaled to the
 * chosen nights. The spec recalculates on a change of nights but its multiplier has no nights
 * step; suggested trips last from a weekend to two weeks while the dialog starts at 7 nights, so
 * without this the estimate of a 3-night trip stretched to 7 would be off by the extra stay.
 */
export function originalPriceFor(trip: OriginalTrip, nights: number, digits = 2): number {
  const stay = trip.nights > 0 ? (trip.hotel / trip.nights) * nights : trip.hotel;
  return roundTo(trip.flights + stay + trip.experiences, digits);
}

/** Part 2 §9: the instant estimate of a customised trip from its original price. */
export function estimateTripPrice(
  originalPrice: number,
  choices: TripChoices,
  digits = 2,
): TripEstimate {
  const multiplier = priceMultiplier(choices);
  const price = roundTo(originalPrice * multiplier, digits);
  const savings = Math.max(0, roundTo(SAVINGS_REFERENCE_FACTOR * originalPrice - price, digits));
  const confidence = Math.max(85, tidy(95 - 20 * Math.abs(multiplier - 1)));
  const flights = roundTo(price * BREAKDOWN_SHARES.flights, digits);
  const hotels = roundTo(price * BREAKDOWN_SHARES.hotels, digits);
  const experiences = roundTo(price * BREAKDOWN_SHARES.experiences, digits);
  // Extras take what rounding left, so the four parts add up to the price exactly.
  const extras = roundTo(price - flights - hotels - experiences, digits);
  return {
    multiplier,
    price,
    savings,
    confidence,
    breakdown: { flights, hotels, experiences, extras },
  };
}

// ---------- Dates ----------

/** One calendar month after `today` (YYYY-MM-DD); the 31st becomes the month's last day. */
export function defaultCheckIn(
  today: string,
  months: number = CUSTOMIZE_DEFAULTS.checkInMonthsAhead,
) {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Part 2 §4: check-out is check-in plus the nights. */
export function checkOutOf(checkIn: string, nights: number): string {
  return addDays(checkIn, nights);
}

/** A number typed or stepped into a limit (whole, within min–max). */
export function clampWhole(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** The hotel category a star rating belongs to. */
export function categoryOfStars(stars: number): HotelCategory {
  if (stars >= HOTEL_CATEGORY_STARS.luxury.min) return 'luxury';
  if (stars >= HOTEL_CATEGORY_STARS['mid-range'].min) return 'mid-range';
  return 'budget';
}

// ---------- Additional cities (part 2 §5) ----------

/** A city name as typed: trimmed, inner runs of spaces made one. */
export function normalizeCity(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

const sameCity = (a: string, b: string) =>
  normalizeCity(a).localeCompare(normalizeCity(b), undefined, { sensitivity: 'base' }) === 0;

export type AddCityResult =
  | { ok: true; cities: string[] }
  | { ok: false; reason: 'empty' | 'duplicate' | 'too_many' | 'too_long' };

/** Adds a typed city: the trimmed name must be non-empty and not already in the list. */
export function addAdditionalCity(cities: readonly string[], typed: string): AddCityResult {
  const name = normalizeCity(typed);
  if (name === '') return { ok: false, reason: 'empty' };
  if (name.length > CUSTOMIZE_LIMITS.maxCityLength) return { ok: false, reason: 'too_long' };
  if (cities.some((city) => sameCity(city, name))) return { ok: false, reason: 'duplicate' };
  if (cities.length >= CUSTOMIZE_LIMITS.maxAdditionalCities) {
    return { ok: false, reason: 'too_many' };
  }
  return { ok: true, cities: [...cities, name] };
}

// ---------- The exact quote's request (POST /api/travel/trip_quotes) ----------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateInvalid' });
const iataCode = z
  .string({ message: 'airportInvalid' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'airportInvalid' });
const quoteId = z.string().min(1).max(200);

export const tripQuoteRequestSchema = z.object({
  /** Where the trip leaves from and comes back to, and its main destination (IATA). */
  origin: iataCode,
  destination: iataCode,
  checkIn: isoDate,
  nights: z
    .number({ message: 'nightsInvalid' })
    .int({ message: 'nightsInvalid' })
    .min(CUSTOMIZE_LIMITS.minNights, { message: 'nightsInvalid' })
    .max(CUSTOMIZE_LIMITS.maxNights, { message: 'nightsInvalid' }),
  travelers: z
    .number({ message: 'travelersInvalid' })
    .int({ message: 'travelersInvalid' })
    .min(CUSTOMIZE_LIMITS.minTravelers, { message: 'travelersInvalid' })
    .max(CUSTOMIZE_LIMITS.maxTravelers, { message: 'travelersInvalid' }),
  flightClass: z.enum(travelClasses, { message: 'travelClassInvalid' }),
  hotelCategory: z.enum(hotelCategories, { message: 'settingInvalid' }),
  /** Stops after the destination, in order, as typed (resolved by the server). */
  additionalCities: z
    .array(
      z
        .string()
        .transform(normalizeCity)
        .pipe(
          z
            .string()
            .min(1, { message: 'cityRequired' })
            .max(CUSTOMIZE_LIMITS.maxCityLength, { message: 'textTooLong' }),
        ),
    )
    .max(CUSTOMIZE_LIMITS.maxAdditionalCities, { message: 'textTooLong' })
    .default([]),
  /**
   * The suggested trip this customises, by its recorded quotes: its experiences are priced
   * into the exact trip, and its own price is the §9 estimate's original.
   */
  basis: z
    .object({
      outboundQuoteId: quoteId,
      returnQuoteId: quoteId,
      hotelQuoteId: quoteId,
      experienceQuoteIds: z.array(quoteId).max(6).default([]),
    })
    .optional(),
  currency: z.enum(displayCurrencies, { message: 'currencyInvalid' }).optional(),
});
export type TripQuoteRequest = z.input<typeof tripQuoteRequestSchema>;
export type TripQuoteQuery = z.output<typeof tripQuoteRequestSchema>;
