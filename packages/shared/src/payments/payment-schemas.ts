import { z } from 'zod';

/**
 * The payments calls under /api/payments (issue 14 §3). Card numbers only ever travel in
 * `sandboxCardRequestSchema` (to the sandbox's tokenising route) or to Stripe's own Payment
 * Element; every other shape carries a payment method id, brand and last four digits.
 */

export const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProviderKind = (typeof paymentProviders)[number];

/** Which provider takes cards; the publishable key only when it is Stripe. */
export const paymentConfigSchema = z.object({
  provider: z.enum(paymentProviders),
  publishableKey: z.string().optional(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** A card as Vowa shows it: never more than brand, last four digits and expiry. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  /** Stripe's names: visa, mastercard, amex, discover, diners, jcb, unionpay, unknown. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodsResponseSchema = z.object({ methods: z.array(paymentMethodSchema) });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

export const paymentMethodIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Digits, spaces and dashes as people type them; the number is checked without them. */
const cardNumberSchema = z
  .string({ message: 'cardNumberInvalid' })
  .max(40, { message: 'cardNumberInvalid' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, { message: 'cardNumberInvalid' }));

/**
 * The sandbox's tokenising call: the browser sends the card here once and books with the
 * answered `paymentMethodId`. `save` keeps it for later (Settings, auto-booking); otherwise it
 * is a one-off method usable only by this person's next payment.
 */
export const sandboxCardRequestSchema = z.object({
  number: cardNumberSchema,
  expMonth: z.coerce
    .number({ message: 'cardExpiryInvalid' })
    .int({ message: 'cardExpiryInvalid' })
    .min(1, { message: 'cardExpiryInvalid' })
    .max(12, { message: 'cardExpiryInvalid' }),
  /** Four digits, or two (26 is 2026). */
  expYear: z.coerce
    .number({ message: 'cardExpiryInvalid' })
    .int({ message: 'cardExpiryInvalid' })
    .min(0, { message: 'cardExpiryInvalid' })
    .max(2200, { message: 'cardExpiryInvalid' })
    .transform((year) => (year < 100 ? 2000 + year : year))
    .pipe(z.number().min(2000, { message: 'cardExpiryInvalid' })),
  cvc: z.string({ message: 'cardCvcInvalid' }).regex(/^\d{3,4}$/, { message: 'cardCvcInvalid' }),
  name: z
    .string({ message: 'cardNameRequired' })
    .trim()
    .min(1, { message: 'cardNameRequired' })
    .max(100, { message: 'nameTooLong' }),
  save: z.boolean().default(false),
});
export type SandboxCardRequest = z.input<typeof sandboxCardRequestSchema>;

export const sandboxCardResponseSchema = z.object({
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SandboxCardResponse = z.infer<typeof sandboxCardResponseSchema>;

/** Stripe: a SetupIntent the Payment Element confirms in the browser. */
export const setupIntentResponseSchema = z.object({
  setupIntentId: z.string(),
  clientSecret: z.string(),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** Stripe: record the card of a SetupIntent the browser confirmed (saved, or for one payment). */
export const recordPaymentMethodRequestSchema = z.object({
  setupIntentId: z.string().trim().min(1).max(255),
  save: z.boolean().default(false),
});

export const recordPaymentMethodResponseSchema = z.object({
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

/**
 * The confirmation step a payment asks for (3-D Secure-like). The booking flow hands it to the
 * payments feature's `PaymentActionStep`, then retries the booking with the same key.
 */
export const paymentActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sandbox_confirm'), paymentId: z.string() }),
  z.object({
    type: z.literal('stripe_next_action'),
    clientSecret: z.string(),
    publishableKey: z.string(),
  }),
]);
export type PaymentAction = z.infer<typeof paymentActionSchema>;

export const paymentStatuses = [
  'requires_action',
  'authorized',
  'captured',
  'released',
  'refunded',
  'declined',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The sandbox's confirmation dialog: Complete or Fail. */
export const sandboxConfirmRequestSchema = z.object({
  outcome: z.enum(['complete', 'fail'], { message: 'invalidValue' }),
});
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequestSchema>;

export const sandboxPaymentIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const sandboxConfirmResponseSchema = z.object({
  paymentId: z.string(),
  status: z.enum(paymentStatuses),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

/** Stripe's webhook answer. */
export const webhookResponseSchema = z.object({ received: z.boolean() });

/**
 * The sandbox's test cards (mirroring Stripe's test mode), shown in the card form while sandbox
 * payments are active. Any other Luhn-valid number succeeds.
 */
export const sandboxTestCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0025 0000 3155', outcome: 'requiresAction' },
] as const;
export type SandboxTestCardOutcome = (typeof sandboxTestCards)[number]['outcome'];
