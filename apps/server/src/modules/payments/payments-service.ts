import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type {
  PaymentAction,
  PaymentConfig,
  PaymentMethod,
  PaymentStatus,
} from '@vowa/shared/payments/payment-schemas';
import { AppError } from '../../lib/app-error';
import {
  PaymentProviderError,
  paymentMessages,
  type CardDetails,
  type PaymentProvider,
  type ProviderAuthorization,
} from './payment-provider';
import type { PaymentMethodRow, PaymentRow, PaymentsRepository } from './payments-repository';
import type { SandboxCardInput, SandboxPayments } from './sandbox-payments';
import type { StripeAccount, StripeEvent } from './stripe-payments';

/**
 * What holding an amount on a card gave. `declined` carries the provider's own decline code and
 * sentence ("Your card was declined."), which the person sees.
 */
export type Authorization =
  | { status: 'authorized'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; action: PaymentAction }
  | { status: 'declined'; paymentId: string | null; declineCode: string; message: string };

export type AuthorizeInput = {
  userId: string;
  paymentMethodId: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** Same key → same result, however often it is called (retries, two tabs). */
  idempotencyKey: string;
};

/**
 * Payments as other modules (bookings) use them. Amounts are integer minor units of the ISO
 * currency. Every call that moves money takes an idempotency key; repeating a call with the same
 * key does nothing more.
 */
export type PaymentsService = {
  /** Holds the amount on the person's card (manual capture). Same idempotencyKey → same result. */
  authorize(input: AuthorizeInput): Promise<Authorization>;
  /** The authorization's state now (after the person completed a confirmation step). */
  status(paymentId: string): Promise<PaymentStatus>;
  capture(paymentId: string, idempotencyKey: string): Promise<void>;
  /** Cancels an uncaptured hold. Releasing a released payment is not an error. */
  release(paymentId: string, idempotencyKey: string): Promise<void>;
  refund(
    paymentId: string,
    amountMinor: number,
    idempotencyKey: string,
  ): Promise<{ refundId: string }>;
  /** A saved or one-off method that belongs to userId, as brand + last4; null otherwise. */
  methodOf(
    userId: string,
    paymentMethodId: string,
  ): Promise<{ id: string; brand: string; last4: string } | null>;
};

/**
 * The error a declined authorization is answered with: 402 `payment_insufficient_funds` or
 * `payment_declined`, with the provider's sentence as `detail`.
 */
export function declineError(authorization: { declineCode: string; message: string }): AppError {
  return new AppError(
    authorization.declineCode === 'insufficient_funds'
      ? 'payment_insufficient_funds'
      : 'payment_declined',
    authorization.message,
  );
}

// ---------- The service ----------

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Saved cards a person may keep (each is a row and a provider object). */
export const SAVED_CARDS_MAX = 20;

type Dependencies = {
  repository: PaymentsRepository;
  provider: PaymentProvider;
  /** Present when sandbox payments are active. */
  sandbox: SandboxPayments | undefined;
  /** Present when Stripe is configured. */
  stripe: StripeAccount | undefined;
  users: { findUserById(id: string): Promise<{ emailVerifiedAt: Date | null } | undefined> };
  log: FastifyBaseLogger;
};

/** Cards (Settings, booking flow), authorizations (bookings) and provider callbacks. */
export function createPaymentsService(deps: Dependencies) {
  const { repository, provider } = deps;

  async function requireVerified(userId: string) {
    const user = await deps.users.findUserById(userId);
    if (!user?.emailVerifiedAt)
      throw new AppError('email_not_verified', paymentMessages.verifyFirst);
  }

  async function requireRoomForSaved(userId: string, save: boolean) {
    if (save && (await repository.countSaved(userId)) >= SAVED_CARDS_MAX)
      throw new AppError('payment_methods_limit', paymentMessages.limit);
  }

  /**
   * Runs a provider call, turning its failures into the person's error codes: a request the
   * provider refuses as such (4xx) is definitive (422 `payment_rejected`: retrying cannot
   * succeed); anything else may succeed later (503).
   */
  async function callProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderError)
        throw new AppError(error.reason, error.userMessage);
      if (error instanceof AppError) throw error;
      if (isRefusedRequest(error)) {
        deps.log.error({ err: error }, 'payment provider refused the request');
        throw new AppError('payment_rejected', paymentMessages.rejected);
      }
      deps.log.error({ err: error }, 'payment provider call failed');
      throw new AppError('payment_provider_unavailable', paymentMessages.unavailable);
    }
  }

  async function paymentOrThrow(paymentId: string): Promise<PaymentRow> {
    const row = uuidPattern.test(paymentId) ? await repository.payment(paymentId) : undefined;
    if (!row) throw new AppError('payment_not_found', paymentMessages.paymentNotFound);
    return row;
  }

  /** Records what the provider answered and says it in Vowa's terms. */
  async function settle(row: PaymentRow, answer: ProviderAuthorization): Promise<Authorization> {
    const action = answer.status === 'requires_action' ? vowaAction(answer.action, row.id) : null;
    const updated = await repository.updatePayment(row.id, {
      providerPaymentId: answer.providerPaymentId,
      status: answer.status,
      action,
      declineCode: answer.status === 'declined' ? answer.declineCode : null,
      declineMessage: answer.status === 'declined' ? answer.message : null,
    });
    return authorizationOf(updated);
  }

  /** Asks the provider to hold a claimed payment, keyed by the row, and records the answer. */
  async function ask(row: PaymentRow, method: PaymentMethodRow): Promise<Authorization> {
    const customerId = await repository.customer(row.userId, provider.kind);
    const answer = await callProvider(() =>
      provider.authorize({
        providerMethodId: method.providerMethodId,
        providerCustomerId: customerId ?? null,
        amountMinor: row.amountMinor,
        currency: row.currency,
        description: row.description,
        idempotencyKey: `vowa-authorize-${row.id}`,
        metadata: { vowaPaymentId: row.id, userId: row.userId },
      }),
    );
    return settle(row, answer);
  }

  /** Brings a row up to the provider's state (a confirmation step, a webhook missed). */
  async function refresh(row: PaymentRow): Promise<PaymentRow> {
    if (!row.providerPaymentId || !['requires_action', 'authorized'].includes(row.status))
      return row;
    const status = await callProvider(() => provider.status(row.providerPaymentId!));
    if (status === row.status) return row;
    return repository.updatePayment(row.id, { status });
  }

  const payments: PaymentsService = {
    async authorize(input) {
      // Callers pass integer minor units of an ISO currency; anything else is a bug upstream.
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
        throw new Error(`authorize: amountMinor must be a positive integer (${input.amountMinor})`);
      if (!/^[A-Za-z]{3}$/.test(input.currency))
        throw new Error(`authorize: currency must be an ISO code (${input.currency})`);
      // A key already answered keeps its answer, even if the card was removed since.
      const known = await repository.paymentByKey(input.userId, input.idempotencyKey);
      if (known && known.status !== 'pending') return authorizationOf(await refresh(known));
      const method = uuidPattern.test(input.paymentMethodId)
        ? await repository.methodOf(input.userId, input.paymentMethodId)
        : undefined;
      if (!method) throw new AppError('payment_method_not_found', paymentMessages.notFound);
      const { row } = await repository.claimPayment({
        userId: input.userId,
        paymentMethodId: method.id,
        provider: provider.kind,
        amountMinor: input.amountMinor,
        currency: input.currency.toUpperCase(),
        description: input.description,
        status: 'pending',
        idempotencyKey: input.idempotencyKey,
      });
      // A settled key answers with its result (brought up to date); a pending one (a twin in
      // flight, or a call cut short) asks the provider again with the same provider key.
      if (row.status !== 'pending') return authorizationOf(await refresh(row));
      return ask(row, method);
    },

    async status(paymentId) {
      let row = await paymentOrThrow(paymentId);
      if (row.status === 'pending') {
        // Asked but never answered (a crash): the same provider key finds the first answer.
        const method = await repository.methodById(row.paymentMethodId);
        await ask(row, method!);
        row = await paymentOrThrow(paymentId);
      }
      return (await refresh(row)).status as PaymentStatus;
    },

    async capture(paymentId, idempotencyKey) {
      const row = await paymentOrThrow(paymentId);
      if (await repository.operation(row.id, 'capture', idempotencyKey)) return;
      if (row.status !== 'captured') {
        const current = await refresh(row);
        if (current.status !== 'authorized' && current.status !== 'captured')
          throw new AppError('payment_not_capturable', paymentMessages.notCapturable);
        await callProvider(() =>
          provider.capture(current.providerPaymentId!, `vowa-capture-${row.id}`),
        );
        await repository.updatePayment(row.id, { status: 'captured' });
      }
      await repository.claimOperation({ paymentId: row.id, kind: 'capture', idempotencyKey });
    },

    async release(paymentId, idempotencyKey) {
      const row = await paymentOrThrow(paymentId);
      if (await repository.operation(row.id, 'release', idempotencyKey)) return;
      if (!['released', 'declined'].includes(row.status)) {
        if (row.status === 'captured' || row.status === 'refunded')
          throw new AppError('payment_not_capturable', paymentMessages.notCapturable);
        if (row.providerPaymentId)
          await callProvider(() =>
            provider.release(row.providerPaymentId!, `vowa-release-${row.id}`),
          );
        await repository.updatePayment(row.id, { status: 'released' });
      }
      await repository.claimOperation({ paymentId: row.id, kind: 'release', idempotencyKey });
    },

    async refund(paymentId, amountMinor, idempotencyKey) {
      const row = await paymentOrThrow(paymentId);
      const operation = await repository.claimOperation({
        paymentId: row.id,
        kind: 'refund',
        idempotencyKey,
        amountMinor,
      });
      if (operation.providerRefundId) return { refundId: operation.id };
      if (row.status === 'authorized') {
        // Nothing was taken yet: giving it back is releasing the hold.
        await payments.release(row.id, `refund-${operation.id}`);
        await repository.finishOperation(operation.id, 'released');
        return { refundId: operation.id };
      }
      if (row.status !== 'captured' && row.status !== 'refunded')
        throw new AppError('payment_not_capturable', paymentMessages.notCapturable);
      if (
        !Number.isSafeInteger(amountMinor) ||
        amountMinor <= 0 ||
        amountMinor > row.amountMinor - row.refundedMinor
      )
        throw new AppError('refund_exceeds_payment', paymentMessages.refundTooLarge);
      const { providerRefundId } = await callProvider(() =>
        provider.refund(row.providerPaymentId!, amountMinor, `vowa-refund-${operation.id}`),
      );
      await repository.completeRefund(operation.id, providerRefundId);
      return { refundId: operation.id };
    },

    async methodOf(userId, paymentMethodId) {
      if (!uuidPattern.test(paymentMethodId)) return null;
      const row = await repository.methodOf(userId, paymentMethodId);
      return row ? { id: row.id, brand: row.brand, last4: row.last4 } : null;
    },
  };

  function requireSandbox(): SandboxPayments {
    if (!deps.sandbox)
      throw new AppError('payment_provider_mismatch', paymentMessages.providerMismatch);
    return deps.sandbox;
  }

  function requireStripe(): StripeAccount {
    if (!deps.stripe)
      throw new AppError('payment_provider_mismatch', paymentMessages.providerMismatch);
    return deps.stripe;
  }

  /** The card as a method of the person's: an existing saved one with the same card, or new. */
  async function recordMethod(
    userId: string,
    providerMethodId: string,
    card: CardDetails,
    save: boolean,
  ): Promise<PaymentMethodRow> {
    if (save) {
      const same = await repository.savedWithFingerprint(userId, provider.kind, card.fingerprint);
      if (same && same.expMonth === card.expMonth && same.expYear === card.expYear) return same;
    }
    const row = await repository.insertMethod({
      userId,
      provider: provider.kind,
      providerMethodId,
      ...card,
      saved: save,
    });
    if (row.userId !== userId)
      throw new AppError('payment_setup_incomplete', paymentMessages.setupIncomplete);
    if (save && !row.saved) await repository.markSaved(row.id);
    return row;
  }

  return {
    payments,

    config(): PaymentConfig {
      return deps.stripe
        ? { provider: 'stripe', publishableKey: deps.stripe.publishableKey }
        : { provider: 'sandbox' };
    },

    async listMethods(userId: string): Promise<PaymentMethod[]> {
      return (await repository.savedMethods(userId)).map(methodView);
    },

    async addSandboxCard(userId: string, card: SandboxCardInput & { save: boolean }) {
      const sandbox = requireSandbox();
      await requireVerified(userId);
      await requireRoomForSaved(userId, card.save);
      const token = await callProvider(() => sandbox.tokenize(card));
      const row = await recordMethod(userId, token.cardId, token, card.save);
      return methodResult(row);
    },

    async createSetupIntent(userId: string) {
      const stripe = requireStripe();
      await requireVerified(userId);
      const customerId = await customerOf(stripe, userId);
      return callProvider(() => stripe.createSetupIntent({ customerId, userId }));
    },

    async recordSetupIntent(userId: string, input: { setupIntentId: string; save: boolean }) {
      const stripe = requireStripe();
      await requireVerified(userId);
      await requireRoomForSaved(userId, input.save);
      const setup = await callProvider(() => stripe.setupIntentCard(input.setupIntentId));
      const customerId = await repository.customer(userId, 'stripe');
      // Only the person's own confirmed SetupIntent records a card (ids are not secrets).
      if (!setup || setup.customerId !== customerId || setup.userId !== userId)
        throw new AppError('payment_method_not_found', paymentMessages.notFound);
      if (setup.status !== 'succeeded' || !setup.card || !setup.paymentMethodId)
        throw new AppError('payment_setup_incomplete', paymentMessages.setupIncomplete);
      const row = await recordMethod(userId, setup.paymentMethodId, setup.card, input.save);
      return methodResult(row);
    },

    async removeMethod(userId: string, id: string) {
      const row = uuidPattern.test(id) ? await repository.removeMethod(userId, id) : undefined;
      if (!row) throw new AppError('payment_method_not_found', paymentMessages.notFound);
      await provider.detach(row.providerMethodId).catch((error: unknown) => {
        // Vowa no longer offers the card either way; the provider's copy is only tidied up.
        deps.log.warn({ err: error }, 'could not detach a removed card at the provider');
      });
    },

    async confirmSandboxPayment(userId: string, paymentId: string, outcome: 'complete' | 'fail') {
      const sandbox = requireSandbox();
      const row = uuidPattern.test(paymentId)
        ? await repository.paymentOfUser(userId, paymentId)
        : undefined;
      if (!row?.providerPaymentId)
        throw new AppError('payment_not_found', paymentMessages.paymentNotFound);
      const answer = await callProvider(() => sandbox.confirm(row.providerPaymentId!, outcome));
      await repository.updatePayment(row.id, { ...answer, action: null });
      return { paymentId: row.id, status: answer.status };
    },

    /** A Stripe event, verified by its signature over the raw body. */
    async handleStripeEvent(rawBody: Buffer, signature: string | undefined) {
      const stripe = requireStripe();
      const event = await callProvider(() => stripe.parseEvent(rawBody, signature ?? ''));
      if (!event) throw new AppError('webhook_signature_invalid', paymentMessages.webhookSignature);
      await applyStripeEvent(event);
    },
  };

  async function customerOf(stripe: StripeAccount, userId: string) {
    const known = await repository.customer(userId, 'stripe');
    if (known) return known;
    // The key is the person's: two first cards at once make one Customer.
    const created = await callProvider(() => stripe.createCustomer(userId));
    return repository.saveCustomer(userId, 'stripe', created);
  }

  async function applyStripeEvent(event: StripeEvent) {
    if (event.kind === 'setup_intent') {
      const setup = event.setup;
      if (setup.status !== 'succeeded' || !setup.card || !setup.paymentMethodId || !setup.userId)
        return;
      const customerId = await repository.customer(setup.userId, 'stripe');
      if (customerId !== setup.customerId) return;
      // Recorded as one-off; POST /methods with `save` keeps it (whichever comes first).
      await recordMethod(setup.userId, setup.paymentMethodId, setup.card, false);
      return;
    }
    if (event.kind !== 'payment_intent') return;
    const row = await repository.paymentByProviderId('stripe', event.paymentIntentId);
    if (!row) return;
    // Events may come late and out of order: a payment only moves forward.
    if (rank(event.status) <= rank(row.status as PaymentStatus)) return;
    await repository.updatePayment(row.id, {
      status: event.status,
      ...(event.status === 'declined'
        ? { declineCode: event.declineCode, declineMessage: event.message }
        : {}),
      ...(event.status !== 'requires_action' ? { action: null } : {}),
    });
  }
}

export type PaymentsRoutesService = ReturnType<typeof createPaymentsService>;

const statusOrder: Record<string, number> = {
  pending: 0,
  requires_action: 1,
  authorized: 2,
  declined: 3,
  captured: 3,
  released: 4,
  refunded: 4,
};
const rank = (status: string) => statusOrder[status] ?? 0;

/** The action as Vowa's client sees it: the sandbox's dialog confirms Vowa's payment id. */
function vowaAction(action: PaymentAction, paymentId: string): PaymentAction {
  return action.type === 'sandbox_confirm' ? { type: 'sandbox_confirm', paymentId } : action;
}

function authorizationOf(row: PaymentRow): Authorization {
  switch (row.status) {
    case 'requires_action':
      return {
        status: 'requires_action',
        paymentId: row.id,
        action: row.action ?? { type: 'sandbox_confirm', paymentId: row.id },
      };
    case 'declined':
      return {
        status: 'declined',
        paymentId: row.id,
        declineCode: row.declineCode ?? 'generic_decline',
        message: row.declineMessage ?? paymentMessages.declined,
      };
    default:
      // Captured, released or refunded later: the key's answer was an authorization.
      return { status: 'authorized', paymentId: row.id };
  }
}

/** Stripe errors that say "try again" even though they are 4xx: a key in use, a lock, a rate. */
const RETRYABLE_STRIPE_CODES = ['idempotency_key_in_use', 'lock_timeout', 'rate_limit'];

/** A request Stripe refused as invalid (4xx): the same request will never succeed. */
function isRefusedRequest(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return false;
  const status = error.statusCode ?? 0;
  return (
    status >= 400 &&
    status < 500 &&
    status !== 409 &&
    status !== 429 &&
    !RETRYABLE_STRIPE_CODES.includes(error.code ?? '')
  );
}

function methodView(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    createdAt: row.createdAt.toISOString(),
  };
}

function methodResult(row: PaymentMethodRow) {
  return {
    paymentMethodId: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}
