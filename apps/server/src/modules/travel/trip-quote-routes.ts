import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import { tripQuoteRequestSchema } from '@vowa/shared/travel/trip-price-model';
import { tripQuoteResponseSchema } from '@vowa/shared/travel/trip-quote-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import type { TripQuoteService } from './trip-quote-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * POST /api/travel/trip_quotes (issue 14 §4): the customised trip priced exactly. Signed-in
 * people only, like every travel search (each costs provider calls, counted per person), and
 * booking needs an account anyway; the trip cards it customises are a signed-in screen.
 */
export const tripQuoteRoutes: FastifyPluginAsyncZod<{
  service: TripQuoteService;
  rateLimitMax: number;
  currencyOf: (userId: string) => Promise<DisplayCurrency>;
}> = async (app, { service, rateLimitMax, currencyOf }) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/trip_quotes',
    {
      config: {
        rateLimit: {
          max: rateLimitMax,
          timeWindow: '1 minute',
          keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
            request.auth?.userId ?? request.ip,
        },
      },
      schema: {
        tags: ['travel'],
        security: [{ bearerAuth: [] }],
        summary:
          'Price a customised trip now: flights out, between cities and back, and a stay in each city',
        body: tripQuoteRequestSchema,
        response: { 200: tripQuoteResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.quoteTrip({
        ...request.body,
        currency: request.body.currency ?? (await currencyOf(requireAuth(request).userId)),
      }),
  );
};
