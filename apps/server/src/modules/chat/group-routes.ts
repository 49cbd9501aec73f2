import {
  chatMessageSchema,
  conversationParamsSchema,
  conversationSchema,
} from '@vowa/shared/assistant/assistant-schemas';
import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  createGroupSchema,
  groupMemberParamsSchema,
  groupMembersResponseSchema,
  sendGroupMessageSchema,
} from '@vowa/shared/groups/group-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import type { GroupService } from './group-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const noContent = z.null().describe('No content');

/**
 * Group chats under /api/llm/groups (issue 15): create, members, leave and remove, and sending.
 * Reading a group's messages, renaming and marking read are the conversation routes'.
 */
export const groupRoutes: FastifyPluginAsyncZod<{
  groups: GroupService;
  languageOf: (userId: string) => Promise<Language>;
  rateLimitMax: number;
}> = async (app, { groups, languageOf, rateLimitMax }) => {
  const tags = ['groups'];
  const user = (request: FastifyRequest) => requireAuth(request).userId;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Create a group: the caller is its only member (owner) and the assistant welcomes',
        body: createGroupSchema,
        response: { 201: conversationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = user(request);
      const group = await groups.create(userId, await languageOf(userId), request.body.name);
      return reply.code(201).send(group);
    },
  );

  app.get(
    '/groups/:conversationId/members',
    {
      schema: {
        tags,
        security,
        summary: "The group's members with their role and (when they show it) online status",
        params: conversationParamsSchema,
        response: { 200: groupMembersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      members: await groups.members(request.params.conversationId, user(request)),
    }),
  );

  app.delete(
    '/groups/:conversationId/members/me',
    {
      schema: {
        tags,
        security,
        summary: 'Leave the group (the owner role passes on; the last one out deletes it)',
        params: conversationParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await groups.leave(request.params.conversationId, user(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/groups/:conversationId/members/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a member (the owner only)',
        params: groupMemberParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      const { conversationId, userId } = request.params;
      await groups.removeMember(conversationId, user(request), userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/groups/:conversationId/messages',
    {
      config: {
        rateLimit: {
          max: rateLimitMax,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `group:${request.auth?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        security,
        summary:
          'Send a message to the group: 201 when new, 200 with the stored one when this client_id was sent before',
        params: conversationParamsSchema,
        body: sendGroupMessageSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { content, client_id } = request.body;
      const sent = await groups.send(
        request.params.conversationId,
        user(request),
        content,
        client_id,
      );
      return reply.code(sent.created ? 201 : 200).send(sent.message);
    },
  );
};
