import { useQuery } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  bookingListResponseSchema,
  bookingResponseSchema,
  calendarFeedResponseSchema,
  calendarFeedStatusSchema,
  cancellationTermsSchema,
  type Booking,
  type BookingListResponse,
  type CalendarFeedResponse,
  type MoneyMinor,
} from '@vowa/shared/bookings/booking-schemas';
import { apiRequest, authorizedFetch } from '../../lib/api-client';
import { bookingKeys } from '../../lib/booking-keys';
import { useSession } from '../../lib/session-context';

const BASE = '/travel/bookings';

function useUserId() {
  const { user, status } = useSession();
  return { userId: user?.id ?? '', signedIn: status === 'signed-in' && !!user };
}

/** How often My Trips reads again while a booking is still being confirmed or paid. */
export const TRIPS_POLL_MS = 3_000;
const IN_FLIGHT: ReadonlySet<Booking['status']> = new Set(['processing', 'awaiting_payment']);

/** Whether any of these bookings is still on its way to a final state. */
export function anyInFlight(list: BookingListResponse | undefined): boolean {
  return (
    !!list && [...list.upcoming, ...list.past].some((booking) => IN_FLIGHT.has(booking.status))
  );
}

/**
 * GET /: upcoming trips (soonest first) and past ones (latest first), read again every
 * TRIPS_POLL_MS while a booking is `processing` or `awaiting_payment`.
 */
export function useBookings() {
  const { userId, signedIn } = useUserId();
  return useQuery({
    queryKey: bookingKeys.list(userId),
    queryFn: ({ signal }) => apiRequest(BASE, { schema: bookingListResponseSchema, signal }),
    enabled: signedIn,
    refetchInterval: (query) => (anyInFlight(query.state.data) ? TRIPS_POLL_MS : false),
  });
}

/** GET /:id/cancellation: what cancelling would refund now, read when the person asks. */
export function useCancellationTerms(bookingId: string) {
  const { userId } = useUserId();
  return useQuery({
    queryKey: [...bookingKeys.all, userId, 'cancellation', bookingId],
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/${encodeURIComponent(bookingId)}/cancellation`, {
        schema: cancellationTermsSchema,
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** POST /:id/cancel with the key made when the dialog opened: a retry never refunds twice. */
export async function cancelBooking(
  bookingId: string,
  key: string,
  acceptedRefund: MoneyMinor,
): Promise<Booking> {
  const answer = await apiRequest(`${BASE}/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
    body: { acceptedRefund },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    schema: bookingResponseSchema,
  });
  return answer.booking;
}

/** GET /:id/calendar.ics, saved as a file (the call needs the bearer token, so not a link). */
export async function downloadCalendarFile(booking: Booking): Promise<void> {
  const response = await authorizedFetch(`${BASE}/${encodeURIComponent(booking.id)}/calendar.ics`, {
    accept: 'text/calendar',
  });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${booking.reference}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** GET /calendar_feed: whether a subscription link exists (its address is shown only once). */
export function useCalendarFeed() {
  const { userId, signedIn } = useUserId();
  return useQuery({
    queryKey: bookingKeys.calendarFeed(userId),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/calendar_feed`, { schema: calendarFeedStatusSchema, signal }),
    enabled: signedIn,
  });
}

/** POST /calendar_feed: a new private link (any earlier one stops working). */
export function createCalendarFeed(): Promise<CalendarFeedResponse> {
  return apiRequest(`${BASE}/calendar_feed`, {
    method: 'POST',
    body: {},
    schema: calendarFeedResponseSchema,
  });
}

export function revokeCalendarFeed(): Promise<unknown> {
  return apiRequest(`${BASE}/calendar_feed`, { method: 'DELETE' });
}
