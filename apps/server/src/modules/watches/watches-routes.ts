import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  createDestinationWatchRequestSchema,
  createWatchRequestSchema,
  updateWatchRequestSchema,
  watchHistoryResponseSchema,
  watchIdParamsSchema,
  watchListResponseSchema,
  watchResponseSchema,
} from '@vowa/shared/watches/watch-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import type { WatchService } from './watch-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const noContent = { 204: z.null().describe('No content') };

/**
 * Price watches under /api/travel/watches (issue 16): signed in, and only the person's own
 * watches (any other id answers 404, as an unknown one does). Making one prices recorded quotes
 * and may plan a trip: rate-limited per person like the travel searches.
 */
export const watchesRoutes: FastifyPluginAsyncZod<{
  service: WatchService;
  rateLimitMax: number;
}> = async (app, { service, rateLimitMax }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['watches'];
  const security = [{ bearerAuth: [] }];
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;
  const rateLimit = {
    max: rateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
      request.auth?.userId ?? request.ip,
  };

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Your price watches, newest first (ended ones of the last 30 days too)',
        response: { 200: watchListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(user(request)),
  );

  app.post(
    '/',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary:
          'Watch the price of a trip, a flight or a stay (its recorded quotes); the same subject answers its live watch',
        body: createWatchRequestSchema,
        response: { 200: watchResponseSchema, 201: watchResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, ...body } = await service.create(user(request), request.body);
      return reply.code(created ? 201 : 200).send(body);
    },
  );

  app.post(
    '/destination',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'Tell me when a trip to a bucket-list place fits my budget',
        body: createDestinationWatchRequestSchema,
        response: { 200: watchResponseSchema, 201: watchResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, ...body } = await service.createDestination(user(request), request.body);
      return reply.code(created ? 201 : 200).send(body);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Pause or resume a watch, or change its threshold or budget',
        params: watchIdParamsSchema,
        body: updateWatchRequestSchema,
        response: { 200: watchResponseSchema, ...errors },
      },
    },
    async (request) => service.update(user(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Stop watching (not while it is being booked)',
        params: watchIdParamsSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(user(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/history',
    {
      schema: {
        tags,
        security,
        summary: "A watch's recorded prices, its market and target, and whether to buy or wait",
        params: watchIdParamsSchema,
        response: { 200: watchHistoryResponseSchema, ...errors },
      },
    },
    async (request) => service.history(user(request), request.params.id),
  );
};
