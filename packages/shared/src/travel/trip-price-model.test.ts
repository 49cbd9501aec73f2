import { describe, expect, it } from 'vitest';
import {
  addAdditionalCity,
  categoryOfStars,
  checkOutOf,
  clampWhole,
  CUSTOMIZE_DEFAULTS,
  CUSTOMIZE_LIMITS,
  defaultCheckIn,
  ESTIMATE_DELAY_MS,
  estimateTripPrice,
  normalizeCity,
  originalPriceFor,
  priceMultiplier,
  tripQuoteRequestSchema,
  type TripChoices,
} from './trip-price-model';

const base: TripChoices = {
  travelers: 2,
  flightClass: 'economy',
  hotelCategory: 'mid-range',
  additionalCities: [],
};
const choices = (overrides: Partial<TripChoices>) => ({ ...base, ...overrides });

describe('the multiplier (part 2 §9)', () => {
  it('starts at 1 for the defaults', () => {
    expect(priceMultiplier(base)).toBe(1);
  });

  it.each([
    [3, 1.45],
    [4, 1.9],
    [10, 4.6],
  ])('adds 0.45 per traveller above 2 (%i travellers → %f)', (travelers, expected) => {
    expect(priceMultiplier(choices({ travelers }))).toBe(expected);
  });

  it('sets it to 0.6 for one traveller, and the other steps add to that', () => {
    expect(priceMultiplier(choices({ travelers: 1 }))).toBe(0.6);
    expect(priceMultiplier(choices({ travelers: 1, flightClass: 'business' }))).toBe(1.4);
  });

  it.each([
    ['economy', 1],
    ['premium', 1.3],
    ['business', 1.8],
    // Decided: the spec names no first-class step; +1.5 scales business by 800 → 1500.
    ['first', 2.5],
  ] as const)('%s class → %f', (flightClass, expected) => {
    expect(priceMultiplier(choices({ flightClass }))).toBe(expected);
  });

  it.each([
    ['budget', 0.8],
    ['mid-range', 1],
    ['luxury', 1.4],
  ] as const)('%s hotels → %f', (hotelCategory, expected) => {
    expect(priceMultiplier(choices({ hotelCategory }))).toBe(expected);
  });

  it('adds 0.15 per additional city', () => {
    expect(priceMultiplier(choices({ additionalCities: ['Lyon'] }))).toBe(1.15);
    expect(priceMultiplier(choices({ additionalCities: ['Lyon', 'Nice', 'Bordeaux'] }))).toBe(1.45);
  });

  it('adds every step together without floating-point noise', () => {
    const all = choices({
      travelers: 5,
      flightClass: 'premium',
      hotelCategory: 'luxury',
      additionalCities: ['Lyon', 'Nice'],
    });
    // 1 + 3 × 0.45 + 0.3 + 0.4 + 2 × 0.15
    expect(priceMultiplier(all)).toBe(3.35);
  });
});

describe('the estimate (part 2 §9)', () => {
  it('is the original times the multiplier', () => {
    expect(estimateTripPrice(2000, choices({ travelers: 3 })).price).toBe(2900);
    expect(estimateTripPrice(1999.99, choices({ hotelCategory: 'budget' })).price).toBe(1599.99);
  });

  it('saves 1.5 × original − new, never less than 0', () => {
    expect(estimateTripPrice(2000, base).savings).toBe(1000);
    expect(estimateTripPrice(2000, choices({ travelers: 3 })).savings).toBe(100);
    expect(estimateTripPrice(2000, choices({ travelers: 4 })).savings).toBe(0);
  });

  it('is 95 % confident at a multiplier of 1, less as it moves away, never under 85 %', () => {
    expect(estimateTripPrice(1000, base).confidence).toBe(95);
    expect(estimateTripPrice(1000, choices({ additionalCities: ['Lyon'] })).confidence).toBe(92);
    expect(estimateTripPrice(1000, choices({ hotelCategory: 'budget' })).confidence).toBe(91);
    expect(estimateTripPrice(1000, choices({ travelers: 1 })).confidence).toBe(87);
    expect(estimateTripPrice(1000, choices({ travelers: 4 })).confidence).toBe(85);
  });

  it('breaks the price into 35 % flights, 40 % hotels, 20 % experiences, 5 % extras', () => {
    const { breakdown, price } = estimateTripPrice(1000, base);
    expect(breakdown).toEqual({ flights: 350, hotels: 400, experiences: 200, extras: 50 });
    expect(price).toBe(1000);
  });

  it('keeps the parts adding up to the price when shares round', () => {
    const { breakdown, price } = estimateTripPrice(1234.57, choices({ travelers: 3 }));
    const sum = breakdown.flights + breakdown.hotels + breakdown.experiences + breakdown.extras;
    expect(Math.round(sum * 100) / 100).toBe(price);
  });

  it('rounds to the currency digits (the yen has none)', () => {
    const estimate = estimateTripPrice(123_457, choices({ travelers: 3 }), 0);
    expect(estimate.price).toBe(179_013);
    expect(Number.isInteger(estimate.breakdown.extras)).toBe(true);
  });
});

describe('the original price', () => {
  const trip = { flights: 1687, hotel: 1188, experiences: 125, nights: 6 };

  it('is the suggested trip’s price at its own length', () => {
    expect(originalPriceFor(trip, 6)).toBe(3000);
  });

  it('scales only the stay with the nights chosen', () => {
    expect(originalPriceFor(trip, 7)).toBe(3198);
    expect(originalPriceFor(trip, 3)).toBe(2406);
    expect(originalPriceFor({ ...trip, hotel: 1000 }, 7)).toBe(2978.67);
  });
});

describe('defaults and limits (part 2 §4, §5)', () => {
  it('defaults to 2 travellers, 7 nights, economy and mid-range hotels', () => {
    expect(CUSTOMIZE_DEFAULTS).toMatchObject({
      travelers: 2,
      nights: 7,
      flightClass: 'economy',
      hotelCategory: 'mid-range',
    });
    expect(ESTIMATE_DELAY_MS).toBe(1500);
  });

  it('checks in one calendar month from today, the month end when the day does not exist', () => {
    expect(defaultCheckIn('2026-11-26')).toBe('2026-12-26');
    expect(defaultCheckIn('2026-12-15')).toBe('2027-01-15');
    expect(defaultCheckIn('2027-01-31')).toBe('2027-02-28');
    expect(defaultCheckIn('2028-01-31')).toBe('2028-02-29');
  });

  it('derives check-out as check-in plus the nights', () => {
    expect(checkOutOf('2026-12-26', 7)).toBe('2027-01-02');
    expect(checkOutOf('2027-02-28', 1)).toBe('2027-03-01');
  });

  it('keeps travellers within 1–10 and nights within 1–30, whole', () => {
    const { minTravelers, maxTravelers, minNights, maxNights } = CUSTOMIZE_LIMITS;
    expect([minTravelers, maxTravelers, minNights, maxNights]).toEqual([1, 10, 1, 30]);
    expect(clampWhole(0, 1, 10)).toBe(1);
    expect(clampWhole(11, 1, 10)).toBe(10);
    expect(clampWhole(4.6, 1, 30)).toBe(5);
    expect(clampWhole(Number.NaN, 1, 30)).toBe(1);
  });

  it('puts star ratings into hotel categories', () => {
    expect([2, 3, 3.5, 4, 4.5, 5].map(categoryOfStars)).toEqual([
      'budget',
      'budget',
      'mid-range',
      'mid-range',
      'luxury',
      'luxury',
    ]);
  });
});

describe('additional cities (part 2 §5)', () => {
  it('adds the trimmed name', () => {
    expect(addAdditionalCity([], '  Kyoto ')).toEqual({ ok: true, cities: ['Kyoto'] });
    expect(normalizeCity(' San   Sebastián ')).toBe('San Sebastián');
  });

  it('refuses an empty name', () => {
    expect(addAdditionalCity(['Kyoto'], '   ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses a city already in the list, whatever its case or accents', () => {
    expect(addAdditionalCity(['Kyoto'], 'kyoto')).toEqual({ ok: false, reason: 'duplicate' });
    expect(addAdditionalCity(['Malaga'], 'Málaga')).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('stops at the limit and at very long names', () => {
    const full = ['A', 'B', 'C', 'D', 'E'];
    expect(addAdditionalCity(full, 'F')).toEqual({ ok: false, reason: 'too_many' });
    expect(addAdditionalCity([], 'x'.repeat(101))).toEqual({ ok: false, reason: 'too_long' });
  });
});

describe('the quote request schema', () => {
  const valid = {
    origin: 'jfk',
    destination: 'CDG',
    checkIn: '2026-12-26',
    nights: 7,
    travelers: 2,
    flightClass: 'economy',
    hotelCategory: 'mid-range',
    additionalCities: ['  Lyon '],
  };

  it('accepts a request and tidies it', () => {
    const parsed = tripQuoteRequestSchema.parse(valid);
    expect(parsed.origin).toBe('JFK');
    expect(parsed.additionalCities).toEqual(['Lyon']);
  });

  it.each([
    [{ travelers: 0 }, 'travelersInvalid'],
    [{ travelers: 11 }, 'travelersInvalid'],
    [{ nights: 0 }, 'nightsInvalid'],
    [{ nights: 31 }, 'nightsInvalid'],
    [{ nights: 2.5 }, 'nightsInvalid'],
    [{ flightClass: 'cargo' }, 'travelClassInvalid'],
    [{ hotelCategory: 'hostel' }, 'settingInvalid'],
    [{ checkIn: '26/12/2026' }, 'dateInvalid'],
    [{ additionalCities: ['  '] }, 'cityRequired'],
  ])('refuses %o with %s', (overrides, code) => {
    const result = tripQuoteRequestSchema.safeParse({ ...valid, ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(code);
  });
});
