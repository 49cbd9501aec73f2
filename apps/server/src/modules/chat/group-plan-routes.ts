import { conversationParamsSchema } from '@vowa/shared/assistant/assistant-schemas';
import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  addGroupPickSchema,
  groupPickParamsSchema,
  groupPlanResponseSchema,
  groupVoteSchema,
} from '@vowa/shared/groups/group-plan-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import type { GroupPlanService } from './group-plan-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];

/**
 * The group plan under /api/llm/groups/:conversationId/plan (issue 15 §5): members only (anyone
 * else gets the 404 of a conversation that does not exist). Booking the plan is the bookings
 * routes' (POST /api/travel/bookings with `group_id`).
 */
export const groupPlanRoutes: FastifyPluginAsyncZod<{
  plans: GroupPlanService;
  rateLimitMax: number;
}> = async (app, { plans, rateLimitMax }) => {
  const tags = ['groups'];
  const user = (request: FastifyRequest) => requireAuth(request).userId;
  app.addHook('onRequest', app.authenticate);
  const limited = {
    rateLimit: {
      max: rateLimitMax,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `group-plan:${request.auth?.userId ?? request.ip}`,
    },
  };

  app.get(
    '/groups/:conversationId/plan',
    {
      schema: {
        tags,
        security,
        summary:
          "The group's plan: current picks with every member's vote, whether everyone agreed, and past bookings with the caller's share",
        params: conversationParamsSchema,
        response: { 200: groupPlanResponseSchema, ...errors },
      },
    },
    async (request) => plans.plan(request.params.conversationId, user(request)),
  );

  app.post(
    '/groups/:conversationId/plan/picks',
    {
      config: limited,
      schema: {
        tags,
        security,
        summary:
          'Select an offer for the group from its recorded quote (replaces the slot; experiences add up) and post its card',
        params: conversationParamsSchema,
        body: addGroupPickSchema,
        response: { 201: groupPlanResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const plan = await plans.addPick(request.params.conversationId, user(request), request.body);
      return reply.code(201).send(plan);
    },
  );

  app.delete(
    '/groups/:conversationId/plan/picks/:pickId',
    {
      schema: {
        tags,
        security,
        summary: 'Take a pick out of the plan (any member)',
        params: groupPickParamsSchema,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      const { conversationId, pickId } = request.params;
      await plans.removePick(conversationId, user(request), pickId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/groups/:conversationId/plan/picks/:pickId/vote',
    {
      config: limited,
      schema: {
        tags,
        security,
        summary: "Vote yes or no on a pick of the group's plan",
        params: groupPickParamsSchema,
        body: groupVoteSchema,
        response: { 200: groupPlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { conversationId, pickId } = request.params;
      return plans.vote(conversationId, user(request), pickId, request.body.vote);
    },
  );
};
