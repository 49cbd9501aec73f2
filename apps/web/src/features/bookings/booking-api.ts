import { useQuery } from '@tanstack/react-query';
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
