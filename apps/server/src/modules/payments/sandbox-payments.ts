import { createHmac, randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@vowa/shared/payments/payment-schemas';
import type { Database } from '../../db/database';
import { cardBrand, cardExpired, luhnValid } from './card-numbers';
import {
  PaymentProviderError,
  paymentMessages,
  type CardDetails,
  type PaymentProvider,
  type ProviderAuthorization,
} from './payment-provider';
import { createSandboxRepository, type SandboxPaymentRow } from './sandbox-repository';

/** What a test number does when charged (Stripe's test mode numbers). */
export type SandboxBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_action';

const testNumbers: Record<string, SandboxBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'requires_action',
};

/** Stripe's sentence when a person fails the confirmation step. */
const authenticationFailed =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export type SandboxCardInput = {
  /** Digits only (the request schema strips spaces and dashes). */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
};

export type SandboxPayments = {
  provider: PaymentProvider;
  /** Tokenises a card: checks it, keeps its test behaviour and never the number. */
  tokenize(card: SandboxCardInput): Promise<{ cardId: string } & CardDetails>;
  /** The confirmation dialog's answer for a payment waiting for it. */
  confirm(
    providerPaymentId: string,
    outcome: 'complete' | 'fail',
  ): Promise<{ status: PaymentStatus; declineCode: string | null; declineMessage: string | null }>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * The embedded default payment provider: a small card network with its own books (tables
 * `sandbox_cards`, `sandbox_payments`, `sandbox_refunds`), so a test or the bench can count
 * exactly what was held, captured and refunded. Every intent is keyed by the caller's
 * idempotency key (unique), so a repeated call answers with the intent it made the first time.
 */
export function createSandboxPayments(
  db: Database,
  options: { fingerprintKey: string; now: () => Date },
): SandboxPayments {
  const repository = createSandboxRepository(db);
  const fingerprintOf = (digits: string) =>
    createHmac('sha256', options.fingerprintKey)
      .update(`sandbox-card:${digits}`)
      .digest('base64url')
      .slice(0, 24);

  async function paymentOrThrow(id: string): Promise<SandboxPaymentRow> {
    const row = await repository.payment(id);
    if (!row)
      throw new PaymentProviderError('payment_not_capturable', paymentMessages.paymentNotFound);
    return row;
  }

  const provider: PaymentProvider = {
    kind: 'sandbox',

    async authorize(input) {
      const card = await repository.card(input.providerMethodId);
      if (!card) throw new PaymentProviderError('payment_declined', paymentMessages.declined);
      const outcome = outcomeOf(card.behaviour as SandboxBehaviour);
      const row = await repository.insertPayment({
        id: newId('sbpi'),
        cardId: card.id,
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        status: outcome.status,
        declineCode: outcome.declineCode,
        declineMessage: outcome.message,
        idempotencyKey: input.idempotencyKey,
      });
      return toAuthorization(row);
    },

    async status(providerPaymentId) {
      return (await paymentOrThrow(providerPaymentId)).status as PaymentStatus;
    },

    async capture(providerPaymentId) {
      const row = await paymentOrThrow(providerPaymentId);
      if (row.status === 'captured' || row.status === 'refunded') return;
      if (row.status !== 'authorized')
        throw new PaymentProviderError('payment_not_capturable', paymentMessages.notCapturable);
      // Conditional on the state it was read in: of two racing captures, one moves it.
      await repository.moveStatus(row.id, 'authorized', 'captured');
    },

    async release(providerPaymentId) {
      const row = await paymentOrThrow(providerPaymentId);
      if (['released', 'declined'].includes(row.status)) return;
      if (row.status !== 'authorized' && row.status !== 'requires_action')
        throw new PaymentProviderError('payment_not_capturable', paymentMessages.notCapturable);
      await repository.moveStatus(row.id, row.status, 'released');
    },

    async refund(providerPaymentId, amountMinor, idempotencyKey) {
      const existing = await repository.refundByKey(idempotencyKey);
      if (existing) return { providerRefundId: existing.id };
      const row = await paymentOrThrow(providerPaymentId);
      if (row.status !== 'captured')
        throw new PaymentProviderError('payment_not_capturable', paymentMessages.notCapturable);
      const refund = await repository.refund({
        id: newId('sbre'),
        paymentId: row.id,
        amountMinor,
        idempotencyKey,
      });
      if (!refund)
        throw new PaymentProviderError('refund_exceeds_payment', paymentMessages.refundTooLarge);
      return { providerRefundId: refund.id };
    },

    async detach() {
      // The sandbox's tokens are inert once Vowa forgets the method: nothing to tell.
    },
  };

  return {
    provider,

    async tokenize(card) {
      if (!luhnValid(card.number))
        throw new PaymentProviderError('card_invalid', paymentMessages.cardInvalid);
      if (cardExpired(card.expMonth, card.expYear, options.now()))
        throw new PaymentProviderError('card_expired', paymentMessages.cardExpired);
      const details: CardDetails = {
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        fingerprint: fingerprintOf(card.number),
      };
      const cardId = newId('card');
      await repository.insertCard({
        id: cardId,
        behaviour: testNumbers[card.number] ?? 'succeeds',
        ...details,
      });
      return { cardId, ...details };
    },

    async confirm(providerPaymentId, outcome) {
      const row = await paymentOrThrow(providerPaymentId);
      const answer = (settled: SandboxPaymentRow) => ({
        status: settled.status as PaymentStatus,
        declineCode: settled.declineCode,
        declineMessage: settled.declineMessage,
      });
      if (row.status !== 'requires_action') return answer(row);
      const moved =
        outcome === 'complete'
          ? await repository.moveStatus(row.id, 'requires_action', 'authorized')
          : await repository.moveStatus(row.id, 'requires_action', 'declined', {
              declineCode: 'authentication_failed',
              declineMessage: authenticationFailed,
            });
      // Lost a race with another answer: the first answer stands.
      return answer(moved ?? (await paymentOrThrow(row.id)));
    },
  };
}

function outcomeOf(behaviour: SandboxBehaviour): {
  status: PaymentStatus;
  declineCode: string | null;
  message: string | null;
} {
  switch (behaviour) {
    case 'declined':
      return {
        status: 'declined',
        declineCode: 'generic_decline',
        message: paymentMessages.declined,
      };
    case 'insufficient_funds':
      return {
        status: 'declined',
        declineCode: 'insufficient_funds',
        message: paymentMessages.insufficientFunds,
      };
    case 'requires_action':
      return { status: 'requires_action', declineCode: null, message: null };
    default:
      return { status: 'authorized', declineCode: null, message: null };
  }
}

function toAuthorization(row: SandboxPaymentRow): ProviderAuthorization {
  if (row.status === 'declined')
    return {
      status: 'declined',
      providerPaymentId: row.id,
      declineCode: row.declineCode ?? 'generic_decline',
      message: row.declineMessage ?? paymentMessages.declined,
    };
  if (row.status === 'requires_action')
    // The payment id in the action is Vowa's; the service fills it in.
    return {
      status: 'requires_action',
      providerPaymentId: row.id,
      action: { type: 'sandbox_confirm', paymentId: row.id },
    };
  return { status: 'authorized', providerPaymentId: row.id };
}
