import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { PaymentsService } from '../payments/payments-module';
import { TravelProviderError, type TravelBookingService } from '../travel/travel-booking-service';
import type { StoredBookingItem } from './booking-items';
import type { BookingRow, BookingsRepository, BookingChanges } from './bookings-repository';

/**
 * The booking's state machine. `step` is the last recovery point reached:
 *
 *   created ─authorize→ authorized ─book each item→ booked ─capture→ captured ─mail→ confirmed
 *      │  (requires_action: status awaiting_payment, resumed by a retry or the job)
 *      └ declined → failed            provider refused / capture impossible → unwinding → failed
 *   confirmed ─cancel (claimed)→ cancelling ─cancel items, refund, mail→ cancelled
 *
 * Every outside call carries a key derived from the booking id and the step, so repeating a
 * step after a crash (the recovery job, a retried request) repeats nothing at the provider or
 * the payment provider. A definitive refusal moves the booking back (unwinding); a failure that
 * says nothing (timeout, outage, crash) keeps the recovery point for the job to resume.
 */
export const STEPS = {
  created: 'created',
  authorized: 'authorized',
  booked: 'booked',
  captured: 'captured',
  confirmed: 'confirmed',
  unwinding: 'unwinding',
  failed: 'failed',
  cancelling: 'cancelling',
  cancelled: 'cancelled',
} as const;

/** Steps the recovery job drives on (the others are resting states). */
export const ACTIVE_STEPS = [
  STEPS.created,
  STEPS.authorized,
  STEPS.booked,
  STEPS.captured,
  STEPS.unwinding,
  STEPS.cancelling,
];

/** How long a driver (request or job) holds a booking; renewed at every recovery point. */
export const LEASE_MS = 60_000;
/** A confirmation step nobody completed is given up after this long (the hold released). */
export const ACTION_TIMEOUT_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;
export const FREE_CANCELLATION_MS = 24 * HOUR_MS;

export const flowMessages = {
  actionExpired: 'The payment was not confirmed in time.',
  paymentDeclined: 'Your card was declined.',
  priceChanged:
    'The provider no longer offers this at the price you accepted. Nothing was charged.',
  soldOut:
    'The provider could not confirm this booking: it is no longer available. Nothing was charged.',
  nothingCharged: 'Nothing was charged.',
  holdExpired: 'The payment hold expired before the provider confirmed. Nothing was charged.',
} as const;

/** The outside world a booking talks to; an object so tests can put a failing double in. */
export type BookingOutside = {
  travel: Pick<TravelBookingService, 'book' | 'cancel'>;
  payments: Pick<PaymentsService, 'authorize' | 'status' | 'capture' | 'release' | 'refund'>;
};

export type FlowDependencies = {
  repository: BookingsRepository;
  outside: BookingOutside;
  /** Queues the confirmation or cancellation mail (a keyed job: sent once). */
  queueMail: (bookingId: string, kind: 'confirmation' | 'cancellation') => Promise<void>;
  log: FastifyBaseLogger;
  now: () => Date;
};

const key = (row: BookingRow, ...parts: (string | number)[]) =>
  ['booking', row.id, ...parts].join(':');

/** An AppError a payment call answers with that says the call will never succeed. */
const isDefinitive = (error: unknown): error is AppError =>
  error instanceof AppError && error.status < 500 && error.status !== 429;

export function createBookingFlow(deps: FlowDependencies) {
  const { repository, now } = deps;

  /** Saves a recovery point and renews the lease. */
  const save = (row: BookingRow, changes: BookingChanges) =>
    repository.update(row.id, { ...changes, leaseUntil: new Date(now().getTime() + LEASE_MS) });
  const moveTo = (row: BookingRow, step: string, changes: BookingChanges = {}) =>
    save(row, { ...changes, step, stepAt: now(), attempts: 0 });

  async function failPayment(
    row: BookingRow,
    code: string,
    reason: string,
    paymentId: string | null = row.paymentId,
  ) {
    return moveTo(row, STEPS.failed, {
      status: 'failed',
      paymentId,
      paymentStatus: 'declined',
      paymentAction: null,
      failureCode: code,
      failureReason: reason,
    });
  }

  /** A confirmation step asked for earlier: completed, still waiting, failed or given up. */
  async function resumeAction(row: BookingRow, paymentId: string) {
    const state = await deps.outside.payments.status(paymentId);
    if (state === 'authorized' || state === 'captured') {
      return moveTo(row, STEPS.authorized, {
        status: 'processing',
        paymentStatus: 'authorized',
        paymentAction: null,
      });
    }
    if (state === 'requires_action') {
      if (now().getTime() - row.stepAt.getTime() < ACTION_TIMEOUT_MS) return row;
      await deps.outside.payments.release(paymentId, key(row, 'release'));
      return moveTo(row, STEPS.failed, {
        status: 'failed',
        paymentStatus: 'released',
        paymentAction: null,
        failureCode: 'payment_action_required',
        failureReason: flowMessages.actionExpired,
      });
    }
    return failPayment(row, 'payment_declined', flowMessages.paymentDeclined);
  }

  async function authorize(row: BookingRow): Promise<BookingRow> {
    if (row.paymentId && row.status === 'awaiting_payment') return resumeAction(row, row.paymentId);
    let result;
    try {
      result = await deps.outside.payments.authorize({
        userId: row.userId,
        paymentMethodId: row.paymentMethodId,
        amountMinor: row.totalMinor,
        currency: row.currency,
        description: `Vowa ${row.reference}`,
        idempotencyKey: key(row, 'authorize'),
      });
    } catch (error) {
      // A card that can never pay (expired, not found): nothing was held.
      if (isDefinitive(error)) return failPayment(row, error.code, error.detail);
      throw error;
    }
    if (result.status === 'authorized') {
      return moveTo(row, STEPS.authorized, {
        paymentId: result.paymentId,
        paymentStatus: 'authorized',
      });
    }
    if (result.status === 'requires_action') {
      return save(row, {
        status: 'awaiting_payment',
        paymentId: result.paymentId,
        paymentStatus: 'requires_action',
        paymentAction: result.action,
        stepAt: now(),
      });
    }
    const code =
      result.declineCode === 'insufficient_funds'
        ? 'payment_insufficient_funds'
        : 'payment_declined';
    return failPayment(row, code, result.message, result.paymentId ?? row.paymentId);
  }

  /** Why the provider's refusal ends the booking, as a failure code and sentence. */
  function refusalOf(error: TravelProviderError) {
    if (error.kind === 'price_changed') return ['price_changed', flowMessages.priceChanged];
    if (error.kind === 'sold_out') return ['offer_unavailable', flowMessages.soldOut];
    // The provider's own sentence says what it needs (a date of birth, a phone number).
    return ['booking_failed', `${error.message} ${flowMessages.nothingCharged}`];
  }

  async function bookItems(row: BookingRow): Promise<BookingRow> {
    let current = row;
    for (const [index, item] of current.items.entries()) {
      if (item.status === 'confirmed') continue;
      let booked;
      try {
        booked = await deps.outside.travel.book({
          kind: item.kind,
          offer: item.offer,
          travellers: current.travelers.map((traveler) => ({
            givenName: traveler.givenName,
            familyName: traveler.familyName,
            bornOn: traveler.bornOn ?? null,
            gender: traveler.gender ?? null,
          })),
          contact: current.contact,
          date: item.date,
          idempotencyKey: key(current, 'item', index),
        });
      } catch (error) {
        const definitive =
          error instanceof TravelProviderError &&
          ['price_changed', 'sold_out', 'rejected'].includes(error.kind);
        if (!definitive) throw error;
        const [code, reason] = refusalOf(error);
        return moveTo(current, STEPS.unwinding, {
          items: withItem(current.items, index, { status: 'failed' }),
          failureCode: code,
          failureReason: reason,
        });
      }
      const confirmed: Partial<StoredBookingItem> = {
        status: 'confirmed',
        providerReference: booked.reference,
        providerOrderId: booked.orderId,
        providerAmountMinor: booked.amountMinor,
        cancellation: booked.cancellation,
      };
      current = await save(current, { items: withItem(current.items, index, confirmed) });
      // The provider confirmed another amount than the quote the person paid for: undo it.
      if (booked.amountMinor !== item.amountMinor || booked.currency !== item.currency) {
        return moveTo(current, STEPS.unwinding, {
          failureCode: 'price_changed',
          failureReason: flowMessages.priceChanged,
        });
      }
    }
    return moveTo(current, STEPS.booked);
  }

  async function capture(row: BookingRow): Promise<BookingRow> {
    try {
      await deps.outside.payments.capture(row.paymentId!, key(row, 'capture'));
    } catch (error) {
      if (!isDefinitive(error)) throw error;
      return moveTo(row, STEPS.unwinding, {
        failureCode: 'booking_failed',
        failureReason: flowMessages.holdExpired,
      });
    }
    return moveTo(row, STEPS.captured, { paymentStatus: 'captured' });
  }

  async function confirm(row: BookingRow): Promise<BookingRow> {
    // Queued first (keyed, so once): if we die before the next line, the job confirms again.
    await deps.queueMail(row.id, 'confirmation');
    const at = now();
    return moveTo(row, STEPS.confirmed, {
      status: 'confirmed',
      confirmedAt: at,
      freeCancellationUntil: new Date(at.getTime() + FREE_CANCELLATION_MS),
    });
  }

  /** Cancels what the provider confirmed, one recovery point per item. */
  async function cancelItems(row: BookingRow): Promise<BookingRow> {
    let current = row;
    for (const [index, item] of current.items.entries()) {
      if (item.status !== 'confirmed' || !item.providerOrderId) continue;
      await deps.outside.travel.cancel(
        item.kind,
        item.providerOrderId,
        key(current, 'item', index, 'cancel'),
      );
      current = await save(current, {
        items: withItem(current.items, index, { status: 'cancelled' }),
      });
    }
    return current;
  }

  /** Back out of a booking the provider would not complete: nothing stays booked or held. */
  async function unwind(row: BookingRow): Promise<BookingRow> {
    let current = await cancelItems(row);
    if (current.paymentId && current.paymentStatus === 'authorized') {
      await deps.outside.payments.release(current.paymentId, key(current, 'release'));
      current = await save(current, { paymentStatus: 'released' });
    }
    if (current.paymentId && current.paymentStatus === 'captured') {
      // Only if capture went through before the refusal was known: give it all back.
      await deps.outside.payments.refund(
        current.paymentId,
        current.totalMinor,
        key(current, 'refund'),
      );
      current = await save(current, { paymentStatus: 'refunded', refundMinor: current.totalMinor });
    }
    return moveTo(current, STEPS.failed, { status: 'failed' });
  }

  async function cancel(row: BookingRow): Promise<BookingRow> {
    let current = await cancelItems(row);
    const refund = current.refundMinor ?? 0;
    if (refund > 0 && current.paymentId && current.paymentStatus === 'captured') {
      await deps.outside.payments.refund(current.paymentId, refund, key(current, 'refund'));
      current = await save(current, {
        paymentStatus: refund >= current.totalMinor ? 'refunded' : 'partially_refunded',
      });
    }
    await deps.queueMail(current.id, 'cancellation');
    return moveTo(current, STEPS.cancelled, { status: 'cancelled', cancelledAt: now() });
  }

  const stepHandlers: Record<string, (row: BookingRow) => Promise<BookingRow>> = {
    [STEPS.created]: authorize,
    [STEPS.authorized]: bookItems,
    [STEPS.booked]: capture,
    [STEPS.captured]: confirm,
    [STEPS.unwinding]: unwind,
    [STEPS.cancelling]: cancel,
  };

  /** Runs steps until the booking rests (or waits for the person); the caller holds the lease. */
  async function advance(row: BookingRow): Promise<BookingRow> {
    let current = row;
    for (;;) {
      const handler = stepHandlers[current.step];
      if (!handler) return current;
      const next = await handler(current);
      if (next.step === current.step && next.status === current.status) return next;
      if (next.status === 'awaiting_payment') return next;
      current = next;
    }
  }

  return {
    /**
     * Drives a leased booking as far as it goes now. A failure that says nothing (outage,
     * timeout, a crash in a call) keeps the recovery point and is left to the recovery job.
     * The lease is given up either way, so the job may take over at once when it is due.
     */
    async drive(row: BookingRow): Promise<BookingRow> {
      try {
        return await advance(row);
      } catch (error) {
        deps.log.warn(
          { err: error, bookingId: row.id, step: row.step },
          'booking step failed; the recovery job resumes it',
        );
        const latest = (await repository.find(row.id)) ?? row;
        return repository.update(row.id, { attempts: latest.attempts + 1 });
      } finally {
        await repository.update(row.id, { leaseUntil: null });
      }
    },
  };
}

export type BookingFlow = ReturnType<typeof createBookingFlow>;

function withItem(items: StoredBookingItem[], index: number, changes: Partial<StoredBookingItem>) {
  return items.map((item, at) => (at === index ? { ...item, ...changes } : item));
}
