import {
  BUDGET_FRIENDLY_SHARE,
  CHECK_IN_SHIFTS,
  CHECK_OUT_SHIFTS,
  CLASS_SURCHARGE,
  FLIGHT_DATE_SHIFTS,
  FLIGHT_TIME_SHIFTS,
  HOT_DEAL_SAVINGS,
  NIGHTS_SHIFTS,
  REQUOTE_FLOOR_SHARE,
  ROOM_SURCHARGE,
  travelClasses,
  type RoomType,
  type SuggestionFilter,
  type TravelClass,
} from './travel-constants';

// ---------- Dates and times as plain strings (no time zone: they are local to a place) ----------

/** YYYY-MM-DD plus a number of days. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A real calendar date (rejects 2026-02-30). */
export function isCalendarDate(isoDate: string): boolean {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === isoDate;
}

export function clockToMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export function minutesToClock(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** "7h 25m", "45m". */
export function formatFlightDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

const roundMoney = (value: number) => Math.round(value * 100) / 100;

// ---------- Flight modify (part 2 §9 "Flight price") ----------

export type FlightChange = {
  travelClass: TravelClass;
  departureDate: string;
  departureTime: string;
};
type FlightOriginal = { travelClass: TravelClass; departureDate: string; departureTime: string };

/** The fixed lists the flight editor offers around the original. */
export function flightModifyOptions(original: FlightOriginal) {
  const start = clockToMinutes(original.departureTime);
  return {
    classes: [...travelClasses],
    dates: FLIGHT_DATE_SHIFTS.map((shift) => addDays(original.departureDate, shift.days)),
    times: FLIGHT_TIME_SHIFTS.map((shift) => start + shift.minutes)
      .filter((minutes) => minutes >= 0 && minutes < 24 * 60)
      .map(minutesToClock),
  };
}

/**
 * The adjustments for a change, or null when the change is not one of the offered options.
 * Price = base + class surcharge + date adjustment + time adjustment, where the base is the
 * original's price without its own class surcharge.
 */
export function flightChangeAdjustment(original: FlightOriginal, change: FlightChange) {
  const dateShift = FLIGHT_DATE_SHIFTS.find(
    (shift) => addDays(original.departureDate, shift.days) === change.departureDate,
  );
  const minutes = clockToMinutes(change.departureTime) - clockToMinutes(original.departureTime);
  const timeShift = FLIGHT_TIME_SHIFTS.find((shift) => shift.minutes === minutes);
  if (!dateShift || !timeShift || !travelClasses.includes(change.travelClass)) return null;
  return {
    classSurcharge: CLASS_SURCHARGE[change.travelClass] - CLASS_SURCHARGE[original.travelClass],
    dateAdjustment: dateShift.adjustment,
    timeAdjustment: timeShift.adjustment,
    dayShift: dateShift.days,
    minuteShift: timeShift.minutes,
  };
}

/** The offline re-quote: the original price moved by the spec's surcharges and adjustments. */
export function requotedFlightPrice(
  originalPrice: number,
  original: FlightOriginal,
  change: FlightChange,
): number | null {
  const adjustment = flightChangeAdjustment(original, change);
  if (!adjustment) return null;
  const base = originalPrice - CLASS_SURCHARGE[original.travelClass];
  const price =
    originalPrice +
    adjustment.classSurcharge +
    adjustment.dateAdjustment +
    adjustment.timeAdjustment;
  return roundMoney(
    Math.max(price, base * REQUOTE_FLOOR_SHARE + CLASS_SURCHARGE[change.travelClass]),
  );
}

// ---------- Hotel modify (part 2 §9 "Hotel price") ----------

export type HotelChange = { roomType: RoomType; checkIn: string; checkOut: string; nights: number };
type HotelOriginal = { checkIn: string; checkOut: string; nights: number; roomTypes: RoomType[] };

export function hotelModifyOptions(original: HotelOriginal) {
  return {
    roomTypes: original.roomTypes,
    checkIns: CHECK_IN_SHIFTS.map((shift) => addDays(original.checkIn, shift.days)),
    checkOuts: CHECK_OUT_SHIFTS.map((shift) => addDays(original.checkOut, shift.days)),
    nights: NIGHTS_SHIFTS.map((shift) => original.nights + shift.nights).filter((n) => n >= 1),
  };
}

/** The adjustments for a hotel change, or null when it is not one of the offered options. */
export function hotelChangeAdjustment(original: HotelOriginal, change: HotelChange) {
  const checkIn = CHECK_IN_SHIFTS.find(
    (shift) => addDays(original.checkIn, shift.days) === change.checkIn,
  );
  const checkOut = CHECK_OUT_SHIFTS.find(
    (shift) => addDays(original.checkOut, shift.days) === change.checkOut,
  );
  const nights = NIGHTS_SHIFTS.find((shift) => original.nights + shift.nights === change.nights);
  if (!checkIn || !checkOut || !nights || change.nights < 1) return null;
  if (!original.roomTypes.includes(change.roomType)) return null;
  return {
    roomSurcharge: ROOM_SURCHARGE[change.roomType],
    checkInAdjustment: checkIn.adjustment,
    checkOutAdjustment: checkOut.adjustment,
    nightsAdjustment: nights.adjustment,
  };
}

/**
 * Price = (price per night + room surcharge) × nights + check-in adjustment + check-out
 * adjustment + nights adjustment. This is the stay before taxes; taxes are added on top at the
 * hotel's rate. Null when the change is not offered.
 */
export function requotedHotelSubtotal(
  pricePerNight: number,
  original: HotelOriginal,
  change: HotelChange,
): number | null {
  const adjustment = hotelChangeAdjustment(original, change);
  if (!adjustment) return null;
  const subtotal =
    (pricePerNight + adjustment.roomSurcharge) * change.nights +
    adjustment.checkInAdjustment +
    adjustment.checkOutAdjustment +
    adjustment.nightsAdjustment;
  return roundMoney(Math.max(subtotal, pricePerNight * change.nights * REQUOTE_FLOOR_SHARE));
}

// ---------- Suggestion filters (part 2 §9) ----------

type FilterableTrip = { price: number; savings: number; autoBookEligible: boolean };
type FilterSettings = {
  /** In the trips' currency (the suggestions answer converts it). */
  maxTripBudget: number;
  autoBookingEnabled: boolean;
  /** The Hot Deals threshold in the trips' currency; HOT_DEAL_SAVINGS when not given. */
  hotDealSavings?: number;
};

/**
 * Budget Friendly ≤ 80 % of the budget; Hot Deals saves more than 500 (in the quoting currency,
 * converted); Auto needs both flags. Amounts are compared in one currency, the trips'.
 */
export function matchesSuggestionFilter(
  trip: FilterableTrip,
  filter: SuggestionFilter,
  settings: FilterSettings,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'budget':
      return trip.price <= settings.maxTripBudget * BUDGET_FRIENDLY_SHARE;
    case 'deals':
      return trip.savings > (settings.hotDealSavings ?? HOT_DEAL_SAVINGS);
    case 'auto':
      return trip.autoBookEligible && settings.autoBookingEnabled;
  }
}

/** The tab counts; the Auto-Book Ready count ignores whether auto-booking is on (part 2 §9). */
export function suggestionFilterCounts(trips: FilterableTrip[], settings: FilterSettings) {
  const count = (filter: SuggestionFilter, overrides?: Partial<FilterSettings>) =>
    trips.filter((trip) => matchesSuggestionFilter(trip, filter, { ...settings, ...overrides }))
      .length;
  return {
    all: trips.length,
    budget: count('budget'),
    deals: count('deals'),
    auto: count('auto', { autoBookingEnabled: true }),
  };
}

// ---------- Market price (part 2 §3 Suggestion) ----------

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** What a market price rests on. */
export type MarketEvidence = {
  /** The median of recorded totals, or the provider's reference fare. */
  source: 'history' | 'reference';
  /** Recorded totals of the trip in the window, and on how many days they were recorded. */
  quotes: number;
  days: number;
  /** The lowest and highest recorded totals and their median (any one currency). */
  low: number | null;
  high: number | null;
  median: number | null;
};

/**
 * How sure the market price is, from the evidence behind it. The provider's reference fare
 * alone: 50 %. A median of recorded totals starts at 55 % and gains up to 15 points with the
 * number of recorded totals (full at 20), up to 25 with the days they span (full at 30), and up
 * to 10 when they agree (spread (high − low) / median of 0; nothing from 40 % up); at most 97 %.
 */
export function marketConfidence(evidence: MarketEvidence): number {
  if (evidence.source === 'reference') return 50;
  const quotes = Math.min(Math.max(evidence.quotes, 0), 20) / 20;
  const days = Math.min(Math.max(evidence.days, 0), 30) / 30;
  const spread =
    evidence.low !== null && evidence.high !== null && evidence.median
      ? (evidence.high - evidence.low) / evidence.median
      : 1;
  const agreement = 1 - Math.min(Math.max(spread, 0) / 0.4, 1);
  return Math.min(97, Math.round(55 + 15 * quotes + 25 * days + 10 * agreement));
}

/** At or under the user's alert threshold (percent) of the market price. */
export function isAutoBookEligible(price: number, marketPrice: number, thresholdPercent: number) {
  return price <= (marketPrice * thresholdPercent) / 100;
}
