import { z } from 'zod';
import {
  bookingItemRequestSchema,
  bookingTravelerSchema,
  tripTitleSchema,
} from '../bookings/booking-schemas';
import { emailField } from '../auth/auth-rules';
import { MAX_TRAVELERS, MIN_TRAVELERS } from '../travel/travel-constants';
import { ALERT_THRESHOLD_MAX, ALERT_THRESHOLD_MIN } from '../finance/finance-constants';

/**
 * Price watches under /api/travel/watches (issue 16). A watch is a set of recorded quotes (a
 * trip: both flights, the stay, the experiences; or one flight or stay) priced again by the
 * monitor. Amounts are in the currency the provider quotes (`currency`), as on the trip cards;
 * `display` converts for the person where their currency differs.
 */

export const watchKinds = ['trip', 'flight', 'hotel', 'destination'] as const;
export type WatchKind = (typeof watchKinds)[number];
/** 'auto_book' books at the target (auto-booking on); 'alert' only tells. */
export const watchModes = ['auto_book', 'alert'] as const;
export type WatchMode = (typeof watchModes)[number];
export const watchStatuses = ['active', 'paused', 'booking', 'booked', 'ended'] as const;
export type WatchStatus = (typeof watchStatuses)[number];
/** Why a watch ended. */
export const watchEndReasons = ['departed', 'sold_out', 'booking_failed'] as const;

/** A person may keep this many live (active, paused, booking) watches. */
export const MAX_LIVE_WATCHES = 50;

const travelerCount = z.coerce
  .number({ message: 'travelersInvalid' })
  .int({ message: 'travelersInvalid' })
  .min(MIN_TRAVELERS, { message: 'travelersInvalid' })
  .max(MAX_TRAVELERS, { message: 'travelersInvalid' });

const thresholdField = z.coerce
  .number({ message: 'thresholdInvalid' })
  .int({ message: 'thresholdInvalid' })
  .min(ALERT_THRESHOLD_MIN, { message: 'thresholdInvalid' })
  .max(ALERT_THRESHOLD_MAX, { message: 'thresholdInvalid' });

// ---------- POST /api/travel/watches ----------

/**
 * Watch a trip card, a flight or a stay: the recorded quotes shown (the server reads them; a
 * browser sends nothing it could change about a price). Auto-Book also names the travellers,
 * as a booking does, since Vowa books for them without asking again.
 */
export const createWatchRequestSchema = z
  .object({
    kind: z.enum(['trip', 'flight', 'hotel'], { message: 'invalidValue' }),
    mode: z.enum(watchModes, { message: 'invalidValue' }),
    items: z.array(bookingItemRequestSchema).min(1).max(12),
    travelers: travelerCount,
    title: tripTitleSchema,
    /** Auto-Book only: one per traveller, with a contact address. */
    party: z
      .object({
        travelers: z.array(bookingTravelerSchema).min(MIN_TRAVELERS).max(MAX_TRAVELERS),
        contact: z.object({ email: emailField }),
      })
      .optional(),
  })
  .refine((body) => body.mode === 'alert' || body.party !== undefined, {
    message: 'invalidValue',
    path: ['party'],
  })
  .refine((body) => !body.party || body.party.travelers.length === body.travelers, {
    message: 'travelersInvalid',
    path: ['party', 'travelers'],
  });
export type CreateWatchRequest = z.input<typeof createWatchRequestSchema>;

/** "Tell me when a trip there fits my budget": a bucket-list item, priced as a trip from home. */
export const createDestinationWatchRequestSchema = z.object({
  bucketItemId: z.string().uuid({ message: 'invalidValue' }),
  travelers: travelerCount.default(2),
});
export type CreateDestinationWatchRequest = z.input<typeof createDestinationWatchRequestSchema>;

// ---------- PATCH /api/travel/watches/:id ----------

export const updateWatchRequestSchema = z
  .object({
    /** Pause or resume. */
    status: z.enum(['active', 'paused'], { message: 'invalidValue' }).optional(),
    thresholdPercent: thresholdField.optional(),
    /** In the watch's budget currency. */
    maxBudget: z.coerce.number({ message: 'invalidValue' }).positive().max(10_000_000).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'invalidValue' });
export type UpdateWatchRequest = z.input<typeof updateWatchRequestSchema>;

export const watchIdParamsSchema = z.object({ id: z.string().max(100) });

// ---------- Answers ----------

/** An amount with its currency (major units, as the trip cards show prices). */
export const priceSchema = z.object({ amount: z.number(), currency: z.string() });
export type Price = z.infer<typeof priceSchema>;

/** The buy-or-wait advice (see buy-or-wait.ts): reasons are codes the web words. */
export const adviceReasonSchema = z.object({
  code: z.enum([
    'at_or_below_target',
    'lowest_seen',
    'below_median',
    'above_median',
    'falling',
    'rising',
    'steady',
    'departure_close',
    'sweet_spot',
    'far_ahead',
    'cheaper_weekday',
    'little_history',
    'volatile',
  ]),
  /** Numbers the sentence names (a percent, days, a weekday 0–6): from the history, never made up. */
  params: z.record(z.string(), z.union([z.number(), z.string()])).default({}),
});
export type AdviceReason = z.infer<typeof adviceReasonSchema>;

export const adviceSchema = z.object({
  advice: z.enum(['buy', 'wait']),
  confidence: z.enum(['low', 'medium', 'high']),
  /** 0–1, what the confidence words are drawn from. */
  score: z.number(),
  reasons: z.array(adviceReasonSchema),
});
export type Advice = z.infer<typeof adviceSchema>;

/** One recorded price: the day, the amount, and the quotes it was made of. */
export const pricePointSchema = z.object({
  at: z.string(),
  day: z.string(),
  amount: z.number(),
  currency: z.string(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

export const priceHistoryResponseSchema = z.object({
  currency: z.string(),
  points: z.array(pricePointSchema),
  /** The market price the target is a share of (median of 30 days, or the reference). */
  market: priceSchema.nullable(),
  /** market × the person's threshold. */
  target: priceSchema.nullable(),
  thresholdPercent: z.number().int(),
  /** The trip's first day, for the days-to-departure effect. */
  departureDate: z.string().nullable(),
  advice: adviceSchema,
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;

/** POST /api/travel/price_history: a flight, a stay or a whole trip (its quotes, summed per day). */
export const priceHistoryRequestSchema = z.object({
  items: z.array(bookingItemRequestSchema).min(1).max(12),
  travelers: travelerCount.default(1),
});
export type PriceHistoryRequest = z.input<typeof priceHistoryRequestSchema>;

/** The trip's title as answered (tripTitleSchema transforms, so it cannot encode a response). */
const shownTitleSchema = z.object({
  destination: z.string(),
  country: z.string(),
  countryCode: z.string(),
});

export const watchSchema = z.object({
  id: z.string(),
  kind: z.enum(watchKinds),
  mode: z.enum(watchModes),
  status: z.enum(watchStatuses),
  endedReason: z.string().nullable(),
  title: shownTitleSchema,
  /** Dates of the watched trip (a stay's check-in/out, a flight's day twice). */
  startDate: z.string(),
  endDate: z.string(),
  travelers: z.number().int(),
  /** The watched items as they were last priced (what Book Now would book). */
  items: z.array(
    z.object({ kind: z.enum(['flight', 'hotel', 'experience']), quoteId: z.string() }),
  ),
  current: priceSchema.nullable(),
  market: priceSchema,
  target: priceSchema,
  thresholdPercent: z.number().int(),
  maxBudget: priceSchema,
  /** The current price in the person's currency, when it differs. */
  display: priceSchema.nullable(),
  lastCheckedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  bookingId: z.string().nullable(),
  bucketItemId: z.string().nullable(),
  createdAt: z.string(),
});
export type Watch = z.infer<typeof watchSchema>;

export const watchListResponseSchema = z.object({ watches: z.array(watchSchema) });
export const watchResponseSchema = z.object({
  watch: watchSchema,
  /** Whether the person's price-drop alerts are on (else an alert watch stays silent). */
  alertsOn: z.boolean(),
});
export const watchHistoryResponseSchema = priceHistoryResponseSchema.extend({
  watchId: z.string(),
});

/**
 * GET /api/travel/watches/auto_booking: what the Auto-Booking Active modal shows, all true now:
 * the card Vowa would pay with (the newest saved card), whether the address is verified, and
 * the auto-booking watches.
 */
export const autoBookingStatusSchema = z.object({
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  card: z.object({ id: z.string(), brand: z.string(), last4: z.string() }).nullable(),
  thresholdPercent: z.number().int(),
  maxTripBudget: priceSchema,
  watches: z.array(watchSchema),
});
export type AutoBookingStatus = z.infer<typeof autoBookingStatusSchema>;
