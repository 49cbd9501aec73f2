import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentStatus } from '@vowa/shared/payments/payment-schemas';
import type { AppConfig } from '../../config/env';
import type { CardDetails, PaymentProvider, ProviderAuthorization } from './payment-provider';

export type StripeSetup = {
  status: string;
  customerId: string | null;
  /** The Vowa user the SetupIntent was made for (its metadata). */
  userId: string | null;
  paymentMethodId: string | null;
  card: CardDetails | null;
};

/** The Stripe events Vowa acts on, already verified. */
export type StripeEvent =
  | { kind: 'setup_intent'; setup: StripeSetup }
  | {
      kind: 'payment_intent';
      paymentIntentId: string;
      status: PaymentStatus;
      declineCode: string | null;
      message: string | null;
    }
  | { kind: 'other' };

/** Stripe beyond the payment provider: Customers, SetupIntents and webhooks. */
export type StripeAccount = {
  publishableKey: string;
  provider: PaymentProvider;
  createCustomer(userId: string): Promise<string>;
  createSetupIntent(input: {
    customerId: string;
    userId: string;
  }): Promise<{ setupIntentId: string; clientSecret: string }>;
  /** The SetupIntent with its card; null when Stripe does not know it. */
  setupIntentCard(setupIntentId: string): Promise<StripeSetup | null>;
  /** Verifies the signature over the raw body and reads it; null when it does not verify. */
  parseEvent(rawBody: Buffer, signature: string): Promise<StripeEvent | null>;
};

/**
 * Stripe through the official client: cards are saved with SetupIntents on the person's
 * Customer, payments are PaymentIntents with manual capture (the hold is taken when the booking
 * is made and captured when the provider confirms it), and every call that creates or moves
 * something sends an idempotency key. `apiBase` points the client at a fake (tests).
 */
export function createStripeAccount(config: NonNullable<AppConfig['stripe']>): StripeAccount {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...baseOptions(config.apiBase),
  });

  const provider: PaymentProvider = {
    kind: 'stripe',

    async authorize(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            ...(input.providerCustomerId ? { customer: input.providerCustomerId } : {}),
            payment_method: input.providerMethodId,
            allowed_payment_method_types: ['card'],
            capture_method: 'manual',
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return authorizationOf(intent, config.publishableKey);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError)
          return {
            status: 'declined',
            providerPaymentId: error.payment_intent?.id ?? null,
            declineCode: error.decline_code ?? error.code ?? 'card_declined',
            message: error.message,
          };
        throw error;
      }
    },

    async status(providerPaymentId) {
      return statusOf(await stripe.paymentIntents.retrieve(providerPaymentId));
    },

    async capture(providerPaymentId, idempotencyKey) {
      const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
      if (intent.status === 'succeeded') return;
      await stripe.paymentIntents.capture(providerPaymentId, {}, { idempotencyKey });
    },

    async release(providerPaymentId, idempotencyKey) {
      const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
      if (intent.status === 'canceled') return;
      await stripe.paymentIntents.cancel(providerPaymentId, {}, { idempotencyKey });
    },

    async refund(providerPaymentId, amountMinor, idempotencyKey) {
      const refund = await stripe.refunds.create(
        { payment_intent: providerPaymentId, amount: amountMinor },
        { idempotencyKey },
      );
      return { providerRefundId: refund.id };
    },

    async detach(providerMethodId) {
      await stripe.paymentMethods.detach(
        providerMethodId,
        {},
        { idempotencyKey: `vowa-detach-${providerMethodId}` },
      );
    },
  };

  async function setupIntentCard(setupIntentId: string): Promise<StripeSetup | null> {
    try {
      const setup = await stripe.setupIntents.retrieve(setupIntentId, {
        expand: ['payment_method'],
      });
      const method = typeof setup.payment_method === 'object' ? setup.payment_method : null;
      const card = method?.card;
      return {
        status: setup.status,
        customerId:
          typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null),
        userId: setup.metadata?.userId ?? null,
        paymentMethodId:
          method?.id ?? (typeof setup.payment_method === 'string' ? setup.payment_method : null),
        card: card
          ? {
              brand: card.brand,
              last4: card.last4,
              expMonth: card.exp_month,
              expYear: card.exp_year,
              fingerprint: card.fingerprint ?? method!.id,
            }
          : null,
      };
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'resource_missing'
      )
        return null;
      throw error;
    }
  }

  return {
    publishableKey: config.publishableKey,
    provider,

    async createCustomer(userId) {
      // Keyed by the person: two first cards added at once make one Customer.
      const customer = await stripe.customers.create(
        { metadata: { userId } },
        { idempotencyKey: `vowa-customer-${userId}` },
      );
      return customer.id;
    },

    async createSetupIntent({ customerId, userId }) {
      const setup = await stripe.setupIntents.create(
        {
          customer: customerId,
          allowed_payment_method_types: ['card'],
          usage: 'off_session',
          metadata: { userId },
        },
        { idempotencyKey: `vowa-setup-${randomUUID()}` },
      );
      return { setupIntentId: setup.id, clientSecret: setup.client_secret ?? '' };
    },

    setupIntentCard,

    async parseEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
        throw error;
      }
      if (event.type.startsWith('setup_intent.')) {
        const setup = await setupIntentCard((event.data.object as Stripe.SetupIntent).id);
        return setup ? { kind: 'setup_intent', setup } : { kind: 'other' };
      }
      if (event.type.startsWith('payment_intent.')) {
        const intent = event.data.object as Stripe.PaymentIntent;
        const failure = intent.last_payment_error;
        return {
          kind: 'payment_intent',
          paymentIntentId: intent.id,
          status: statusOf(intent),
          declineCode: failure ? (failure.decline_code ?? failure.code ?? 'card_declined') : null,
          message: failure?.message ?? null,
        };
      }
      return { kind: 'other' };
    },
  };
}

/** `https://api.stripe.com` or a fake's `http://127.0.0.1:port` as the client's options. */
function baseOptions(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    protocol,
    port: url.port || (protocol === 'http' ? 80 : 443),
  };
}

function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorized';
    case 'succeeded':
      return 'captured';
    case 'canceled':
      return intent.last_payment_error ? 'declined' : 'released';
    case 'requires_payment_method':
      return 'declined';
    default:
      // requires_action, requires_confirmation, processing: not held yet.
      return 'requires_action';
  }
}

function authorizationOf(
  intent: Stripe.PaymentIntent,
  publishableKey: string,
): ProviderAuthorization {
  const status = statusOf(intent);
  if (status === 'declined') {
    const failure = intent.last_payment_error;
    return {
      status: 'declined',
      providerPaymentId: intent.id,
      declineCode: failure?.decline_code ?? failure?.code ?? 'card_declined',
      message: failure?.message ?? 'Your card was declined.',
    };
  }
  if (status === 'requires_action')
    return {
      status: 'requires_action',
      providerPaymentId: intent.id,
      action: {
        type: 'stripe_next_action',
        clientSecret: intent.client_secret ?? '',
        publishableKey,
      },
    };
  return { status: 'authorized', providerPaymentId: intent.id };
}
