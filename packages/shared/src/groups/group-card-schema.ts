import { z } from 'zod';

export const groupPlanSlots = ['flight', 'return_flight', 'hotel', 'experience'] as const;
export type GroupPlanSlot = (typeof groupPlanSlots)[number];

const cardMoneySchema = z.object({ amount: z.number(), currency: z.string() });

/**
 * What a system message in a group shows. The web renders each with translated text; the
 * message's `content` holds an English fallback for anything that cannot.
 */
export const groupCardSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('pick'),
    pickId: z.string(),
    slot: z.enum(groupPlanSlots),
    marker: z.enum(['selected', 'modified']),
    title: z.string(),
    price: cardMoneySchema.extend({ quotedAt: z.string() }).nullable(),
  }),
  z.object({
    type: z.literal('plan_booked'),
    bookingId: z.string(),
    reference: z.string(),
    total: cardMoneySchema,
    memberCount: z.number().int(),
  }),
  z.object({
    type: z.enum(['member_joined', 'member_left', 'member_removed']),
    userId: z.string(),
    name: z.string(),
  }),
  z.object({ type: z.literal('renamed'), name: z.string() }),
]);
export type GroupCard = z.infer<typeof groupCardSchema>;
