import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  bookingActionResponseSchema,
  bookingQuoteResponseSchema,
  bookingResponseSchema,
  type Booking,
  type BookingActionResponse,
  type BookingQuoteRequest,
  type BookingQuoteResponse,
  type CreateBookingRequest,
} from '@vowa/shared/bookings/booking-schemas';
import { profileSchema } from '@vowa/shared/profile/profile-schemas';
import { apiRequest } from '../../lib/api-client';
import { bookingKeys } from '../../lib/booking-keys';
import { useSession } from '../../lib/session-context';

const BASE = '/travel/bookings';

/** POST /quote: every item priced by its provider right now, against what it was quoted at. */
export function requoteBooking(
  request: BookingQuoteRequest,
  signal?: AbortSignal,
): Promise<BookingQuoteResponse> {
  return apiRequest(`${BASE}/quote`, {
    method: 'POST',
    body: request,
    schema: bookingQuoteResponseSchema,
    signal,
  });
}

/** What POST / answered: the booking (new or replayed), or a confirmation step to run first. */
export type CreateBookingAnswer =
  | { kind: 'booked'; booking: Booking }
  | { kind: 'action'; booking: Booking; action: NonNullable<BookingActionResponse['action']> };

/**
 * POST / with the attempt's Idempotency-Key. The same key and body always name the same
 * booking: a retry (or a second tab) gets the first answer, never a second charge.
 */
export async function createBooking(
  key: string,
  body: CreateBookingRequest,
): Promise<CreateBookingAnswer> {
  const answer = await apiRequest(BASE, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });
  const pending = bookingActionResponseSchema.safeParse(answer);
  // A 202 without an action is a booking the server is still confirming (`processing`).
  if (pending.success && pending.data.action) {
    return { kind: 'action', booking: pending.data.booking, action: pending.data.action };
  }
  return { kind: 'booked', booking: bookingResponseSchema.parse(answer).booking };
}

/** How often a booking the providers are still confirming is read again. */
export const BOOKING_POLL_MS = 2_000;
const FINAL_STATUSES: ReadonlySet<Booking['status']> = new Set([
  'confirmed',
  'failed',
  'cancelled',
]);

/**
 * GET /:id every BOOKING_POLL_MS while the booking is `processing` or `awaiting_payment`,
 * stopping at a final state (then My Trips and the profile read again). A booking already
 * final is shown as answered, without a read.
 */
export function useLiveBooking(answered: Booking): Booking {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: bookingKeys.one(userId, answered.id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/${encodeURIComponent(answered.id)}`, {
          schema: bookingResponseSchema,
          signal,
        })
      ).booking,
    initialData: answered,
    enabled: !FINAL_STATUSES.has(answered.status),
    refetchInterval: (current) =>
      current.state.data && FINAL_STATUSES.has(current.state.data.status) ? false : BOOKING_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const booking = query.data;
  const wasFinal = useRef(FINAL_STATUSES.has(answered.status));
  useEffect(() => {
    if (wasFinal.current || !FINAL_STATUSES.has(booking.status)) return;
    wasFinal.current = true;
    void queryClient.invalidateQueries({ queryKey: bookingKeys.list(userId) });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [booking.status, queryClient, userId]);
  return booking;
}

export function resendVerification() {
  return apiRequest('/auth/resend_verification', { method: 'POST', body: {} });
}

/** The person's profile, for the contact prefilled on the review step. */
export function useContactProfile() {
  const { user, status } = useSession();
  return useQuery({
    queryKey: ['profile', user?.id ?? '', 'me'],
    queryFn: ({ signal }) =>
      apiRequest('/user_management/get_myprofile', { schema: profileSchema, signal }),
    enabled: status === 'signed-in' && !!user,
    staleTime: 60_000,
  });
}
