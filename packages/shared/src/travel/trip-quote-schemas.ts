import { z } from 'zod';
import { experienceTypes, travelClasses } from './travel-constants';
import { experienceSchema, flightSchema, hotelSchema, quoteInfoSchema } from './travel-schemas';
import { hotelCategories, tripQuoteRequestSchema } from './trip-price-model';

/** One place the customised trip stays in, with its share of the nights. */
export const tripStopSchema = z.object({
  city: z.string(),
  country: z.string(),
  countryCode: z.string(),
  airportCode: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
});

const estimateSchema = z.object({
  /** The suggested trip's own price (for two), from its recorded quotes, in `currency`. */
  originalPrice: z.number(),
  multiplier: z.number(),
  price: z.number(),
  savings: z.number(),
  confidence: z.number(),
  breakdown: z.object({
    flights: z.number(),
    hotels: z.number(),
    experiences: z.number(),
    extras: z.number(),
  }),
});

/**
 * POST /api/travel/trip_quotes: the customised trip priced by the provider now. Every part is a
 * recorded quote (`items` is what the booking flow books); amounts are in the shown `currency`,
 * `charged` in the provider's when every part is quoted in one currency.
 */
export const tripQuoteResponseSchema = z.object({
  currency: z.string(),
  quotedAt: z.string(),
  /** The earliest of the parts' validity: the trip must be booked before then. */
  validUntil: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  travelers: z.number().int(),
  flightClass: z.enum(travelClasses),
  hotelCategory: z.enum(hotelCategories),
  stops: z.array(tripStopSchema),
  /** Outbound, the legs between stops that fly (same-airport stops go by land), return. */
  flights: z.array(flightSchema),
  /**
   * One stay per stop, priced by the provider for the whole party (searched with every
   * traveller); `categoryMatched` false when no hotel of the category's stars was free.
   */
  hotels: z.array(z.object({ hotel: hotelSchema, categoryMatched: z.boolean() })),
  experiences: z.array(experienceSchema),
  items: z.array(
    z.object({ kind: z.enum(['flight', 'hotel', 'experience']), quoteId: z.string() }),
  ),
  breakdown: z.object({ flights: z.number(), hotels: z.number(), experiences: z.number() }),
  total: z.number(),
  charged: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  exchangeRate: quoteInfoSchema.shape.exchangeRate,
  /** Part 2 §9's instant estimate of the same choices, for comparison (with a basis). */
  estimate: estimateSchema.nullable(),
});
export type TripQuote = z.infer<typeof tripQuoteResponseSchema>;

// ---------- The AI Assistant tab (POST /api/llm/trip_suggestions) ----------

export const tripSuggestionsRequestSchema = z.object({
  trip: tripQuoteRequestSchema,
  /** What the person asked (part 2 §5: non-blank). */
  message: z
    .string({ message: 'messageRequired' })
    .trim()
    .min(1, { message: 'messageRequired' })
    .max(500, { message: 'messageTooLong' }),
});
export type TripSuggestionsRequest = z.input<typeof tripSuggestionsRequestSchema>;

/** What applying a suggestion changes in the dialog. */
export const suggestionChangeSchema = z.discriminatedUnion('setting', [
  z.object({ setting: z.literal('checkIn'), checkIn: z.string() }),
  z.object({ setting: z.literal('hotelCategory'), hotelCategory: z.enum(hotelCategories) }),
  z.object({ setting: z.literal('addCity'), city: z.string() }),
]);
export type SuggestionChange = z.infer<typeof suggestionChangeSchema>;

const money = z.object({ amount: z.number(), currency: z.string() });

/** One idea, from recorded quotes; the web words it from these facts in the reader's language. */
export const tripIdeaSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('experience'),
    name: z.string(),
    experienceType: z.enum(experienceTypes),
    rating: z.number(),
    /** Per person. */
    price: money.nullable(),
    quoteId: z.string(),
    change: z.null(),
  }),
  z.object({
    kind: z.literal('dates'),
    checkIn: z.string(),
    /** The flights (all travellers) on the cheaper date, and how much less than the chosen one. */
    flights: money,
    saving: money,
    quoteIds: z.array(z.string()),
    change: suggestionChangeSchema,
  }),
  z.object({
    kind: z.literal('hotel_category'),
    hotelCategory: z.enum(hotelCategories),
    hotelName: z.string().nullable(),
    stars: z.number(),
    /** The stay in that category for the party, and its difference from the chosen category's. */
    stay: money,
    difference: money.nullable(),
    quoteId: z.string(),
    change: suggestionChangeSchema,
  }),
  z.object({
    kind: z.literal('city'),
    city: z.string(),
    country: z.string(),
    countryCode: z.string(),
    distanceKm: z.number().int(),
    /** The cheapest flight there from the destination, per person; null when it is by land. */
    flight: money.nullable(),
    quoteId: z.string().nullable(),
    change: suggestionChangeSchema,
  }),
]);
export type TripIdea = z.infer<typeof tripIdeaSchema>;

export const tripSuggestionsResponseSchema = z.object({
  /** The assistant's answer to the request, checked to name only numbers the ideas carry. */
  reply: z.string(),
  /** Who wrote `reply`: the configured model, or the offline assistant. */
  answeredBy: z.enum(['model', 'offline']),
  suggestions: z.array(tripIdeaSchema).min(0).max(4),
});
export type TripSuggestionsResponse = z.infer<typeof tripSuggestionsResponseSchema>;
