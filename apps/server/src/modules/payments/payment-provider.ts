import type { ErrorCode } from '@vowa/shared/errors/error-codes';
import type { PaymentAction, PaymentStatus } from '@vowa/shared/payments/payment-schemas';

/** A card as the provider describes it once tokenised: never the number. */
export type CardDetails = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The same card number gives the same fingerprint (per provider), so duplicates are seen. */
  fingerprint: string;
};

/** The provider's view of one authorization; `paymentId` in `Authorization` is Vowa's. */
export type ProviderAuthorization =
  | { status: 'authorized'; providerPaymentId: string }
  | { status: 'requires_action'; providerPaymentId: string; action: PaymentAction }
  | { status: 'declined'; providerPaymentId: string | null; declineCode: string; message: string };

export type ProviderAuthorizeInput = {
  /** The provider's id of the card (sandbox card token, Stripe `pm_…`). */
  providerMethodId: string;
  /** Stripe's Customer the card is attached to; the sandbox has none. */
  providerCustomerId: string | null;
  amountMinor: number;
  currency: string;
  description: string;
  /** Sent to the provider with every call, so a retried call never holds twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/**
 * One payment provider: the sandbox (embedded default) or Stripe. Amounts are integer minor
 * units of `currency`. Every state-changing call takes an idempotency key the provider honours.
 */
export type PaymentProvider = {
  kind: 'sandbox' | 'stripe';
  authorize(input: ProviderAuthorizeInput): Promise<ProviderAuthorization>;
  /** The provider's state of the payment now. */
  status(providerPaymentId: string): Promise<PaymentStatus>;
  capture(providerPaymentId: string, idempotencyKey: string): Promise<void>;
  /** Cancels an uncaptured hold. */
  release(providerPaymentId: string, idempotencyKey: string): Promise<void>;
  refund(
    providerPaymentId: string,
    amountMinor: number,
    idempotencyKey: string,
  ): Promise<{ providerRefundId: string }>;
  /** Forgets a saved card at the provider (Stripe detaches it); the sandbox keeps its token. */
  detach(providerMethodId: string): Promise<void>;
};

/** The error codes a provider failure is answered with (each fixes its HTTP status). */
export type PaymentErrorCode = Extract<
  ErrorCode,
  | 'card_invalid'
  | 'card_expired'
  | 'payment_declined'
  | 'payment_insufficient_funds'
  | 'payment_not_capturable'
  | 'refund_exceeds_payment'
  | 'payment_setup_incomplete'
  | 'payment_provider_unavailable'
>;

/** A provider failure worth telling the person about, with the code it is answered with. */
export class PaymentProviderError extends Error {
  constructor(
    readonly reason: PaymentErrorCode,
    readonly userMessage: string,
  ) {
    super(`${reason}: ${userMessage}`);
    this.name = 'PaymentProviderError';
  }
}

/** The sentences the sandbox answers with (the same as Stripe's test mode). */
export const paymentMessages = {
  declined: 'Your card was declined.',
  rejected:
    'The payment provider refused this payment. Nothing was charged; please try another card.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardInvalid: 'Your card number is invalid.',
  cardExpired: 'Your card has expired.',
  notFound: 'That card was not found.',
  paymentNotFound: 'That payment was not found.',
  notCapturable: 'This payment can no longer be changed.',
  refundTooLarge: 'The refund is larger than the payment.',
  setupIncomplete: 'The card was not confirmed. Please try again.',
  providerMismatch: 'This payment step is not used by the current payment provider.',
  unavailable: 'The payment service is unavailable right now. Please try again later.',
  verifyFirst: 'Please verify your email address before adding a card.',
  limit: 'You can save up to 20 cards. Remove one first.',
  actionRequired: 'This payment needs to be confirmed first.',
  webhookSignature: 'The webhook signature could not be verified.',
} as const;
