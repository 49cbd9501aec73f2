import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  groupInviteSchema,
  groupInviteSentSchema,
  inviteCodeIdParamsSchema,
  inviteCodeParamsSchema,
  inviteCodeSchema,
  joinGroupResponseSchema,
  joinGroupSchema,
} from '@vowa/shared/groups/group-invite-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/authenticate';
import type { GroupInviteService } from './group-invite-service';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['group invitations'];
const security = [{ bearerAuth: [] }];

/** The join throttle's window; a person may try `joinRateLimitMax` times in it. */
export const JOIN_WINDOW = 15 * 60 * 1000;
/** Many people may share one address (a campus, an office), so it may try more. */
export const JOIN_PER_ADDRESS_FACTOR = 3;
/** Codes a person may ask for an hour: one each time the dialog opens. */
export const CODES_PER_HOUR = 60;

const user = (request: FastifyRequest) => requireAuth(request).userId;
const perPerson = (prefix: string) => (request: FastifyRequest) =>
  `${prefix}:${request.auth?.userId ?? request.ip}`;

/** `POST /api/user_management/users/invite` (part 2 §7). */
export const groupInviteUserRoutes: FastifyPluginAsyncZod<{
  service: GroupInviteService;
  inviteRateLimitMax: number;
}> = async (app, { service, inviteRateLimitMax }) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/users/invite',
    {
      schema: {
        tags,
        security,
        summary:
          'Invite someone to a group by email or text message (members, verified address). The ' +
          'answer is the same whether or not an account uses the address.',
        body: groupInviteSchema,
        response: { 201: groupInviteSentSchema, ...errors, 503: errorResponseSchema },
      },
      config: {
        rateLimit: {
          max: inviteRateLimitMax,
          timeWindow: '1 hour',
          keyGenerator: perPerson('group-invite'),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.invite(user(request), request.body)),
  );
};

/** Invite codes and joining: /api/llm/groups/… beside the group chat's routes. */
export const groupInviteRoutes: FastifyPluginAsyncZod<{
  service: GroupInviteService;
  joinRateLimitMax: number;
}> = async (app, { service, joinRateLimitMax }) => {
  app.addHook('onRequest', app.authenticate);

  // Redeeming is counted per person and per client address, so codes cannot be guessed by
  // one account nor by many accounts from one place.
  const limiters = [
    { max: joinRateLimitMax, key: perPerson('group-join-user') },
    {
      max: joinRateLimitMax * JOIN_PER_ADDRESS_FACTOR,
      key: (request: FastifyRequest) => `group-join-ip:${request.ip}`,
    },
  ].map(({ max, key }) => app.createRateLimit({ max, timeWindow: JOIN_WINDOW, keyGenerator: key }));
  async function throttleJoin(request: FastifyRequest, reply: FastifyReply) {
    for (const limit of limiters) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        void reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(
          'rate_limited',
          `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
  }

  app.post(
    '/groups/:conversationId/invite_codes',
    {
      schema: {
        tags,
        security,
        summary: 'A new 6-character invite code for the group (members), valid for 7 days',
        params: inviteCodeParamsSchema,
        response: { 201: inviteCodeSchema, ...errors },
      },
      config: {
        rateLimit: {
          max: CODES_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: perPerson('group-invite-code'),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createCode(user(request), request.params.conversationId)),
  );

  app.delete(
    '/groups/:conversationId/invite_codes/:codeId',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an invite code of the group (members)',
        params: inviteCodeIdParamsSchema,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeCode(user(request), request.params.conversationId, request.params.codeId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/groups/join',
    {
      schema: {
        tags,
        security,
        summary:
          'Join a group with an invite code or the token of a mailed or texted link (throttled); ' +
          'joining again is harmless',
        body: joinGroupSchema,
        response: { 200: joinGroupResponseSchema, ...errors },
      },
      preHandler: throttleJoin,
    },
    async (request) => ({ conversation: await service.join(user(request), request.body) }),
  );
};
