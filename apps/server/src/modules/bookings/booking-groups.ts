import type { FastifyBaseLogger } from 'fastify';
import { STEPS, type BookingFlow } from './booking-flow';
import type { BookingRow, BookingsRepository } from './bookings-repository';
import type { GroupBookingOutcome, GroupPlanPort } from './bookings-service';

const ENDED = ['confirmed', 'failed', 'cancelled'] as const;
type Ended = (typeof ENDED)[number];
const isEnded = (status: string): status is Ended => (ENDED as readonly string[]).includes(status);

export const groupFlowMessages = {
  notHeld: 'The group’s plan was not held for this booking. Nothing was charged.',
} as const;

function outcomeOf(row: BookingRow, status: Ended): GroupBookingOutcome {
  return {
    id: row.id,
    userId: row.userId,
    status,
    reference: row.reference,
    totalMinor: row.totalMinor,
    currency: row.currency,
    display: row.display,
    travelerCount: row.travelerCount,
  };
}

/**
 * Group bookings (source 'group', issue 15 §5) through the same state machine, whoever drives
 * it (the request, a retry with its key, the recovery job): a booking whose group plan was
 * never held for it is not driven at all (its request died between inserting and holding),
 * and a booking that reaches confirmed, failed or cancelled tells the group plan, once, by the
 * driver that moved it there.
 */
export function withGroupPlans(
  flow: BookingFlow,
  deps: {
    repository: BookingsRepository;
    plans: GroupPlanPort | undefined;
    log: FastifyBaseLogger;
    now: () => Date;
  },
): BookingFlow {
  const { plans } = deps;
  if (!plans) return flow;
  return {
    async drive(row) {
      if (row.source !== 'group') return flow.drive(row);
      if (row.step === STEPS.created && row.paymentId === null && !(await plans.holds(row.id))) {
        const failed = await deps.repository.updateLeased(row.id, row.leaseId!, {
          status: 'failed',
          step: STEPS.failed,
          stepAt: deps.now(),
          failureCode: 'group_plan_already_booked',
          failureReason: groupFlowMessages.notHeld,
        });
        await deps.repository.releaseLease(row.id, row.leaseId!);
        return failed ?? row;
      }
      const driven = await flow.drive(row);
      if (driven.status !== row.status && isEnded(driven.status)) {
        try {
          await plans.settled(outcomeOf(driven, driven.status));
        } catch (error) {
          deps.log.error(
            { err: error, bookingId: driven.id, status: driven.status },
            'the group plan could not record how its booking ended',
          );
        }
      }
      return driven;
    },
  };
}
