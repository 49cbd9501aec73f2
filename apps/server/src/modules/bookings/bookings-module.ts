import type { Booking } from '@vowa/shared/bookings/booking-schemas';
import { convertMoney } from '@vowa/shared/finance/money';
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../jobs/jobs-module';
import type { Notifications } from '../notifications/notifications-module';
import type { PaymentsService } from '../payments/payments-module';
import { announceChanges, type LiveUpdates } from '../realtime/realtime-module';
import type { SettingsService } from '../settings/settings-service';
import type { ExchangeRates } from '../travel/fx/exchange-rates';
import type { TravelPublicService } from '../travel/travel-module';
import { ACTIVE_STEPS, createBookingFlow, LEASE_MS, type BookingOutside } from './booking-flow';
import { withGroupPlans } from './booking-groups';
import { amountFor, fromMinor } from './booking-items';
import { bookingView } from './booking-view';
import { cancellationContent, confirmationContent } from './booking-mail';
import { createTripsPort, type TripsPort } from './booking-trips';
import { createBookingsRepository } from './bookings-repository';
import { bookingsRoutes, calendarFeedRoutes } from './bookings-routes';
import {
  createBookingsService,
  type BookingsService,
  type GroupPlanPort,
} from './bookings-service';

export type { GroupBookingOutcome, GroupPlanPort } from './bookings-service';

export type { TripsPort, TripStats, SharedTrip } from './booking-trips';

/** What the watches module books through (issue 16): see watches/watch-ports.ts. */
export type AutoBookingPort = {
  quote: BookingsService['quote'];
  create: BookingsService['create'];
  findByKey: (userId: string, idempotencyKey: string) => Promise<Booking | null>;
  chargeOf: typeof amountFor;
};

/**
 * A step waiting this long is picked up by the recovery job, and only once its lease has
 * expired (LEASE_MS after its driver last renewed it): a slow call is never driven twice.
 */
export const STUCK_AFTER_MS = 60_000;
const RECOVER_EVERY_MS = 60_000;
const RECOVER_BATCH = 50;

type MailKind = 'confirmation' | 'cancellation';

declare module 'fastify' {
  interface FastifyInstance {
    bookings: {
      service: BookingsService;
      /**
       * The provider and payment calls bookings make, looked up at each call: tests put a
       * double in to fail a step once, as a crash or an outage would.
       */
      outside: BookingOutside;
      /** Drives every stuck booking on now (what the recurring job does; tests call it). */
      recover: () => Promise<void>;
    };
  }
}

/**
 * Bookings (issue 14 §3): /api/travel/bookings and the calendar feed at /api/calendar. Returns
 * the trips port the profile module reads stats and shared trips through.
 */
export async function registerBookingsModule(
  app: FastifyInstance,
  deps: {
    travel: Pick<TravelPublicService, 'bookings'>;
    payments: PaymentsService;
    notifications: Pick<Notifications, 'send' | 'notify'>;
    settings: Pick<SettingsService, 'currencyOf' | 'settings'>;
    rates: ExchangeRates;
    jobs: JobQueue;
    /** Tells the person's other tabs (My Trips) when a booking changes. */
    live?: LiveUpdates;
    /** Group plans booked for a group (`group_id`; the chat module's port). */
    groupPlans?: GroupPlanPort;
    now: () => Date;
  },
): Promise<{ trips: TripsPort; autoBooking: AutoBookingPort }> {
  const { jobs, now } = deps;
  const repository = createBookingsRepository(app.db);
  const outside: BookingOutside = { travel: deps.travel.bookings, payments: deps.payments };
  // Calls go through `outside` at call time, so a test's double takes effect at once.
  const lateOutside: BookingOutside = {
    travel: {
      book: (request) => outside.travel.book(request),
      cancel: (kind, orderId, key) => outside.travel.cancel(kind, orderId, key),
      orderByKey: (kind, key) => outside.travel.orderByKey(kind, key),
    },
    payments: {
      authorize: (input) => outside.payments.authorize(input),
      status: (id) => outside.payments.status(id),
      capture: (id, key) => outside.payments.capture(id, key),
      release: (id, key) => outside.payments.release(id, key),
      refund: (id, amount, key) => outside.payments.refund(id, amount, key),
    },
  };
  const flow = withGroupPlans(
    createBookingFlow({
      repository,
      outside: lateOutside,
      queueMail: async (bookingId, kind) => {
        await jobs.enqueue('bookings.mail', { bookingId, kind }, { key: `${kind}:${bookingId}` });
      },
      log: app.log,
      now,
    }),
    { repository, plans: deps.groupPlans, log: app.log, now },
  );
  const languageOf = async (userId: string) =>
    (await deps.settings.settings(userId)).account.language;
  const service = createBookingsService({
    repository,
    flow,
    travel: deps.travel.bookings,
    groupPlans: deps.groupPlans,
    payments: deps.payments,
    currencyOf: deps.settings.currencyOf,
    languageOf,
    rates: deps.rates,
    appUrl: app.config.appUrl,
    log: app.log,
    now,
  });

  async function recover() {
    const at = now();
    const stuck = await repository.stuck(
      ACTIVE_STEPS,
      new Date(at.getTime() - STUCK_AFTER_MS),
      at,
      RECOVER_BATCH,
    );
    for (const { id } of stuck) {
      const leased = await repository.lease(id, at, new Date(at.getTime() + LEASE_MS));
      if (!leased) continue;
      const driven = await flow.drive(leased);
      // Finished (or moved on) with no request waiting: the person's open tabs read it again.
      if (driven.status !== leased.status || driven.step !== leased.step) {
        deps.live?.tell([driven.userId], 'bookings');
      }
    }
  }

  async function sendMail(bookingId: string, kind: MailKind) {
    const row = await repository.find(bookingId);
    if (!row) return;
    if (kind === 'confirmation' && row.status === 'processing') {
      // Queued just before the booking was marked confirmed: try again shortly.
      throw new Error(`booking ${bookingId} is not confirmed yet`);
    }
    if (kind === 'confirmation' && row.status !== 'confirmed') return;
    // In the notification centre whatever the email switches say (issue 16 §3); once per booking.
    const place = {
      destination: row.destination,
      country: row.country,
      countryCode: row.countryCode,
    };
    await (kind === 'confirmation'
      ? deps.notifications.notify(
          row.userId,
          'booking_confirmed',
          {
            bookingId,
            reference: row.reference,
            ...place,
            total: { amount: fromMinor(row.totalMinor, row.currency), currency: row.currency },
            automatic: row.automatic,
          },
          { key: `booking_confirmed:${bookingId}` },
        )
      : deps.notifications.notify(
          row.userId,
          'booking_cancelled',
          {
            bookingId,
            reference: row.reference,
            ...place,
            refund: {
              amount: fromMinor(row.refundMinor ?? 0, row.currency),
              currency: row.currency,
            },
          },
          { key: `booking_cancelled:${bookingId}` },
        ));
    const ics = kind === 'confirmation' ? await service.calendarOf(row.userId, [row]) : '';
    const table = deps.rates.table();
    await deps.notifications.send(
      row.userId,
      'bookingConfirmations',
      (recipient) => {
        if (kind === 'cancellation') {
          return cancellationContent(row, recipient, { appUrl: app.config.appUrl });
        }
        const converted =
          recipient.currency === row.currency
            ? null
            : convertMoney(
                table,
                fromMinor(row.totalMinor, row.currency),
                row.currency,
                recipient.currency,
              );
        return confirmationContent(row, recipient, {
          appUrl: app.config.appUrl,
          ics,
          converted: converted
            ? { amount: converted.amount, currency: recipient.currency, rate: converted.rate }
            : null,
        });
      },
      { key: `booking:${kind}:${bookingId}` },
    );
  }

  jobs.work('bookings.recover', async () => recover(), { retries: 1, backoffMs: 30_000 });
  jobs.schedule('bookings.recover', { everyMs: RECOVER_EVERY_MS });
  jobs.work<{ bookingId: string; kind: MailKind }>(
    'bookings.mail',
    async (payload) => sendMail(payload.bookingId, payload.kind),
    { retries: 5, backoffMs: 15_000 },
  );

  app.decorate('bookings', { service, outside, recover });
  await app.register(async (scope) => {
    // Booked, cancelled, a calendar link made or revoked: the person's other tabs read again.
    const live = deps.live;
    if (live) {
      announceChanges(scope, live, 'bookings');
      // A declined card or a provider's refusal is an answer of its own (402, 409), and leaves a
      // failed booking in My Trips all the same.
      scope.addHook('onSend', async (request, reply, payload) => {
        if (request.method === 'POST' && [402, 409].includes(reply.statusCode) && request.auth) {
          live.tell([request.auth.userId], 'bookings');
        }
        return payload;
      });
    }
    await scope.register(bookingsRoutes, { prefix: '/api/travel/bookings', service });
  });
  await app.register(calendarFeedRoutes, { prefix: '/api/calendar', service });
  const autoBooking: AutoBookingPort = {
    quote: service.quote,
    create: service.create,
    async findByKey(userId, idempotencyKey) {
      const row = await repository.findByKey(userId, idempotencyKey);
      return row ? bookingView(row) : null;
    },
    chargeOf: amountFor,
  };
  return { trips: createTripsPort({ repository, rates: deps.rates, now }), autoBooking };
}
