import { z } from 'zod';
import { emailField, nameField } from '../auth/auth-rules';
import { paymentActionSchema } from '../payments/payment-schemas';
import { phoneField } from '../profile/profile-schemas';
import { MAX_TRAVELERS, MIN_TRAVELERS } from '../travel/travel-constants';
import { isCalendarDate } from '../travel/travel-rules';

/**
 * Bookings under /api/travel/bookings (issue 14 §3). Amounts at this boundary are integer minor
 * units of the currency the provider quoted (`amountMinor`: cents, whole yen); `display` is the
 * same total converted into the person's currency, with the rate it was converted at.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateInvalid' });
/** A day that exists (not 2026-02-30). */
const calendarDate = isoDate.refine(isCalendarDate, { message: 'dateInvalid' });

export const bookingItemKinds = ['flight', 'hotel', 'experience'] as const;
export type BookingItemKind = (typeof bookingItemKinds)[number];

export const bookingSources = [
  'trip',
  'customized',
  'experience',
  'flight',
  'hotel',
  'chat',
  /** A group's agreed plan, booked by one member for everyone (issue 15 §5; with `group_id`). */
  'group',
] as const;
export type BookingSource = (typeof bookingSources)[number];

/**
 * `processing`: paid for or being paid, the provider not yet confirmed (a step the recovery job
 * finishes within minutes); `awaiting_payment`: the card asked for a confirmation step.
 */
export const bookingStatuses = [
  'processing',
  'awaiting_payment',
  'confirmed',
  'failed',
  'cancelled',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** `cancel_failed`: the provider refused to cancel a confirmed item (the booking records why). */
export const bookingItemStatuses = [
  'pending',
  'confirmed',
  'cancelled',
  'failed',
  'cancel_failed',
] as const;
export type BookingItemStatus = (typeof bookingItemStatuses)[number];

/** What the payment of a booking is now. */
export const bookingPaymentStatuses = [
  'pending',
  'requires_action',
  'authorized',
  'captured',
  'released',
  'refunded',
  'partially_refunded',
  'declined',
] as const;

/** The header every money-moving request carries; the same key is the same intent. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** At most this many items (flights, stays, experiences) in one booking. */
export const MAX_BOOKING_ITEMS = 12;
/** Vowa's own cancellation window: free within this long after booking (part 2 §9). */
export const FREE_CANCELLATION_HOURS = 24;
export const SPECIAL_REQUESTS_MAX_LENGTH = 500;

/** An amount in minor units of an ISO currency, as charged. */
export const moneyMinorSchema = z.object({
  amountMinor: z.number().int().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: 'currencyInvalid' }),
});
export type MoneyMinor = z.infer<typeof moneyMinorSchema>;

/** The total converted into the person's display currency, with the rate used; major units. */
export const displayAmountSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  exchangeRate: z.object({ rate: z.number(), asOf: z.string(), source: z.string() }),
});
export type DisplayAmount = z.infer<typeof displayAmountSchema>;

export const bookingItemRequestSchema = z.object({
  kind: z.enum(bookingItemKinds, { message: 'invalidValue' }),
  quoteId: z.string().trim().min(1).max(100),
  /** Experiences: the day it is booked for (default: the trip's first day); today or later. */
  date: calendarDate.optional(),
});
export type BookingItemRequest = z.infer<typeof bookingItemRequestSchema>;

const travelerCount = z.coerce
  .number({ message: 'travelersInvalid' })
  .int({ message: 'travelersInvalid' })
  .min(MIN_TRAVELERS, { message: 'travelersInvalid' })
  .max(MAX_TRAVELERS, { message: 'travelersInvalid' });

const bookingItemsField = z.array(bookingItemRequestSchema).min(1).max(MAX_BOOKING_ITEMS);

// ---------- POST /quote: re-quote right before paying ----------

export const bookingQuoteRequestSchema = z.object({
  items: bookingItemsField,
  travelers: travelerCount,
});
export type BookingQuoteRequest = z.infer<typeof bookingQuoteRequestSchema>;

/** One item as priced now: the new quote, and what the quote it came from said. */
export const bookingQuoteItemSchema = z.object({
  kind: z.enum(bookingItemKinds),
  /** The fresh quote: what the booking request sends. */
  quoteId: z.string(),
  previousQuoteId: z.string(),
  title: z.string(),
  detail: z.string(),
  /** ISO date-times (flights: local time at the airport, written with no offset) or dates. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Flights and experiences are priced per person, stays per stay. */
  perPerson: z.boolean(),
  amountMinor: z.number().int(),
  previousAmountMinor: z.number().int(),
  currency: z.string(),
  quotedAt: z.string(),
  validUntil: z.string(),
});
export type BookingQuoteItem = z.infer<typeof bookingQuoteItemSchema>;

export const bookingQuoteResponseSchema = z.object({
  items: z.array(bookingQuoteItemSchema),
  total: moneyMinorSchema,
  previousTotal: moneyMinorSchema,
  priceChanged: z.boolean(),
  display: displayAmountSchema.nullable(),
  /** The earliest validity of the items' quotes: book before this. */
  validUntil: z.string(),
});
export type BookingQuoteResponse = z.infer<typeof bookingQuoteResponseSchema>;

// ---------- POST /: create (with the Idempotency-Key header) ----------

export const bookingTravelerSchema = z.object({
  /** As on their travel documents. */
  givenName: nameField,
  familyName: nameField,
  bornOn: calendarDate.nullable().optional(),
  /** As on the passport; airlines (Duffel) need it with the date of birth. */
  gender: z.enum(['f', 'm'], { message: 'invalidValue' }).nullable().optional(),
});
export type BookingTraveler = z.infer<typeof bookingTravelerSchema>;

export const bookingContactSchema = z.object({
  email: emailField,
  phone: phoneField.optional(),
});

export const tripTitleSchema = z.object({
  destination: z.string().trim().min(1).max(120),
  country: z.string().trim().max(120),
  countryCode: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/)
    .transform((code) => code.toUpperCase()),
});
export type TripTitle = z.infer<typeof tripTitleSchema>;

export const createBookingRequestSchema = z
  .object({
    items: bookingItemsField,
    travelers: z
      .array(bookingTravelerSchema)
      .min(MIN_TRAVELERS, { message: 'travelersInvalid' })
      .max(MAX_TRAVELERS, { message: 'travelersInvalid' }),
    contact: bookingContactSchema,
    /** The total the person accepted on the review step; any other price is a 409. */
    acceptedTotal: moneyMinorSchema,
    paymentMethodId: z.string().trim().min(1).max(200),
    source: z.enum(bookingSources, { message: 'invalidValue' }),
    tripTitle: tripTitleSchema.optional(),
    specialRequests: z
      .string()
      .trim()
      .max(SPECIAL_REQUESTS_MAX_LENGTH, { message: 'textTooLong' })
      .optional(),
    /**
     * Books a group's plan for the group (source 'group'): the caller must be a member, the items
     * exactly the group's current agreed picks, and the travellers one per member.
     */
    group_id: z.string().uuid({ message: 'conversationInvalid' }).optional(),
  })
  // A group booking names its group, and only a group booking does.
  .refine((body) => (body.source === 'group') === (body.group_id !== undefined), {
    message: 'invalidValue',
    path: ['group_id'],
  });
export type CreateBookingRequest = z.input<typeof createBookingRequestSchema>;
export type CreateBookingInput = z.output<typeof createBookingRequestSchema>;

export const idempotencyHeadersSchema = z.looseObject({
  /** Required (8–200 characters); checked by the route so a missing key has its own code. */
  'idempotency-key': z.string().optional(),
});

// ---------- The booking ----------

export const bookingItemSchema = z.object({
  kind: z.enum(bookingItemKinds),
  /** The quote it was booked at. */
  quoteId: z.string(),
  title: z.string(),
  detail: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The provider's booking reference (PNR, confirmation number), once confirmed. */
  providerReference: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(bookingItemStatuses),
});
export type BookingItem = z.infer<typeof bookingItemSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  status: z.enum(bookingStatuses),
  /** Vowa's reference, e.g. VW-7K2Q9D. */
  reference: z.string(),
  destination: z.string(),
  country: z.string(),
  countryCode: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  nights: z.number().int(),
  travelerCount: z.number().int(),
  travelers: z.array(
    z.object({
      givenName: z.string(),
      familyName: z.string(),
      bornOn: z.string().nullable(),
      gender: z.enum(['f', 'm']).nullable(),
    }),
  ),
  contact: z.object({ email: z.string(), phone: z.string().nullable() }),
  items: z.array(bookingItemSchema),
  total: moneyMinorSchema,
  display: displayAmountSchema.nullable(),
  payment: z.object({
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    status: z.enum(bookingPaymentStatuses),
    /** The payment provider's id of the charge. */
    reference: z.string().nullable(),
  }),
  source: z.enum(bookingSources),
  /** Booked by auto-booking (issue 16) rather than by the person. */
  automatic: z.boolean(),
  specialRequests: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Vowa's free-cancellation window ends here (24 hours after booking). */
  freeCancellationUntil: z.string().nullable(),
  /** Why it failed, in English (the web shows its own text for `failureCode`). */
  failureReason: z.string().nullable(),
  failureCode: z.string().nullable(),
  refund: moneyMinorSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingResponseSchema = z.object({ booking: bookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/**
 * 202: not finished yet. With `action`, the card needs a confirmation step: run it, then POST
 * again with the same key and body. With `action: null`, the booking is `processing` (a step is
 * being retried in the background): read it again with GET /:id.
 */
export const bookingActionResponseSchema = z.object({
  booking: bookingSchema,
  action: paymentActionSchema.nullable(),
});
export type BookingActionResponse = z.infer<typeof bookingActionResponseSchema>;

/** 409 `booking_failed`: the provider could not confirm; booked items were cancelled, nothing charged. */
export const bookingFailedErrorSchema = z.object({
  detail: z.string(),
  code: z.literal('booking_failed'),
  booking: bookingSchema,
});

/** 409 `price_changed`: nothing was charged; show old → new and ask again. */
export const priceChangedErrorSchema = z.object({
  detail: z.string(),
  code: z.literal('price_changed'),
  previousTotal: moneyMinorSchema,
  total: moneyMinorSchema,
  items: z.array(bookingQuoteItemSchema),
});
export type PriceChangedError = z.infer<typeof priceChangedErrorSchema>;

/**
 * 402 `payment_declined` / `payment_insufficient_funds`: the provider's message as `detail`; the
 * booking is `failed`, nothing charged.
 */
export const paymentDeclinedErrorSchema = z.object({
  detail: z.string(),
  code: z.enum(['payment_declined', 'payment_insufficient_funds']),
  booking: bookingSchema,
});

export const bookingListResponseSchema = z.object({
  /** Trips that have not ended yet, soonest first. */
  upcoming: z.array(bookingSchema),
  /** Trips that have ended, most recent first. */
  past: z.array(bookingSchema),
});
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

export const bookingIdParamsSchema = z.object({ id: z.string().max(100) });

/** A booking id as PostgreSQL stores it; anything else is the same 404 as an unknown booking. */
export const BOOKING_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------- Cancellation ----------

/** What cancelling would do now (GET /:id/cancellation), stated before the person confirms. */
export const cancellationTermsSchema = z.object({
  cancellable: z.boolean(),
  /** Why not, when not: already cancelled, failed, or the trip has started. */
  reason: z.enum(['already_cancelled', 'not_confirmed', 'trip_started']).nullable(),
  /** Within Vowa's 24-hour window: everything is refunded. */
  free: z.boolean(),
  freeCancellationUntil: z.string().nullable(),
  refund: moneyMinorSchema,
  /** What is kept (total − refund). */
  penalty: moneyMinorSchema,
  display: displayAmountSchema.nullable(),
  items: z.array(
    z.object({
      kind: z.enum(bookingItemKinds),
      title: z.string(),
      refundable: z.boolean(),
      refundAmountMinor: z.number().int(),
      currency: z.string(),
      /** The provider's own words about its policy, when outside the free window. */
      penaltyText: z.string().nullable(),
    }),
  ),
});
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;

/**
 * POST /:id/cancel (with an Idempotency-Key). `acceptedRefund` is the refund the person was
 * shown; outside the free window a different refund now is a 409 `cancellation_terms_changed`.
 */
export const cancelBookingRequestSchema = z
  .object({ acceptedRefund: moneyMinorSchema.optional() })
  .optional();
export type CancelBookingRequest = z.infer<typeof cancelBookingRequestSchema>;

// ---------- Calendar ----------

export const calendarFeedResponseSchema = z.object({
  /** The private subscription address (shown once; only its hash is kept). */
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;

export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedParamsSchema = z.object({ token: z.string().max(200) });
