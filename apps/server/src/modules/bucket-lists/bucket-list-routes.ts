import {
  bucketItemInputSchema,
  bucketItemSchema,
  bucketItemUpdateSchema,
  bucketListInputSchema,
  bucketListSchema,
  bucketListsResponseSchema,
  bucketListUpdateSchema,
  completionInputSchema,
  invitationSentSchema,
  invitationTokenInputSchema,
  publicBucketListsResponseSchema,
  receivedInvitationSchema,
  receivedInvitationsResponseSchema,
  shareInputSchema,
  sharesResponseSchema,
} from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import type { BucketListService } from './bucket-list-service';

const listParams = z.object({ listId: z.string().max(64) });
const itemParams = listParams.extend({ itemId: z.string().max(64) });
const shareParams = listParams.extend({ userId: z.string().max(64) });
const sentInvitationParams = listParams.extend({ invitationId: z.string().max(64) });
const invitationParams = z.object({ invitationId: z.string().max(64) });

/** Invitations one person may send an hour: each one mails someone who did not ask for it. */
export const SHARE_INVITATIONS_PER_HOUR = 20;

const noContent = { 204: z.null().describe('No content') };

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * Bucket lists under /api/travel/bucket_lists. Every route needs a signed-in user; the service
 * applies the owner/reader rules of the policy to each list.
 */
export const bucketListRoutes: FastifyPluginAsyncZod<{
  service: BucketListService;
  shareRateLimitMax?: number;
}> = async (app, { service, shareRateLimitMax = SHARE_INVITATIONS_PER_HOUR }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['bucket lists'];
  const security = [{ bearerAuth: [] }];
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;
  // Counted per person (authenticated above), whatever address they share from.
  const shareRateLimit = {
    rateLimit: {
      max: shareRateLimitMax,
      timeWindow: '1 hour',
      keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
        `share:${request.auth?.userId ?? request.ip}`,
    },
  };

  app.get(
    '/invitations',
    {
      schema: {
        tags,
        security,
        summary: 'Invitations to lists waiting for my answer',
        response: { 200: receivedInvitationsResponseSchema, ...errors },
      },
    },
    async (request) => ({ invitations: await service.receivedInvitations(user(request)) }),
  );

  app.post(
    '/invitations/open',
    {
      schema: {
        tags,
        security,
        summary: 'Open a mailed invitation link: the invitation waits for my answer',
        body: invitationTokenInputSchema,
        response: { 200: receivedInvitationSchema, ...errors },
      },
    },
    async (request) => service.openInvitation(user(request), request.body.token),
  );

  app.post(
    '/invitations/:invitationId/accept',
    {
      schema: {
        tags,
        security,
        summary: 'Accept an invitation: the list is shared with me (read-only)',
        params: invitationParams,
        response: { 200: bucketListSchema, ...errors },
      },
    },
    async (request) => service.acceptInvitation(request.params.invitationId, user(request)),
  );

  app.post(
    '/invitations/:invitationId/decline',
    {
      schema: {
        tags,
        security,
        summary: 'Decline an invitation (the owner is not told)',
        params: invitationParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.declineInvitation(request.params.invitationId, user(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'My lists and the lists shared with me, with their items',
        response: { 200: bucketListsResponseSchema, ...errors },
      },
    },
    async (request) => ({ lists: await service.listsOf(user(request)) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a list',
        body: bucketListInputSchema,
        response: { 201: bucketListSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createList(user(request), request.body)),
  );

  app.get(
    '/public',
    {
      schema: {
        tags,
        security,
        summary: "Other people's public lists, to browse and get inspired",
        querystring: z.object({ q: z.string().max(100).optional() }),
        response: { 200: publicBucketListsResponseSchema, ...errors },
      },
    },
    async (request) => ({ lists: await service.publicLists(user(request), request.query.q) }),
  );

  app.get(
    '/:listId',
    {
      schema: {
        tags,
        security,
        summary: 'One list: its owner, people it is shared with, or anyone if public',
        params: listParams,
        response: { 200: bucketListSchema, ...errors },
      },
    },
    async (request) => service.getList(request.params.listId, user(request)),
  );

  app.patch(
    '/:listId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a list (owner)',
        params: listParams,
        body: bucketListUpdateSchema,
        response: { 200: bucketListSchema, ...errors },
      },
    },
    async (request) => service.updateList(request.params.listId, user(request), request.body),
  );

  app.delete(
    '/:listId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a list (owner)',
        params: listParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteList(request.params.listId, user(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:listId/items',
    {
      schema: {
        tags,
        security,
        summary: 'Add an item (owner)',
        params: listParams,
        body: bucketItemInputSchema,
        response: { 201: bucketItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.addItem(request.params.listId, user(request), request.body)),
  );

  app.patch(
    '/:listId/items/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'Change an item (owner)',
        params: itemParams,
        body: bucketItemUpdateSchema,
        response: { 200: bucketItemSchema, ...errors },
      },
    },
    async (request) =>
      service.updateItem(request.params.listId, request.params.itemId, user(request), request.body),
  );

  app.delete(
    '/:listId/items/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an item (owner)',
        params: itemParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteItem(request.params.listId, request.params.itemId, user(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:listId/items/:itemId/completion',
    {
      schema: {
        tags,
        security,
        summary: 'Mark an item completed (sets completedDate) or not (clears it) (owner)',
        params: itemParams,
        body: completionInputSchema,
        response: { 200: bucketItemSchema, ...errors },
      },
    },
    async (request) =>
      service.setCompleted(
        request.params.listId,
        request.params.itemId,
        user(request),
        request.body.isCompleted,
      ),
  );

  app.get(
    '/:listId/shares',
    {
      schema: {
        tags,
        security,
        summary: 'People who accepted, and invitations not accepted yet (owner)',
        params: listParams,
        response: { 200: sharesResponseSchema, ...errors },
      },
    },
    async (request) => service.sharesOf(request.params.listId, user(request)),
  );

  app.post(
    '/:listId/shares',
    {
      schema: {
        tags,
        security,
        summary:
          'Invite someone by email to read the list (owner, verified address). The answer is ' +
          'the same whether or not an account uses the address.',
        params: listParams,
        body: shareInputSchema,
        response: { 201: invitationSentSchema, ...errors, 429: errorResponseSchema },
      },
      config: shareRateLimit,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.share(request.params.listId, user(request), request.body.email)),
  );

  app.delete(
    '/:listId/shares/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Stop sharing with someone (owner), or leave a list shared with you',
        params: shareParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.unshare(request.params.listId, user(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/:listId/invitations/:invitationId',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw an invitation that is not accepted (owner)',
        params: sentInvitationParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.withdrawInvitation(
        request.params.listId,
        user(request),
        request.params.invitationId,
      );
      return reply.code(204).send(null);
    },
  );
};
