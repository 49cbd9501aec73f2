import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  bookingActionResponseSchema,
  bookingFailedErrorSchema,
  bookingIdParamsSchema,
  bookingListResponseSchema,
  bookingQuoteRequestSchema,
  bookingQuoteResponseSchema,
  bookingResponseSchema,
  calendarFeedParamsSchema,
  calendarFeedResponseSchema,
  calendarFeedStatusSchema,
  cancelBookingRequestSchema,
  cancellationTermsSchema,
  createBookingRequestSchema,
  idempotencyHeadersSchema,
  paymentDeclinedErrorSchema,
  priceChangedErrorSchema,
} from '@vowa/shared/bookings/booking-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/authenticate';
import { bookingMessages, type BookingsService, type CreateOutcome } from './bookings-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};
const noContent = { 204: z.null().describe('No content') };
const ICS_TYPE = 'text/calendar; charset=utf-8';

/** HTTP for what creating a booking came to (see the shared schemas for each answer). */
function send(reply: FastifyReply, outcome: CreateOutcome) {
  switch (outcome.type) {
    case 'done':
      return reply.code(outcome.created ? 201 : 200).send({ booking: outcome.booking });
    case 'action':
      return reply.code(202).send({ booking: outcome.booking, action: outcome.action });
    case 'declined':
      return reply
        .code(402)
        .send({ detail: outcome.detail, code: outcome.code, booking: outcome.booking });
    case 'failed':
      return reply
        .code(409)
        .send({ detail: outcome.detail, code: 'booking_failed', booking: outcome.booking });
    case 'price_changed':
      return reply.code(409).send({
        detail: bookingMessages.priceChanged,
        code: 'price_changed',
        previousTotal: outcome.previousTotal,
        total: outcome.total,
        items: outcome.items,
      });
  }
}

/**
 * Bookings under /api/travel/bookings: signed in, and only the owner's bookings (any other id
 * answers 404, as an unknown one does). Creating and cancelling take an Idempotency-Key.
 */
export const bookingsRoutes: FastifyPluginAsyncZod<{ service: BookingsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['bookings'];
  const security = [{ bearerAuth: [] }];
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;
  const keyOf = (headers: Record<string, unknown>) => {
    const value = headers['idempotency-key'];
    return typeof value === 'string' ? value : undefined;
  };

  app.post(
    '/quote',
    {
      // Prices again; nothing another tab shows changes.
      config: { announces: false },
      schema: {
        tags,
        security,
        summary: 'Price the chosen offers again right before paying',
        body: bookingQuoteRequestSchema,
        response: { 200: bookingQuoteResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.quote(user(request), request.body),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Book (exactly once per Idempotency-Key): pay, confirm with the provider',
        headers: idempotencyHeadersSchema,
        body: createBookingRequestSchema,
        response: {
          200: bookingResponseSchema,
          201: bookingResponseSchema,
          202: bookingActionResponseSchema,
          402: paymentDeclinedErrorSchema,
          409: z.union([priceChangedErrorSchema, bookingFailedErrorSchema, errorResponseSchema]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const outcome = await service.create(
        { id: auth.userId, emailVerified: auth.user.email_verified },
        keyOf(request.headers),
        request.body,
      );
      return send(reply, outcome);
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'My bookings: upcoming and past',
        response: { 200: bookingListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(user(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of my bookings',
        params: bookingIdParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({ booking: await service.get(user(request), request.params.id) }),
  );

  app.get(
    '/:id/cancellation',
    {
      schema: {
        tags,
        security,
        summary:
          'What cancelling now would refund (free within 24 hours; then the provider’s terms)',
        params: bookingIdParamsSchema,
        response: { 200: cancellationTermsSchema, ...errors },
      },
    },
    async (request) => service.terms(user(request), request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel (once per booking; with an Idempotency-Key and the refund shown)',
        headers: idempotencyHeadersSchema,
        params: bookingIdParamsSchema,
        body: cancelBookingRequestSchema,
        response: {
          200: bookingResponseSchema,
          202: bookingResponseSchema.describe('Cancelling: a step is retried in the background'),
          409: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { booking, done } = await service.cancel(
        user(request),
        request.params.id,
        keyOf(request.headers),
        request.body,
      );
      return reply.code(done ? 200 : 202).send({ booking });
    },
  );

  app.get(
    '/:id/calendar.ics',
    {
      schema: {
        tags,
        security,
        summary: 'The booking as a calendar file (ICS)',
        params: bookingIdParamsSchema,
        response: { 200: z.string().describe(ICS_TYPE), ...errors },
      },
    },
    async (request, reply) => {
      const { reference, ics } = await service.bookingCalendar(user(request), request.params.id);
      return reply
        .type(ICS_TYPE)
        .header('content-disposition', `attachment; filename="vowa-${reference}.ics"`)
        .send(ics);
    },
  );

  app.get(
    '/calendar_feed',
    {
      schema: {
        tags,
        security,
        summary: 'Whether I have a calendar subscription link (the link itself is shown once)',
        response: { 200: calendarFeedStatusSchema, ...errors },
      },
    },
    async (request) => service.calendarFeedStatus(user(request)),
  );

  app.post(
    '/calendar_feed',
    {
      schema: {
        tags,
        security,
        summary: 'A new private calendar subscription link (replaces the previous one)',
        response: { 200: calendarFeedResponseSchema, ...errors },
      },
    },
    async (request) => service.createCalendarFeed(user(request)),
  );

  app.delete(
    '/calendar_feed',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke my calendar subscription link',
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeCalendarFeed(user(request));
      return reply.code(204).send(null);
    },
  );
};

/**
 * The private calendar feed, `GET /api/calendar/<token>.ics`: no sign-in (calendar apps have
 * none), the token is the key. The request log never shows it (plugins/logging.ts).
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ service: BookingsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:token',
    {
      schema: {
        tags: ['bookings'],
        summary: 'A private calendar subscription (every booked trip)',
        params: calendarFeedParamsSchema,
        response: { 200: z.string().describe(ICS_TYPE), 404: errorResponseSchema },
      },
      config: {
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{16,100})\.ics$/.exec(request.params.token);
      if (!match) throw new AppError('calendar_feed_not_found', bookingMessages.feedNotFound);
      const ics = await service.calendarFeed(match[1]!);
      return reply.type(ICS_TYPE).header('cache-control', 'private, max-age=300').send(ics);
    },
  );
};
