import { describe, expect, it } from 'vitest';
import {
  addDays,
  flightModifyOptions,
  formatFlightDuration,
  hotelModifyOptions,
  isAutoBookEligible,
  isCalendarDate,
  marketConfidence,
  matchesSuggestionFilter,
  median,
  requotedFlightPrice,
  requotedHotelSubtotal,
  suggestionFilterCounts,
} from './travel-rules';
import { travelSearchRequestSchema } from './travel-schemas';

// The prototype's dates, used as the original so every row of the spec's tables can be checked.
const original = {
  travelClass: 'economy',
  departureDate: '2024-03-15',
  departureTime: '11:30',
} as const;

describe('flight re-quote (part 2 §9 "Flight price")', () => {
  it.each([
    ['economy', 0],
    ['premium', 200],
    ['business', 800],
    ['first', 1500],
  ] as const)('%s adds %i', (travelClass, surcharge) => {
    expect(requotedFlightPrice(900, original, { ...original, travelClass })).toBe(900 + surcharge);
  });

  it.each([
    ['2024-03-15', 0],
    ['2024-03-16', -50],
    ['2024-03-17', -100],
    ['2024-03-14', 100],
  ])('departing %s adjusts by %i', (departureDate, adjustment) => {
    expect(requotedFlightPrice(900, original, { ...original, departureDate })).toBe(
      900 + adjustment,
    );
  });

  it.each([
    ['11:30', 0],
    ['08:45', -75],
    ['14:15', -50],
    ['18:30', 25],
  ])('departing at %s adjusts by %i', (departureTime, adjustment) => {
    expect(requotedFlightPrice(900, original, { ...original, departureTime })).toBe(
      900 + adjustment,
    );
  });

  it('adds class, date and time together, relative to the original class', () => {
    const business = { ...original, travelClass: 'business' } as const;
    // From business (900 includes its +800) to first: +700; a day later −50; 6:30 PM +25.
    expect(
      requotedFlightPrice(900, business, {
        travelClass: 'first',
        departureDate: '2024-03-16',
        departureTime: '18:30',
      }),
    ).toBe(900 + 700 - 50 + 25);
  });

  it('refuses a change that is not one of the offered options', () => {
    expect(
      requotedFlightPrice(900, original, { ...original, departureDate: '2024-03-20' }),
    ).toBeNull();
    expect(requotedFlightPrice(900, original, { ...original, departureTime: '12:00' })).toBeNull();
  });

  it('never prices a cheap fare below 40 % of its base', () => {
    expect(
      requotedFlightPrice(120, original, {
        ...original,
        departureDate: '2024-03-17',
        departureTime: '08:45',
      }),
    ).toBe(48);
  });

  it('offers the spec’s lists around the original, dropping times that leave the day', () => {
    expect(flightModifyOptions(original)).toEqual({
      classes: ['economy', 'premium', 'business', 'first'],
      dates: ['2024-03-15', '2024-03-16', '2024-03-17', '2024-03-14'],
      times: ['11:30', '08:45', '14:15', '18:30'],
    });
    expect(flightModifyOptions({ ...original, departureTime: '21:50' }).times).toEqual([
      '21:50',
      '19:05',
    ]);
  });
});

describe('hotel re-quote (part 2 §9 "Hotel price")', () => {
  const stay = {
    checkIn: '2024-03-15',
    checkOut: '2024-03-18',
    nights: 3,
    roomTypes: ['standard', 'deluxe', 'suite', 'executive_suite', 'presidential_suite'],
  } as const;
  const same = {
    roomType: 'standard',
    checkIn: '2024-03-15',
    checkOut: '2024-03-18',
    nights: 3,
  } as const;
  const stayOf = { ...stay, roomTypes: [...stay.roomTypes] };

  it.each([
    ['standard', 0],
    ['deluxe', 150],
    ['suite', 300],
    ['executive_suite', 500],
    ['presidential_suite', 800],
  ] as const)('%s adds %i a night', (roomType, surcharge) => {
    expect(requotedHotelSubtotal(200, stayOf, { ...same, roomType })).toBe((200 + surcharge) * 3);
  });

  it.each([
    ['2024-03-15', 0],
    ['2024-03-16', -25],
    ['2024-03-17', -50],
    ['2024-03-14', 25],
  ])('check-in %s adjusts by %i', (checkIn, adjustment) => {
    expect(requotedHotelSubtotal(200, stayOf, { ...same, checkIn })).toBe(600 + adjustment);
  });

  it.each([
    ['2024-03-18', 0],
    ['2024-03-19', 100],
    ['2024-03-20', 200],
    ['2024-03-17', -100],
  ])('check-out %s adjusts by %i', (checkOut, adjustment) => {
    expect(requotedHotelSubtotal(200, stayOf, { ...same, checkOut })).toBe(600 + adjustment);
  });

  it.each([
    [3, 0],
    [4, 100],
    [5, 200],
    [2, -100],
  ])('%i nights adjusts by %i on top of the nights', (nights, adjustment) => {
    expect(requotedHotelSubtotal(200, stayOf, { ...same, nights })).toBe(200 * nights + adjustment);
  });

  it('refuses a room the hotel does not have, or a date off the list', () => {
    const small = { ...stayOf, roomTypes: ['standard' as const] };
    expect(requotedHotelSubtotal(200, small, { ...same, roomType: 'suite' })).toBeNull();
    expect(requotedHotelSubtotal(200, stayOf, { ...same, checkIn: '2024-03-20' })).toBeNull();
  });

  it('offers the lists around the original stay', () => {
    expect(hotelModifyOptions(stayOf)).toEqual({
      roomTypes: stayOf.roomTypes,
      checkIns: ['2024-03-15', '2024-03-16', '2024-03-17', '2024-03-14'],
      checkOuts: ['2024-03-18', '2024-03-19', '2024-03-20', '2024-03-17'],
      nights: [3, 4, 5, 2],
    });
    expect(hotelModifyOptions({ ...stayOf, nights: 1 }).nights).toEqual([1, 2, 3]);
  });
});

describe('suggestion filters (part 2 §9)', () => {
  const settings = { maxTripBudget: 5000, autoBookingEnabled: false };
  const trips = [
    { price: 4000, savings: 600, autoBookEligible: true },
    { price: 4001, savings: 500, autoBookEligible: false },
    { price: 2000, savings: 0, autoBookEligible: true },
  ];

  it('Budget Friendly is at most 80 % of the budget', () => {
    expect(trips.map((trip) => matchesSuggestionFilter(trip, 'budget', settings))).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('Hot Deals save more than 500', () => {
    expect(trips.map((trip) => matchesSuggestionFilter(trip, 'deals', settings))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('Auto needs eligibility and auto-booking on; its count ignores the setting', () => {
    expect(trips.filter((trip) => matchesSuggestionFilter(trip, 'auto', settings))).toHaveLength(0);
    expect(
      trips.filter((trip) =>
        matchesSuggestionFilter(trip, 'auto', { ...settings, autoBookingEnabled: true }),
      ),
    ).toHaveLength(2);
    expect(suggestionFilterCounts(trips, settings)).toEqual({
      all: 3,
      budget: 2,
      deals: 1,
      auto: 2,
    });
  });
});

describe('market price, confidence and auto-book eligibility', () => {
  it('takes the median of recorded quotes', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('grows confidence with the evidence: recorded totals, their days, and how well they agree', () => {
    const history = { source: 'history' as const, low: 950, high: 1050, median: 1000 };
    expect(
      marketConfidence({
        source: 'reference',
        quotes: 0,
        days: 0,
        low: null,
        high: null,
        median: null,
      }),
    ).toBe(50);
    // Three totals on one day, 10 % apart: 55 + 2.25 + 0.83 + 7.5.
    expect(marketConfidence({ ...history, quotes: 3, days: 1 })).toBe(66);
    // More totals over more days count for more, up to 97 %.
    expect(marketConfidence({ ...history, quotes: 14, days: 9 })).toBe(81);
    expect(marketConfidence({ ...history, quotes: 60, days: 30 })).toBe(97);
    // Totals far apart count for less.
    expect(marketConfidence({ ...history, quotes: 14, days: 9, low: 700, high: 1300 })).toBe(73);
  });

  it('is eligible at or under the threshold share of the market price', () => {
    expect(isAutoBookEligible(800, 1000, 80)).toBe(true);
    expect(isAutoBookEligible(800.01, 1000, 80)).toBe(false);
  });
});

describe('dates and durations', () => {
  it('adds days across months and years and checks calendar dates', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('writes durations as the dialogs show them', () => {
    expect(formatFlightDuration(445)).toBe('7h 25m');
    expect(formatFlightDuration(45)).toBe('45m');
    expect(formatFlightDuration(120)).toBe('2h');
  });
});

describe('search request validation', () => {
  it('rejects more than 10 travellers, bad codes and bad dates with their messages', () => {
    const result = travelSearchRequestSchema.safeParse({
      type: 'flights',
      origin: 'JFKX',
      destination: 'CDG',
      departureDate: '12/01/2026',
      adults: 11,
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map(
      (issue) => `${issue.path.join('.')}:${issue.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'origin:airportInvalid',
        'departureDate:dateInvalid',
        'adults:travelersInvalid',
      ]),
    );
  });

  it('upper-cases airport codes and defaults to one economy traveller', () => {
    const parsed = travelSearchRequestSchema.parse({
      type: 'flights',
      origin: 'jfk',
      destination: 'cdg',
      departureDate: '2026-12-01',
    });
    expect(parsed).toMatchObject({
      origin: 'JFK',
      destination: 'CDG',
      adults: 1,
      travelClass: 'economy',
    });
  });
});
