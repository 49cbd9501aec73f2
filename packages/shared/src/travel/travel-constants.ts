/**
 * Part 2 §3 and §9: travel classes, the modify options with their price adjustments, the
 * flight and hotel defaults and the suggestion filters. The adjustments are in the provider's
 * quoting currency (the offline provider quotes in euros, as the prototype's prices were).
 */
export const travelClasses = ['economy', 'premium', 'business', 'first'] as const;
export type TravelClass = (typeof travelClasses)[number];

export const TRAVEL_CLASS_LABELS: Record<TravelClass, string> = {
  economy: 'Economy',
  premium: 'Premium Economy',
  business: 'Business',
  first: 'First Class',
};

/** Flight price = base + class surcharge + date adjustment + time adjustment. */
export const CLASS_SURCHARGE: Record<TravelClass, number> = {
  economy: 0,
  premium: 200,
  business: 800,
  first: 1500,
};

/**
 * The prototype's dates were March 15 (the original), 16, 17 and 14; here they are taken
 * relative to the original departure date, in the prototype's order.
 */
export const FLIGHT_DATE_SHIFTS = [
  { days: 0, adjustment: 0 },
  { days: 1, adjustment: -50 },
  { days: 2, adjustment: -100 },
  { days: -1, adjustment: 100 },
] as const;

/**
 * The prototype's times were 11:30 AM (the original), 8:45 AM, 2:15 PM and 6:30 PM; here they
 * are the same offsets from the original departure time. A shift that would leave the day is
 * not offered.
 */
export const FLIGHT_TIME_SHIFTS = [
  { minutes: 0, adjustment: 0 },
  { minutes: -165, adjustment: -75 },
  { minutes: 165, adjustment: -50 },
  { minutes: 420, adjustment: 25 },
] as const;

export const roomTypes = [
  'standard',
  'deluxe',
  'suite',
  'executive_suite',
  'presidential_suite',
] as const;
export type RoomType = (typeof roomTypes)[number];

export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  standard: 'Standard Room',
  deluxe: 'Deluxe Room',
  suite: 'Suite',
  executive_suite: 'Executive Suite',
  presidential_suite: 'Presidential Suite',
};

/** Per night, added to the room rate. */
export const ROOM_SURCHARGE: Record<RoomType, number> = {
  standard: 0,
  deluxe: 150,
  suite: 300,
  executive_suite: 500,
  presidential_suite: 800,
};

/** Check-in March 15 (original) 0, 16 −25, 17 −50, 14 +25; relative to the original. */
export const CHECK_IN_SHIFTS = [
  { days: 0, adjustment: 0 },
  { days: 1, adjustment: -25 },
  { days: 2, adjustment: -50 },
  { days: -1, adjustment: 25 },
] as const;

/** Check-out March 18 (original) 0, 19 +100, 20 +200, 17 −100; relative to the original. */
export const CHECK_OUT_SHIFTS = [
  { days: 0, adjustment: 0 },
  { days: 1, adjustment: 100 },
  { days: 2, adjustment: 200 },
  { days: -1, adjustment: -100 },
] as const;

/** Nights 3 (original) 0, 4 +100, 5 +200, 2 −100; relative to the original number of nights. */
export const NIGHTS_SHIFTS = [
  { nights: 0, adjustment: 0 },
  { nights: 1, adjustment: 100 },
  { nights: 2, adjustment: 200 },
  { nights: -1, adjustment: -100 },
] as const;

/** A re-quote never falls below this share of the original price (cheap fares, big discounts). */
export const REQUOTE_FLOOR_SHARE = 0.4;

/** Part 2 §9 defaults. */
export const FLIGHT_DEFAULTS = {
  travelClass: 'economy',
  baggage: { carry: '1 personal item', checked: '1 checked bag' },
  cancellation: 'Free cancellation within 24 hours',
} as const;
export const HOTEL_DEFAULTS = {
  checkInTime: '15:00',
  checkOutTime: '11:00',
  nights: 1,
  roomType: 'standard',
} as const;

export const experienceTypes = [
  'restaurant',
  'tour',
  'activity',
  'attraction',
  'entertainment',
  'adventure',
  'cultural',
  'shopping',
] as const;
export type ExperienceType = (typeof experienceTypes)[number];

export const experienceDifficulties = ['easy', 'moderate', 'challenging'] as const;

/** Part 2 §5: travellers 1 to 10. */
export const MIN_TRAVELERS = 1;
export const MAX_TRAVELERS = 10;
/** How far ahead a search may look. */
export const MAX_DAYS_AHEAD = 330;
export const MAX_NIGHTS = 30;

/** Part 2 §9: suggestion prices are for 2 travelers; the filters' thresholds. */
export const SUGGESTION_TRAVELERS = 2;
export const BUDGET_FRIENDLY_SHARE = 0.8;
/** Hot Deals save more than this, in the prices' quoting currency (the prototype's euros). */
export const HOT_DEAL_SAVINGS = 500;
export const HOT_DEAL_SAVINGS_CURRENCY = 'EUR';
export const suggestionFilters = ['all', 'budget', 'deals', 'auto'] as const;
export type SuggestionFilter = (typeof suggestionFilters)[number];

/** Days after today the suggested trips leave (the customisation default: one month ahead). */
export const SUGGESTION_LEAD_DAYS = 30;
/**
 * Suggested trips leave in their destination's good season, at the earliest this many days
 * from today (fares rise sharply closer in).
 */
export const SUGGESTION_MIN_LEAD_DAYS = 14;
/** How many trips the suggestions screen shows, best value first. */
export const SUGGESTION_LIMIT = 24;
export const DEALS_LIMIT = 8;
/**
 * The market price is the median of the trip's recorded totals once there are this many in the
 * window; before that, the provider's reference fare.
 */
export const MARKET_HISTORY_MIN_QUOTES = 3;
export const MARKET_HISTORY_WINDOW_DAYS = 30;

/**
 * Why a trip is one of Today's Best Deals: the best of its kind among the trips within the
 * budget that the suggestion list above does not already show.
 */
export const dealKinds = [
  'biggest-saving',
  'value-per-night',
  'long-haul',
  'weekend',
  'lowest-recorded',
  'top-rated',
  'leaving-soon',
  'ending-soon',
] as const;
export type DealKind = (typeof dealKinds)[number];
/** A long-haul trip flies at least this far (and lasts a week or more). */
export const LONG_HAUL_KM = 4500;

/** The destination categories (the bucket list's, so the same artwork serves both). */
export const dealCategories = [
  'all',
  'beach',
  'city',
  'culture',
  'nature',
  'mountain',
  'historical',
  'food',
  'adventure',
] as const;
export type DealCategory = (typeof dealCategories)[number];

/** Display currencies (part 1 §3 settings); prices are converted into one of these. */
export const displayCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD'] as const;
export type DisplayCurrency = (typeof displayCurrencies)[number];
export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = 'USD';
