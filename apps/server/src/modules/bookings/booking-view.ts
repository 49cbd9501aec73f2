import type { Booking, BookingStatus } from '@vowa/shared/bookings/booking-schemas';
import type { BookingRow } from './bookings-repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The person's view of a booking: no offers' raw data, no provider order ids, no keys. */
export function bookingView(row: BookingRow): Booking {
  return {
    id: row.id,
    status: row.status as BookingStatus,
    reference: row.reference,
    destination: row.destination,
    country: row.country,
    countryCode: row.countryCode,
    startDate: row.startDate,
    endDate: row.endDate,
    nights: row.nights,
    travelerCount: row.travelerCount,
    travelers: row.travelers.map((traveler) => ({
      givenName: traveler.givenName,
      familyName: traveler.familyName,
      bornOn: traveler.bornOn ?? null,
      gender: traveler.gender ?? null,
    })),
    contact: { email: row.contact.email, phone: row.contact.phone ?? null },
    items: row.items.map((item) => ({
      kind: item.kind,
      quoteId: item.quoteId,
      title: item.title,
      detail: item.detail,
      startsAt: item.startsAt,
      endsAt: item.endsAt,
      providerReference: item.providerReference,
      amountMinor: item.amountMinor,
      currency: item.currency,
      status: item.status,
    })),
    total: { amountMinor: row.totalMinor, currency: row.currency },
    display: row.display ?? null,
    payment: {
      brand: row.paymentBrand,
      last4: row.paymentLast4,
      status: row.paymentStatus as Booking['payment']['status'],
      reference: row.paymentId,
    },
    source: row.source as Booking['source'],
    automatic: row.automatic,
    specialRequests: row.specialRequests,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    cancelledAt: iso(row.cancelledAt),
    freeCancellationUntil: iso(row.freeCancellationUntil),
    failureReason: row.failureReason,
    failureCode: row.failureCode,
    // Promised while cancelling; stated once it is done.
    refund:
      row.refundMinor !== null && (row.status === 'cancelled' || row.status === 'failed')
        ? { amountMinor: row.refundMinor, currency: row.currency }
        : null,
  };
}
