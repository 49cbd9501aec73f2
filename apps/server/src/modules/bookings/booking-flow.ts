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
  /** Unwinding or cancelling kept failing: resting, logged at error level for a person. */
  attention: 'attention',
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

/**
 * How long a driver (request or job) holds a booking; renewed at every recovery point and right
 * before each outside call, so it outlasts the slowest provider call (their timeouts are far
 * shorter). Only when it lapses (the driver died) does another driver take the booking.
 */
export const LEASE_MS = 5 * 60_000;
/**
 * Background drives of one step that failed without an answer (outage, timeout) before the
 * booking stops retrying: before capture it is unwound; unwinding or cancelling then counts cancels
 * the provider still does not answer as refused, and after LAST_TRIES more it rests at
 * `attention`.
 */
export const MAX_ATTEMPTS = 10;
const LAST_TRIES = 3;
/** Steps that are given up (unwound) once they have failed MAX_ATTEMPTS times. */
const GIVE_UP_STEPS: string[] = [STEPS.created, STEPS.authorized, STEPS.booked];
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
  gaveUp: 'The provider did not answer in time, so the booking was stopped. Nothing was charged.',
  unwindStalled:
    'The booking could not be completed and undoing it needs our team, who will contact you.',
  cancelStalled: 'Cancelling needs our team to finish it; they will contact you about the refund.',
  providerSilent: 'The provider did not answer the cancellation.',
} as const;

/** A write found the booking leased to another driver: this drive stops, the holder goes on. */
class LeaseLost extends Error {
  constructor(bookingId: string) {
    super(`booking ${bookingId} is driven by another lease holder`);
    this.name = 'LeaseLost';
  }
}

/** The outside world a booking talks to; an object so tests can put a failing double in. */
export type BookingOutside = {
  travel: Pick<TravelBookingService, 'book' | 'cancel' | 'orderByKey'>;
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

  /**
   * Saves a recovery point and renews the lease, only while this driver's lease holds it; a
   * lease taken over (ours lapsed) stops this drive.
   */
  async function save(row: BookingRow, changes: BookingChanges) {
    const saved = await repository.updateLeased(row.id, row.leaseId!, {
      ...changes,
      leaseUntil: new Date(now().getTime() + LEASE_MS),
    });
    if (!saved) throw new LeaseLost(row.id);
    return saved;
  }
  /** Renews the lease right before an outside call (and proves it is still ours). */
  const renew = (row: BookingRow) => save(row, {});
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
  async function resumeAction(leased: BookingRow, paymentId: string) {
    const row = await renew(leased);
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
      await renew(row);
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

  async function authorize(leased: BookingRow): Promise<BookingRow> {
    if (leased.paymentId && leased.status === 'awaiting_payment')
      return resumeAction(leased, leased.paymentId);
    const row = await renew(leased);
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
      current = await renew(current);
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

  async function capture(leased: BookingRow): Promise<BookingRow> {
    const row = await renew(leased);
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
    // "Within 24 hours of booking": the window runs from when the person booked, not from
    // when the provider got round to confirming.
    return moveTo(row, STEPS.confirmed, {
      status: 'confirmed',
      confirmedAt: now(),
      freeCancellationUntil: new Date(row.createdAt.getTime() + FREE_CANCELLATION_MS),
    });
  }

  /**
   * An item still `pending` while unwinding may have been booked by a call whose answer was
   * lost (a timeout, then giving up): the provider's order under the item's key says.
   */
  async function findLostOrders(row: BookingRow): Promise<BookingRow> {
    let current = row;
    for (const [index, item] of current.items.entries()) {
      if (item.status !== 'pending') continue;
      const order = await deps.outside.travel.orderByKey(item.kind, key(current, 'item', index));
      if (!order || order.status !== 'confirmed') continue;
      current = await save(current, {
        items: withItem(current.items, index, {
          status: 'confirmed',
          providerReference: order.reference,
          providerOrderId: order.orderId,
          providerAmountMinor: order.amountMinor,
        }),
      });
    }
    return current;
  }

  /**
   * Cancels what the provider confirmed, one recovery point per item, recording what the
   * provider refunded. A definitive refusal (or, once the booking is being given up, a provider
   * that still does not answer) marks the item `cancel_failed` with the reason, logged at error
   * level for a person to follow up, and the rest goes on: nothing else waits on it.
   */
  async function cancelItems(row: BookingRow): Promise<BookingRow> {
    let current = row;
    for (const [index, item] of current.items.entries()) {
      if (item.status !== 'confirmed' || !item.providerOrderId) continue;
      current = await renew(current);
      let refund;
      try {
        refund = await deps.outside.travel.cancel(
          item.kind,
          item.providerOrderId,
          key(current, 'item', index, 'cancel'),
        );
      } catch (error) {
        const definitive =
          error instanceof TravelProviderError && !['busy', 'unavailable'].includes(error.kind);
        if (!definitive && current.attempts < MAX_ATTEMPTS) throw error;
        const reason = definitive ? (error as Error).message : flowMessages.providerSilent;
        deps.log.error(
          { err: error, bookingId: current.id, item: index, orderId: item.providerOrderId },
          'the provider did not cancel a booked item; it needs a person',
        );
        current = await save(current, {
          items: withItem(current.items, index, { status: 'cancel_failed', cancelFailure: reason }),
        });
        continue;
      }
      current = await save(current, {
        items: withItem(current.items, index, {
          status: 'cancelled',
          providerRefundMinor: Math.min(refund.refundAmountMinor, item.amountMinor),
        }),
      });
    }
    return current;
  }

  /**
   * Back out of a booking the provider would not complete: the hold is released first (nothing
   * was captured, so nothing the cancels do can keep the money held), then what was booked is
   * cancelled; had capture happened, it is refunded.
   */
  async function unwind(row: BookingRow): Promise<BookingRow> {
    let current = row;
    const paymentId = current.paymentId;
    const held = ['authorized', 'requires_action'].includes(current.paymentStatus);
    if (paymentId && held) {
      current = await renew(current);
      try {
        await deps.outside.payments.release(paymentId, key(current, 'release'));
        current = await save(current, { paymentStatus: 'released' });
      } catch (error) {
        // Captured after all (a capture whose answer was lost): refunded below instead.
        if (!isDefinitive(error)) throw error;
        if ((await deps.outside.payments.status(paymentId)) !== 'captured') throw error;
        current = await save(current, { paymentStatus: 'captured' });
      }
    }
    current = await cancelItems(await findLostOrders(current));
    if (paymentId && current.paymentStatus === 'captured') {
      // Only if capture went through before the refusal was known: give it all back.
      current = await renew(current);
      await deps.outside.payments.refund(paymentId, current.totalMinor, key(current, 'refund'));
      current = await save(current, { paymentStatus: 'refunded', refundMinor: current.totalMinor });
    }
    return moveTo(current, STEPS.failed, { status: 'failed' });
  }

  /**
   * The person is refunded what was promised when they confirmed (`refundMinor`, checked
   * against the provider's terms as of that moment). Within Vowa's free window that is
   * everything, whatever the providers give back. After it, never more than the providers
   * actually refunded: a deadline that passed between the claim and a retried cancel lowers it.
   */
  async function cancel(row: BookingRow): Promise<BookingRow> {
    let current = await cancelItems(row);
    const promised = current.refundMinor ?? 0;
    // stepAt is when the cancellation was claimed (recovery points below keep it).
    const free =
      current.freeCancellationUntil !== null && current.stepAt < current.freeCancellationUntil;
    const returned = current.items.reduce((sum, item) => sum + (item.providerRefundMinor ?? 0), 0);
    const refund = free ? promised : Math.min(promised, returned);
    if (refund < promised) {
      deps.log.warn(
        { bookingId: current.id, promised, refund },
        'the providers refunded less than the terms promised; refunding what they returned',
      );
    }
    const paymentId = current.paymentId;
    if (refund > 0 && paymentId && current.paymentStatus === 'captured') {
      current = await renew(current);
      await deps.outside.payments.refund(paymentId, refund, key(current, 'refund'));
      current = await save(current, {
        paymentStatus: refund >= current.totalMinor ? 'refunded' : 'partially_refunded',
        refundMinor: refund,
      });
    } else if (refund !== promised) {
      current = await save(current, { refundMinor: refund });
    }
    await deps.queueMail(current.id, 'cancellation');
    return moveTo(current, STEPS.cancelled, { status: 'cancelled', cancelledAt: now() });
  }

  /** A step that kept failing without an answer before capture: stop and undo it. */
  function giveUp(row: BookingRow): Promise<BookingRow> {
    deps.log.error(
      { bookingId: row.id, step: row.step, attempts: row.attempts },
      'booking step kept failing; unwinding the booking',
    );
    return moveTo(row, STEPS.unwinding, {
      status: 'processing',
      paymentAction: null,
      failureCode: 'booking_failed',
      failureReason: flowMessages.gaveUp,
    });
  }

  /** Unwinding or cancelling that still cannot finish: rests for a person, never retried. */
  function stall(row: BookingRow): Promise<BookingRow> {
    deps.log.error(
      { bookingId: row.id, step: row.step, attempts: row.attempts, items: row.items },
      'booking could not be unwound or cancelled; it needs a person',
    );
    return moveTo(
      row,
      STEPS.attention,
      row.step === STEPS.unwinding
        ? { status: 'failed', failureReason: flowMessages.unwindStalled }
        : { failureCode: 'booking_failed', failureReason: flowMessages.cancelStalled },
    );
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
      if (current.attempts >= MAX_ATTEMPTS && GIVE_UP_STEPS.includes(current.step)) {
        current = await giveUp(current);
        continue;
      }
      const undoing = current.step === STEPS.unwinding || current.step === STEPS.cancelling;
      if (undoing && current.attempts >= MAX_ATTEMPTS + LAST_TRIES) return stall(current);
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
      const leaseId = row.leaseId;
      if (!leaseId) throw new Error(`booking ${row.id} driven without a lease`);
      try {
        return await advance(row);
      } catch (error) {
        if (error instanceof LeaseLost) {
          // Our lease lapsed during a call and another driver holds it now: it goes on.
          deps.log.info({ bookingId: row.id }, 'booking taken over by another driver');
          return (await repository.find(row.id)) ?? row;
        }
        deps.log.warn(
          { err: error, bookingId: row.id, step: row.step },
          'booking step failed; the recovery job resumes it',
        );
        const latest = (await repository.find(row.id)) ?? row;
        const counted = await repository.updateLeased(row.id, leaseId, {
          attempts: latest.attempts + 1,
        });
        return counted ?? latest;
      } finally {
        // Only our own lease: one taken over belongs to its new holder.
        await repository.releaseLease(row.id, leaseId);
      }
    },
  };
}

export type BookingFlow = ReturnType<typeof createBookingFlow>;

function withItem(items: StoredBookingItem[], index: number, changes: Partial<StoredBookingItem>) {
  return items.map((item, at) => (at === index ? { ...item, ...changes } : item));
}
