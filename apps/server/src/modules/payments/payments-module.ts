import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import { announceChanges, type LiveUpdates } from '../realtime/realtime-module';
import { createPaymentsRepository } from './payments-repository';
import { paymentRoutes, stripeWebhookRoutes } from './payments-routes';
import { createPaymentsService, type PaymentsService } from './payments-service';
import { createSandboxPayments } from './sandbox-payments';
import { createStripeAccount } from './stripe-payments';

export type { Authorization, AuthorizeInput, PaymentsService } from './payments-service';
export { declineError } from './payments-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Authorizations, captures and refunds (bookings pays through it; tests call it). */
    payments: PaymentsService;
  }
}

/** Whether a person has a saved card: what switching auto-booking on needs (issue 16). */
export type SavedCardPort = {
  hasSavedCard(userId: string): Promise<boolean>;
  /** The newest saved card (what auto-booking pays with), or null. */
  newestCard(userId: string): Promise<{ id: string; brand: string; last4: string } | null>;
};

/**
 * The saved-card question, built from the database alone: finance (registered before payments)
 * asks it before auto-booking may be switched on (the port pattern of ARCHITECTURE.md "Cycles").
 */
export function createSavedCardPort(db: Database): SavedCardPort {
  const repository = createPaymentsRepository(db);
  return {
    hasSavedCard: async (userId) => (await repository.countSaved(userId)) > 0,
    async newestCard(userId) {
      const card = (await repository.savedMethods(userId)).at(-1);
      return card ? { id: card.id, brand: card.brand, last4: card.last4 } : null;
    },
  };
}

/** Cards and payments: /api/payments, and the PaymentsService bookings pay through. */
export async function registerPaymentsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    auth: Pick<AuthService, 'findUserById'>;
    /** Keys the sandbox's card fingerprints (HMAC), so they cannot be reversed to numbers. */
    encryptionKey: string;
    config: Pick<AppConfig, 'stripe'>;
    /** Tells the person's other tabs when a card is saved or removed (topic 'bookings'). */
    live?: LiveUpdates;
    now?: () => Date;
  },
): Promise<PaymentsService> {
  // Sandbox payments are the embedded default; Stripe replaces them when configured.
  const stripe = deps.config.stripe ? createStripeAccount(deps.config.stripe) : undefined;
  const sandbox = stripe
    ? undefined
    : createSandboxPayments(deps.db, {
        fingerprintKey: deps.encryptionKey,
        now: deps.now ?? (() => new Date()),
      });
  const service = createPaymentsService({
    repository: createPaymentsRepository(deps.db),
    provider: stripe ? stripe.provider : sandbox!.provider,
    sandbox,
    stripe,
    users: deps.auth,
    log: app.log,
  });
  await app.register(async (scope) => {
    // The web reads saved cards with the bookings; the webhook has no person and tells nobody.
    if (deps.live) announceChanges(scope, deps.live, 'bookings');
    await scope.register(paymentRoutes, { prefix: '/api/payments', service });
  });
  await app.register(stripeWebhookRoutes, { prefix: '/api/payments', service });
  app.decorate('payments', service.payments);
  return service.payments;
}
