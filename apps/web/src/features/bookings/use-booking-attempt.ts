import { useCallback, useRef, useState } from 'react';
import {
  bookingFailedErrorSchema,
  priceChangedErrorSchema,
  type Booking,
  type BookingQuoteResponse,
  type CreateBookingRequest,
} from '@vowa/shared/bookings/booking-schemas';
import type { PaymentAction } from '@vowa/shared/payments/payment-schemas';
import { ApiError, errorMessage } from '../../lib/api-client';
import { errorCodeText } from '../../lib/error-text';
import { createBooking } from './booking-api';
import type { PendingAttempt, PendingAttemptSlot } from './pending-attempts';

type Attempt = PendingAttempt;

/** How the last send ended, when it did not book. */
export type AttemptProblem =
  /** 409: the price moved; nothing charged, the review asks again (with the new prices). */
  | { kind: 'price_changed'; quote: BookingQuoteResponse | null }
  /** 402: the card was declined, with the provider's message. */
  | { kind: 'declined'; message: string }
  /** 403: booking needs a verified address. */
  | { kind: 'unverified' }
  /** The booking failed at a provider after all; any hold on the card was released. */
  | { kind: 'failed'; booking: Booking }
  /** Refused for good (nothing charged): a new attempt may send another body. */
  | { kind: 'refused'; message: string }
  /** No clear answer (network, 5xx): the same attempt must be sent again, never a new one. */
  | { kind: 'unsure'; error: unknown };

export type AttemptState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'action'; action: PaymentAction }
  | { phase: 'problem'; problem: AttemptProblem }
  | { phase: 'booked'; booking: Booking };

const newKey = () => crypto.randomUUID();

/** The 409's new prices as a quote the review can show old → new. */
function quoteOf(body: unknown): BookingQuoteResponse | null {
  const parsed = priceChangedErrorSchema.safeParse(body);
  if (!parsed.success) return null;
  const { items, total, previousTotal } = parsed.data;
  const validUntil = items
    .map((item) => item.validUntil)
    .sort()
    .at(0);
  if (!validUntil) return null;
  return { items, total, previousTotal, priceChanged: true, display: null, validUntil };
}

function problemOf(error: unknown): AttemptProblem {
  if (!(error instanceof ApiError)) return { kind: 'unsure', error };
  if (error.code === 'price_changed') return { kind: 'price_changed', quote: quoteOf(error.body) };
  if (error.code === 'payment_declined' || error.code === 'payment_insufficient_funds') {
    // In the person's language first; the provider's (English) words only for an unknown code.
    return {
      kind: 'declined',
      message: errorCodeText(error.code) ?? error.detail ?? error.message,
    };
  }
  const failed = bookingFailedErrorSchema.safeParse(error.body);
  if (failed.success) return { kind: 'failed', booking: failed.data.booking };
  if (error.code === 'email_not_verified') return { kind: 'unverified' };
  // No answer, a server failure or a timeout: the booking may or may not exist.
  if (error.status === 0 || error.status >= 500 || error.status === 408) {
    return { kind: 'unsure', error };
  }
  return { kind: 'refused', message: errorMessage(error) };
}

/** What one send of the attempt came to. */
async function outcomeOf(attempt: Attempt): Promise<AttemptState> {
  try {
    const answer = await createBooking(attempt.key, attempt.body);
    if (answer.kind === 'action') return { phase: 'action', action: answer.action };
    if (answer.booking.status === 'failed') {
      return { phase: 'problem', problem: { kind: 'failed', booking: answer.booking } };
    }
    return { phase: 'booked', booking: answer.booking };
  } catch (error) {
    return { phase: 'problem', problem: problemOf(error) };
  }
}

/**
 * Exactly once from the browser's side: a key is made once per review (`renew`), the body is
 * fixed at the first send, and every retry, second click or confirmation step sends that key
 * and body again. Only a definite refusal (nothing charged) lets the next send be a new intent.
 */
export function useBookingAttempt(
  onSettled: (outcome: AttemptState) => void,
  slot?: PendingAttemptSlot,
) {
  // An attempt still unanswered from an earlier opening of the same items: continued, not renewed.
  const [resumed] = useState(() => slot?.load() ?? null);
  const keyRef = useRef(resumed?.key ?? newKey());
  const attemptRef = useRef<Attempt | null>(resumed);
  const sendingRef = useRef(false);
  const [state, setState] = useState<AttemptState>(() =>
    resumed ? { phase: 'problem', problem: { kind: 'unsure', error: null } } : { phase: 'idle' },
  );

  const send = useCallback(
    async (attempt: Attempt): Promise<AttemptState> => {
      setState({ phase: 'sending' });
      const next = await outcomeOf(attempt);
      if (
        next.phase !== 'action' &&
        !(next.phase === 'problem' && next.problem.kind === 'unsure')
      ) {
        // Settled: a booking, or a refusal with nothing charged. The next send is a new intent.
        attemptRef.current = null;
        slot?.clear();
        if (next.phase === 'problem') keyRef.current = newKey();
      }
      setState(next);
      if (attemptRef.current === null) onSettled(next);
      return next;
    },
    [onSettled, slot],
  );

  /**
   * Sends the pending attempt again, or starts one with the body `prepare` gives (it may
   * tokenise a card; a string is a message to show instead). Ignored while a send is under way.
   */
  const submit = useCallback(
    async (
      prepare: () => Promise<CreateBookingRequest | { error: string }>,
    ): Promise<AttemptState | undefined> => {
      if (sendingRef.current) return undefined;
      sendingRef.current = true;
      try {
        let attempt = attemptRef.current;
        if (!attempt) {
          setState({ phase: 'sending' });
          // Preparing (tokenising a card, say) failing sent nothing: a refusal, not a hang.
          const body = await prepare().catch((error: unknown) => ({ error: errorMessage(error) }));
          if ('error' in body) {
            const next: AttemptState = {
              phase: 'problem',
              problem: { kind: 'refused', message: body.error },
            };
            setState(next);
            return next;
          }
          attempt = { key: keyRef.current, body };
          attemptRef.current = attempt;
          // Kept beyond this dialog until the server answers for sure (see pending-attempts.ts).
          slot?.save(attempt);
        }
        return await send(attempt);
      } finally {
        sendingRef.current = false;
      }
    },
    [send, slot],
  );

  /** After the card's confirmation step: the same key and body again, and the flow resumes. */
  const resume = useCallback(async () => {
    const attempt = attemptRef.current;
    if (!attempt || sendingRef.current) return undefined;
    sendingRef.current = true;
    try {
      return await send(attempt);
    } finally {
      sendingRef.current = false;
    }
  }, [send]);

  /** A new review was accepted: the next intent gets its own key. */
  const renew = useCallback(() => {
    if (attemptRef.current) return;
    keyRef.current = newKey();
    setState({ phase: 'idle' });
  }, []);

  return {
    state,
    submit,
    resume,
    renew,
    /** An attempt whose outcome is not known yet: its card and details may not change. */
    pending: () => attemptRef.current !== null,
    /** The body of the pending attempt (the 409's items, to re-quote). */
    pendingBody: () => attemptRef.current?.body ?? null,
  };
}
