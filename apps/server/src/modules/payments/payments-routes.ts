import { errorResponseSchema, messageResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  paymentConfigSchema,
  paymentMethodIdParamsSchema,
  paymentMethodsResponseSchema,
  recordPaymentMethodRequestSchema,
  recordPaymentMethodResponseSchema,
  sandboxCardRequestSchema,
  sandboxCardResponseSchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  sandboxPaymentIdParamsSchema,
  setupIntentResponseSchema,
  webhookResponseSchema,
} from '@vowa/shared/payments/payment-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import type { PaymentsRoutesService } from './payments-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['payments'];
const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;

/** Cards added per person an hour: enough for typos, too few to test stolen numbers. */
export const CARDS_PER_HOUR = 20;

/** The person's cards and the sandbox's confirmation step, under /api/payments. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  service: PaymentsRoutesService;
  cardsPerHour?: number;
}> = async (app, { service, cardsPerHour = CARDS_PER_HOUR }) => {
  app.addHook('onRequest', app.authenticate);
  // Counted per person (authenticated above), on both ways of adding a card.
  const cardRateLimit = {
    rateLimit: {
      max: cardsPerHour,
      timeWindow: '1 hour',
      keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
        `cards:${request.auth?.userId ?? request.ip}`,
    },
  };

  app.get(
    '/config',
    {
      schema: {
        tags,
        security,
        summary: 'Which payment provider takes cards (sandbox or Stripe)',
        response: { 200: paymentConfigSchema, ...errors },
      },
    },
    async () => service.config(),
  );

  app.get(
    '/methods',
    {
      schema: {
        tags,
        security,
        summary: 'My saved cards (brand, last four digits, expiry)',
        response: { 200: paymentMethodsResponseSchema, ...errors },
      },
    },
    async (request) => ({ methods: await service.listMethods(user(request)) }),
  );

  app.post(
    '/sandbox/cards',
    {
      config: cardRateLimit,
      schema: {
        tags,
        security,
        summary: 'Tokenise a card with sandbox payments (the number is never stored)',
        body: sandboxCardRequestSchema,
        response: { 201: sandboxCardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const card = await service.addSandboxCard(user(request), request.body);
      return reply.status(201).send(card);
    },
  );

  app.post(
    '/setup_intents',
    {
      // Only a step of saving a card: the card is announced when it is recorded.
      config: { ...cardRateLimit, announces: false },
      schema: {
        tags,
        security,
        summary: 'Start saving a card with Stripe (a SetupIntent for the Payment Element)',
        response: { 201: setupIntentResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSetupIntent(user(request))),
  );

  app.post(
    '/methods',
    {
      schema: {
        tags,
        security,
        summary: 'Record the card of a SetupIntent the browser confirmed (Stripe)',
        body: recordPaymentMethodRequestSchema,
        response: { 201: recordPaymentMethodResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.recordSetupIntent(user(request), request.body)),
  );

  app.delete(
    '/methods/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a saved card',
        params: paymentMethodIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.removeMethod(user(request), request.params.id);
      return { success: true, message: 'Card removed.' };
    },
  );

  app.post(
    '/sandbox/payments/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: "Answer the sandbox's confirmation step of a payment (Complete or Fail)",
        params: sandboxPaymentIdParamsSchema,
        body: sandboxConfirmRequestSchema,
        response: { 200: sandboxConfirmResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.confirmSandboxPayment(user(request), request.params.id, request.body.outcome),
  );
};

/**
 * Stripe's webhook: no sign-in, the signature over the exact bytes proves it is Stripe, so this
 * scope reads JSON bodies as raw bytes.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  service: PaymentsRoutesService;
}> = async (app, { service }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags,
        summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
        response: { 200: webhookResponseSchema, ...errors },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await service.handleStripeEvent(body, typeof signature === 'string' ? signature : undefined);
      return { received: true };
    },
  );
};
