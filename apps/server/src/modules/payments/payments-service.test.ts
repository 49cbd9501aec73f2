import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from './payment-provider';
import type { PaymentsRepository } from './payments-repository';
import { createPaymentsService } from './payments-service';

const PAYMENT_ID = '00000000-0000-4000-8000-000000000001';

/** A service over an authorized payment whose provider's capture fails with `error`. */
function serviceCapturingWith(error: unknown) {
  const repository = {
    payment: async () => ({
      id: PAYMENT_ID,
      status: 'authorized',
      providerPaymentId: 'pi_123',
    }),
    operation: async () => undefined,
  } as unknown as PaymentsRepository;
  const provider = {
    kind: 'stripe',
    status: async () => 'authorized',
    capture: async () => {
      throw error;
    },
  } as unknown as PaymentProvider;
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  return createPaymentsService({
    repository,
    provider,
    sandbox: undefined,
    stripe: undefined,
    users: { findUserById: async () => undefined },
    log: log as never,
  }).payments;
}

async function captureError(error: unknown): Promise<AppError> {
  const failure = await serviceCapturingWith(error)
    .capture(PAYMENT_ID, 'booking:x:capture')
    .catch((caught: unknown) => caught);
  expect(failure).toBeInstanceOf(AppError);
  return failure as AppError;
}

describe('payment provider errors', () => {
  it('a request Stripe refuses as invalid (4xx) is definitive: 422, never retried', async () => {
    const refused = await captureError(
      new Stripe.errors.StripeInvalidRequestError({
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent could not be captured because it has a status of canceled.',
        statusCode: 400,
      }),
    );
    expect(refused.code).toBe('payment_rejected');
    expect(refused.status).toBe(422);
  });

  it('what may succeed later stays a 503: a lock, an outage', async () => {
    const locked = await captureError(
      new Stripe.errors.StripeInvalidRequestError({
        type: 'invalid_request_error',
        code: 'lock_timeout',
        message: 'This object cannot be accessed right now.',
        statusCode: 400,
      }),
    );
    expect(locked.code).toBe('payment_provider_unavailable');
    const outage = await captureError(
      new Stripe.errors.StripeAPIError({ message: 'Internal error', statusCode: 500 }),
    );
    expect(outage.code).toBe('payment_provider_unavailable');
  });
});
