import { z } from 'zod';
import { experienceSchema, flightSchema, hotelSchema } from '../travel/travel-schemas';
import { groupPlanSlots, type GroupPlanSlot } from './group-card-schema';

/**
 * The group plan (issue 15 §5): what members selected for the group from the flight, hotel and
 * experience dialogs ('Select for Group'), their votes, and the group bookings of the plan.
 * Routes under /api/llm/groups/:conversationId/plan.
 */

export const groupPickMarkers = ['selected', 'modified'] as const;
export type GroupPickMarker = (typeof groupPickMarkers)[number];

export const groupVotes = ['yes', 'no'] as const;
export type GroupVote = (typeof groupVotes)[number];

/** The booking item kind each slot is booked as. */
export const slotKind = {
  flight: 'flight',
  return_flight: 'flight',
  hotel: 'hotel',
  experience: 'experience',
} as const satisfies Record<GroupPlanSlot, 'flight' | 'hotel' | 'experience'>;

/** POST …/plan/picks: the offer is read from its recorded quote, never from the client. */
export const addGroupPickSchema = z.object({
  slot: z.enum(groupPlanSlots, { message: 'invalidValue' }),
  marker: z.enum(groupPickMarkers, { message: 'invalidValue' }),
  quote_id: z.string({ message: 'invalidValue' }).trim().min(1).max(100),
});
export type AddGroupPickRequest = z.input<typeof addGroupPickSchema>;

export const groupPickParamsSchema = z.object({
  conversationId: z.string().uuid({ message: 'conversationInvalid' }),
  pickId: z.string().uuid({ message: 'invalidValue' }),
});

export const groupVoteSchema = z.object({ vote: z.enum(groupVotes, { message: 'invalidValue' }) });
export type GroupVoteRequest = z.input<typeof groupVoteSchema>;

/** The offer as the detail dialog showed it, in the currency it was quoted in. */
export const groupPickOfferSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flight'), flight: flightSchema }),
  z.object({ kind: z.literal('hotel'), hotel: hotelSchema }),
  z.object({ kind: z.literal('experience'), experience: experienceSchema }),
]);
export type GroupPickOffer = z.infer<typeof groupPickOfferSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const groupPlanPickSchema = z.object({
  id: z.string(),
  slot: z.enum(groupPlanSlots),
  marker: z.enum(groupPickMarkers),
  /** The recorded quote the pick was made from (what "Book for the group" books). */
  quoteId: z.string(),
  offer: groupPickOfferSchema,
  /** A one-line summary (proper names, codes and ISO dates). */
  title: z.string(),
  /** As quoted: flights and experiences per person, stays per stay. */
  price: z.object({ amount: z.number(), currency: z.string(), quotedAt: z.string() }).nullable(),
  pickedBy: personSchema.nullable(),
  pickedAt: z.string(),
  /** Every current member with their vote (null: not voted yet). */
  votes: z.array(
    z.object({ userId: z.string(), name: z.string(), vote: z.enum(groupVotes).nullable() }),
  ),
  yes: z.number().int(),
  no: z.number().int(),
  /** A booking of the plan holding this pick is being made. */
  booking: z.boolean(),
});
export type GroupPlanPick = z.infer<typeof groupPlanPickSchema>;

export const groupShareSchema = z.object({
  amountMinor: z.number().int(),
  currency: z.string(),
  /** The share in the member's own currency, at the rate recorded when it was booked. */
  display: z
    .object({
      amount: z.number(),
      currency: z.string(),
      rate: z.number(),
      asOf: z.string(),
      source: z.string(),
    })
    .nullable(),
});
export type GroupShare = z.infer<typeof groupShareSchema>;

export const groupPlanBookingSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  bookedBy: personSchema.nullable(),
  bookedAt: z.string(),
  memberCount: z.number().int(),
  total: z.object({ amountMinor: z.number().int(), currency: z.string() }),
  /** The caller's share; null when they were not a member when it was booked. */
  myShare: groupShareSchema.nullable(),
});
export type GroupPlanBooking = z.infer<typeof groupPlanBookingSchema>;

export const groupPlanResponseSchema = z.object({
  picks: z.array(groupPlanPickSchema),
  members: z.array(personSchema),
  /** Everyone voted yes on every pick, and there is at least one pick. */
  agreed: z.boolean(),
  /** A member is booking the plan now (its picks are held). */
  bookingInProgress: z.boolean(),
  /** Past bookings of this group's plans, newest first. */
  bookings: z.array(groupPlanBookingSchema),
});
export type GroupPlanResponse = z.infer<typeof groupPlanResponseSchema>;
