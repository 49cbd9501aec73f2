import { useMutation, useQuery } from '@tanstack/react-query';
import { autoBookingStatusSchema } from '@vowa/shared/watches/watch-schemas';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { watchKeys } from '../../lib/watch-keys';

/**
 * What auto-booking would do right now (`GET /api/travel/watches/auto_booking`): the card it
 * would pay with, whether the address is verified, the Auto-Book watches. The live link
 * refreshes it when watches or bookings change; a card added in Settings is read when the modal
 * or the budget screen opens again.
 */
export function useAutoBookingStatus({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useSession();
  return useQuery({
    queryKey: watchKeys.autoBooking(),
    queryFn: ({ signal }) =>
      apiRequest('/travel/watches/auto_booking', { signal, schema: autoBookingStatusSchema }),
    enabled: Boolean(user) && enabled,
  });
}

/** Mails the verification link again (auto-booking books only for a verified address). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest('/auth/resend_verification', { method: 'POST', body: {} }),
  });
}

/** Why the server refused to turn auto-booking on (its 422 codes), when it did. */
export type AutoBookingRefusal = 'card' | 'email' | null;

export function refusalOf(code: string | undefined): AutoBookingRefusal {
  if (code === 'auto_booking_needs_card') return 'card';
  if (code === 'email_not_verified') return 'email';
  return null;
}
