import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import { autoBookingStatusSchema } from '@vowa/shared/watches/watch-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import type { AutoBookerService } from './watch-auto-book';

/**
 * GET /api/travel/watches/auto_booking: what the Auto-Booking Active modal shows, read now
 * (the card Vowa would pay with, the verified address, the auto-booking watches). Registered
 * under the watches prefix; a static path, so it never reads as a watch id.
 */
export const autoBookingRoutes: FastifyPluginAsyncZod<{
  booker: Pick<AutoBookerService, 'status'>;
}> = async (app, { booker }) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/auto_booking',
    {
      schema: {
        tags: ['watches'],
        security: [{ bearerAuth: [] }],
        summary: 'Auto-booking: on or off, the card and address it needs, what it watches',
        response: {
          200: autoBookingStatusSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => booker.status(requireAuth(request).userId),
  );
};
