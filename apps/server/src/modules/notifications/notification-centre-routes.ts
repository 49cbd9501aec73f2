import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  pushConfigResponseSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
  unreadCountResponseSchema,
} from '@vowa/shared/notifications/notification-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import type { NotificationCentre } from './notification-centre';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};
const noContent = { 204: z.null().describe('No content') };

/**
 * The notification centre under /api/notifications: signed in, and only one's own
 * notifications (another person's id answers 404, as an unknown one does).
 */
export const notificationCentreRoutes: FastifyPluginAsyncZod<{
  centre: NotificationCentre;
}> = async (app, { centre }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first, a page at a time, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => centre.list(user(request), request.query.before),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one of my notifications read',
        params: notificationIdParamsSchema,
        response: { 200: unreadCountResponseSchema, ...errors },
      },
    },
    async (request) => centre.markRead(user(request), request.params.id),
  );

  app.post(
    '/read_all',
    {
      schema: {
        tags,
        security,
        summary: 'Mark all my notifications read',
        response: { 200: unreadCountResponseSchema, ...errors },
      },
    },
    async (request) => centre.markAllRead(user(request)),
  );

  app.get(
    '/push/config',
    {
      schema: {
        tags,
        security,
        summary: 'The VAPID public key to subscribe to push notifications with',
        response: { 200: pushConfigResponseSchema, 503: errorResponseSchema, ...errors },
      },
    },
    async () => centre.pushConfig(),
  );

  app.post(
    '/push/subscriptions',
    {
      // A browser's address for pushes: nothing another tab shows changes.
      config: { announces: false },
      schema: {
        tags,
        security,
        summary: 'Receive push notifications in this browser (its PushSubscription)',
        body: pushSubscriptionRequestSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await centre.subscribe(user(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      config: { announces: false },
      schema: {
        tags,
        security,
        summary: 'Stop push notifications to this browser',
        body: pushUnsubscribeRequestSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await centre.unsubscribe(user(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
