import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  priceHistoryRequestSchema,
  priceHistoryResponseSchema,
} from '@vowa/shared/watches/watch-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import type { PriceHistoryService } from './price-history-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * POST /api/travel/price_history (issue 16): how a flight's, a stay's or a whole trip's price
 * moved over 60 days, its market price and the person's target, and whether to buy now. Read
 * from recorded quotes only; signed in and counted per person like the searches.
 */
export const priceHistoryRoutes: FastifyPluginAsyncZod<{
  service: PriceHistoryService;
  rateLimitMax: number;
}> = async (app, { service, rateLimitMax }) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/price_history',
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
          'Price history of recorded quotes (a flight, a stay or a whole trip summed per day), with buy-or-wait advice',
        body: priceHistoryRequestSchema,
        response: { 200: priceHistoryResponseSchema, ...errors },
      },
    },
    async (request) => service.history(requireAuth(request).userId, request.body),
  );
};
