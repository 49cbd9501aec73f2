import { z } from 'zod';
import {
  dealCategories,
  dealKinds,
  displayCurrencies,
  experienceDifficulties,
  experienceTypes,
  MAX_NIGHTS,
  MAX_TRAVELERS,
  MIN_TRAVELERS,
  roomTypes,
  travelClasses,
} from './travel-constants';

// ---------- Building blocks ----------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateInvalid' });
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'timeInvalid' });
const iataCode = z
  .string({ message: 'airportInvalid' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'airportInvalid' });
const travelers = z.coerce
  .number({ message: 'travelersInvalid' })
  .int({ message: 'travelersInvalid' })
  .min(MIN_TRAVELERS, { message: 'travelersInvalid' })
  .max(MAX_TRAVELERS, { message: 'travelersInvalid' });
export const displayCurrencySchema = z.enum(displayCurrencies, { message: 'currencyInvalid' });

/** Where a price came from and how it was converted into the shown currency. */
export const quoteInfoSchema = z.object({
  /** The recorded quote; re-quotes and detail views refer to it. */
  quoteId: z.string(),
  provider: z.enum(['offline', 'duffel']),
  quotedAt: z.string(),
  validUntil: z.string(),
  /** The provider's own price and currency before conversion. */
  sourceAmount: z.number(),
  sourceCurrency: z.string(),
  exchangeRate: z.object({
    rate: z.number(),
    asOf: z.string(),
    source: z.string(),
  }),
});
export type QuoteInfo = z.infer<typeof quoteInfoSchema>;

export const airportSchema = z.object({
  code: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  countryCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
});
export type Airport = z.infer<typeof airportSchema>;

// ---------- Flight detail (part 2 §3) ----------

const flightEndpointSchema = z.object({
  airportCode: z.string(),
  airportName: z.string(),
  city: z.string(),
  country: z.string(),
  /** ISO 3166-1 alpha-2, for the country's name in the reader's language; absent when unknown. */
  countryCode: z.string().optional(),
  /** Local time at the airport, HH:mm. */
  time: z.string(),
  /** Local date at the airport, YYYY-MM-DD. */
  date: z.string(),
  terminal: z.string().nullable(),
  /** Where the airport is, for the route map; null when the airport is not in our data. */
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
});

export const flightSegmentSchema = z.object({
  carrierCode: z.string(),
  number: z.string(),
  aircraftCode: z.string(),
  departure: z.object({ iataCode: z.string(), at: z.string(), terminal: z.string().nullable() }),
  arrival: z.object({ iataCode: z.string(), at: z.string(), terminal: z.string().nullable() }),
  durationMinutes: z.number(),
});

export const flightSchema = z.object({
  id: z.string(),
  airline: z.string(),
  airlineCode: z.string(),
  flightNumber: z.string(),
  aircraft: z.string(),
  class: z.enum(travelClasses),
  /** Per person, taxes and fees included, in `currency`; null when the provider gave none. */
  price: z.number().nullable(),
  currency: z.string(),
  /** "7h 25m". */
  duration: z.string(),
  durationMinutes: z.number(),
  stops: z.number().int(),
  stopAirports: z.array(z.string()),
  distanceKm: z.number(),
  departure: flightEndpointSchema,
  arrival: flightEndpointSchema,
  segments: z.array(flightSegmentSchema),
  baggage: z.object({ carry: z.string(), checked: z.string() }),
  cancellation: z.string(),
  wifi: z.boolean(),
  entertainment: z.boolean(),
  mealService: z.boolean(),
  seatSelection: z.boolean(),
  amenities: z.array(z.string()),
  quote: quoteInfoSchema,
});
export type Flight = z.infer<typeof flightSchema>;

// ---------- Hotel detail (part 2 §3) ----------

export const hotelSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  brand: z.string().nullable(),
  /** Star rating, 1–5. */
  rating: z.number(),
  /** Guest review score out of 5, and how many reviews back it. */
  reviewScore: z.number().nullable(),
  reviewCount: z.number().int(),
  address: z.object({
    street: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    country: z.string(),
    /** ISO 3166-1 alpha-2, for the country's name in the reader's language. */
    countryCode: z.string().optional(),
    zipCode: z.string().nullable(),
  }),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  images: z.array(z.string()),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  roomType: z.enum(roomTypes),
  /** Room types this hotel has, for the Modify select. */
  roomTypes: z.array(z.enum(roomTypes)),
  /** Before taxes, per night, in `currency`. */
  pricePerNight: z.number().nullable(),
  taxesAndFees: z.number().nullable(),
  /** The whole stay, taxes and fees included. */
  price: z.number().nullable(),
  currency: z.string(),
  amenities: z.array(z.string()),
  services: z.array(z.string()),
  policies: z.object({
    checkIn: z.string(),
    checkOut: z.string(),
    cancellation: z.string(),
    pets: z.string(),
  }),
  contact: z.object({
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
  }),
  description: z.string(),
  highlights: z.array(z.string()),
  nearbyAttractions: z.array(
    z.object({ name: z.string(), distance: z.string(), type: z.string() }),
  ),
  quote: quoteInfoSchema,
});
export type Hotel = z.infer<typeof hotelSchema>;

// ---------- Experience detail (part 2 §3) ----------

export const experienceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(experienceTypes),
  category: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  /** Per person, in `currency`; null when unknown. */
  price: z.number().nullable(),
  currency: z.string(),
  duration: z.string(),
  groupSize: z.object({ min: z.number().int(), max: z.number().int() }),
  ageRestriction: z.string().nullable(),
  location: z.object({
    name: z.string(),
    address: z.string().nullable(),
    city: z.string(),
    /** ISO 3166-1 alpha-2 of the city's country, when known. */
    countryCode: z.string().optional(),
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  }),
  images: z.array(z.string()),
  description: z.string(),
  highlights: z.array(z.string()),
  included: z.array(z.string()),
  notIncluded: z.array(z.string()),
  schedule: z.array(z.object({ time: z.string(), activity: z.string(), duration: z.string() })),
  meetingPoint: z.string().nullable(),
  cancellationPolicy: z.string(),
  provider: z.object({
    name: z.string(),
    rating: z.number(),
    verified: z.boolean(),
    contact: z.string().nullable(),
  }),
  availability: z.string(),
  languages: z.array(z.string()),
  difficulty: z.enum(experienceDifficulties),
  tags: z.array(z.string()),
  bookingLink: z.string().nullable(),
  quote: quoteInfoSchema,
});
export type Experience = z.infer<typeof experienceSchema>;

// ---------- Search (POST /api/travel/search) ----------

const displayCurrencyField = { currency: displayCurrencySchema.optional() };

export const flightSearchRequestSchema = z.object({
  type: z.literal('flights'),
  origin: iataCode,
  destination: iataCode,
  departureDate: isoDate,
  returnDate: isoDate.optional(),
  adults: travelers.default(1),
  travelClass: z.enum(travelClasses, { message: 'travelClassInvalid' }).default('economy'),
  ...displayCurrencyField,
});
export const hotelSearchRequestSchema = z.object({
  type: z.literal('hotels'),
  /** An airport or city code (PAR, CDG), or a city name. */
  city: z.string({ message: 'cityRequired' }).trim().min(1, { message: 'cityRequired' }).max(100),
  checkIn: isoDate,
  checkOut: isoDate,
  adults: travelers.default(1),
  roomType: z.enum(roomTypes, { message: 'roomTypeInvalid' }).default('standard'),
  ...displayCurrencyField,
});
export const travelSearchRequestSchema = z.discriminatedUnion(
  'type',
  [flightSearchRequestSchema, hotelSearchRequestSchema],
  { message: 'searchTypeInvalid' },
);
export type TravelSearchRequest = z.input<typeof travelSearchRequestSchema>;
export type FlightSearchRequest = z.output<typeof flightSearchRequestSchema>;
export type HotelSearchRequest = z.output<typeof hotelSearchRequestSchema>;

export const flightSearchResponseSchema = z.object({
  type: z.literal('flights'),
  currency: z.string(),
  flights: z.array(flightSchema),
  returnFlights: z.array(flightSchema),
});
export const hotelSearchResponseSchema = z.object({
  type: z.literal('hotels'),
  currency: z.string(),
  hotels: z.array(hotelSchema),
});
export const travelSearchResponseSchema = z.discriminatedUnion('type', [
  flightSearchResponseSchema,
  hotelSearchResponseSchema,
]);
export type TravelSearchResponse = z.infer<typeof travelSearchResponseSchema>;

// ---------- Experiences (GET /api/travel/experiences) ----------

export const experienceSearchQuerySchema = z.object({
  city: z.string({ message: 'cityRequired' }).trim().min(1, { message: 'cityRequired' }).max(100),
  type: z.enum(experienceTypes, { message: 'experienceTypeInvalid' }).optional(),
  date: isoDate.optional(),
  ...displayCurrencyField,
});
export const experiencesResponseSchema = z.object({
  currency: z.string(),
  experiences: z.array(experienceSchema),
});
export const experienceResponseSchema = z.object({ experience: experienceSchema });
export const displayCurrencyQuerySchema = z.object(displayCurrencyField);

// ---------- Re-quote (POST /api/travel/requote) ----------

export const flightRequoteRequestSchema = z.object({
  kind: z.literal('flight'),
  quoteId: z.string().min(1).max(200),
  travelClass: z.enum(travelClasses, { message: 'travelClassInvalid' }),
  departureDate: isoDate,
  departureTime: clockTime,
  ...displayCurrencyField,
});
export const hotelRequoteRequestSchema = z.object({
  kind: z.literal('hotel'),
  quoteId: z.string().min(1).max(200),
  roomType: z.enum(roomTypes, { message: 'roomTypeInvalid' }),
  checkIn: isoDate,
  checkOut: isoDate,
  nights: z
    .number({ message: 'nightsInvalid' })
    .int({ message: 'nightsInvalid' })
    .min(1, { message: 'nightsInvalid' })
    .max(MAX_NIGHTS, { message: 'nightsInvalid' }),
  ...displayCurrencyField,
});
export const requoteRequestSchema = z.discriminatedUnion(
  'kind',
  [flightRequoteRequestSchema, hotelRequoteRequestSchema],
  { message: 'requoteKindInvalid' },
);
export type RequoteRequest = z.input<typeof requoteRequestSchema>;
export type FlightRequoteRequest = z.output<typeof flightRequoteRequestSchema>;
export type HotelRequoteRequest = z.output<typeof hotelRequoteRequestSchema>;

/** The new offer, the original's price and the difference, all in the shown currency. */
export const requoteResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('flight'),
    flight: flightSchema,
    originalPrice: z.number().nullable(),
    difference: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('hotel'),
    hotel: hotelSchema,
    originalPrice: z.number().nullable(),
    difference: z.number().nullable(),
  }),
]);
export type RequoteResponse = z.infer<typeof requoteResponseSchema>;

/** The modify options the dialogs offer, computed from the original (fixed lists around it). */
export const flightModifyOptionsSchema = z.object({
  classes: z.array(z.enum(travelClasses)),
  dates: z.array(isoDate),
  times: z.array(clockTime),
});
export const hotelModifyOptionsSchema = z.object({
  roomTypes: z.array(z.enum(roomTypes)),
  checkIns: z.array(isoDate),
  checkOuts: z.array(isoDate),
  nights: z.array(z.number().int()),
});

// ---------- Suggestions and deals ----------

/** Unsplash's required credit: "Photo by {photographer} on Unsplash", both linked. */
export const photoCreditSchema = z.object({
  photographer: z.string(),
  photographerUrl: z.string().url(),
  sourceUrl: z.string().url(),
});

export const tripSuggestionSchema = z.object({
  id: z.string(),
  destination: z.string(),
  country: z.string(),
  countryCode: z.string(),
  airportCode: z.string(),
  category: z.enum(dealCategories),
  /** Guest rating of the trip's hotel, out of 5. */
  rating: z.number(),
  /** A photo (https) or the destination's generated artwork (`/api/artwork/scenes/…`). */
  image: z.string(),
  /** The photographer's credit, shown with a photo; null for artwork. */
  imageCredit: photoCreditSchema.nullable().optional(),
  /** Total for 2 travelers, in `currency`. */
  price: z.number(),
  /** The market price: the median of recorded quotes, or the reference fare. */
  originalPrice: z.number(),
  savings: z.number(),
  marketPriceSource: z.enum(['history', 'reference']),
  /** The evidence behind the market price: recorded totals of this trip in the last 30 days… */
  historyQuotes: z.number().int(),
  /** …the days they were recorded on… */
  historyDays: z.number().int(),
  /** …and the lowest and highest of them, in `currency` (null before any was recorded). */
  historyRange: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** How sure the market price is, from that evidence (`marketConfidence`). */
  confidence: z.number().int(),
  /** Great-circle distance from the departure airport, km. */
  distanceKm: z.number().int(),
  /** On Today's Best Deals: what the trip is the best of. */
  dealReason: z.enum(dealKinds).optional(),
  /** "7 nights". */
  duration: z.string(),
  nights: z.number().int(),
  /** When the quote stops being valid (ISO time); the card shows how long is left. */
  dealExpiry: z.string(),
  flightPrice: z.number(),
  hotelPrice: z.number(),
  experiencePrice: z.number(),
  autoBookEligible: z.boolean(),
  departureCity: z.string(),
  arrivalCity: z.string(),
  departureDate: z.string(),
  returnDate: z.string(),
  hotelName: z.string().nullable(),
  hotelRating: z.number(),
  flightDetails: z.object({ outbound: flightSchema, return: flightSchema }),
  hotel: hotelSchema,
  experiences: z.array(experienceSchema),
});
export type TripSuggestion = z.infer<typeof tripSuggestionSchema>;

export const suggestionsQuerySchema = z.object({
  /** Leave from this airport instead of the saved home airport. */
  origin: iataCode.optional(),
  ...displayCurrencyField,
});
export const suggestionsResponseSchema = z.object({
  origin: airportSchema,
  currency: z.string(),
  travelers: z.number().int(),
  /** The budget in `currency`, converted from `budget` (as it was entered) when they differ. */
  maxTripBudget: z.number(),
  budget: z.object({ amount: z.number(), currency: z.string() }),
  /** Hot Deals save more than this, in `currency` (part 2 §9's 500, in the quoting currency). */
  hotDealSavings: z.number(),
  priceAlertThreshold: z.number(),
  autoBookingEnabled: z.boolean(),
  /** How many destinations were priced for this answer. */
  destinationsConsidered: z.number().int(),
  generatedAt: z.string(),
  exchangeRate: quoteInfoSchema.shape.exchangeRate,
  suggestions: z.array(tripSuggestionSchema),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

export const dealsQuerySchema = z.object({
  category: z.enum(dealCategories, { message: 'dealCategoryInvalid' }).default('all'),
  origin: iataCode.optional(),
  ...displayCurrencyField,
});
export const dealsResponseSchema = suggestionsResponseSchema
  .omit({ suggestions: true })
  .extend({ category: z.enum(dealCategories), deals: z.array(tripSuggestionSchema) });
export type DealsResponse = z.infer<typeof dealsResponseSchema>;

// ---------- Airports and the home airport ----------

export const airportSearchQuerySchema = z.object({
  q: z.string().trim().min(1, { message: 'airportQueryRequired' }).max(100),
});
export const airportsResponseSchema = z.object({ airports: z.array(airportSchema) });

export const travelPreferencesSchema = z.object({
  homeAirport: airportSchema.nullable(),
  /**
   * Where the home airport came from: chosen by the user, the nearest to the location on their
   * profile, or the default when there is neither.
   */
  homeAirportSource: z.enum(['chosen', 'nearest', 'default']),
});
export const travelPreferencesUpdateSchema = z.object({ homeAirport: iataCode });
