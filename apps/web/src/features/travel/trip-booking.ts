import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import type { BookingStart } from '../../lib/booking-flow-context';
import type { WatchTarget } from '../../lib/watch-actions-context';

const titleOf = (trip: TripSuggestion): BookingStart['tripTitle'] => ({
  destination: trip.destination,
  country: trip.country,
  countryCode: trip.countryCode,
});

/**
 * Book Now: the whole trip as its card prices it — both flights, the stay and the suggested
 * experiences (the card's total includes them) — with the quotes of any change the person made.
 */
export function tripBookingStart(trip: TripSuggestion, travelers: number): BookingStart {
  return {
    items: [
      { kind: 'flight', quoteId: trip.flightDetails.outbound.quote.quoteId },
      { kind: 'flight', quoteId: trip.flightDetails.return.quote.quoteId },
      { kind: 'hotel', quoteId: trip.hotel.quote.quoteId },
      ...trip.experiences.map((experience) => ({
        kind: 'experience' as const,
        quoteId: experience.quote.quoteId,
      })),
    ],
    travelers,
    source: 'trip',
    tripTitle: titleOf(trip),
  };
}

/** Select Flight / Select Hotel / Book Experience: that one offer, for the trip's travellers. */
export function offerBookingStart(
  kind: 'flight' | 'hotel' | 'experience',
  quoteId: string,
  trip: TripSuggestion,
  travelers: number,
): BookingStart {
  return { items: [{ kind, quoteId }], travelers, source: kind, tripTitle: titleOf(trip) };
}

/** A trip card's watch: the same quotes Book Now books, for an alert or for Auto-Book. */
export function tripWatchTarget(
  trip: TripSuggestion,
  travelers: number,
  mode: 'alert' | 'auto_book',
): WatchTarget {
  const { items, tripTitle } = tripBookingStart(trip, travelers);
  return { kind: 'trip', mode, items, travelers, title: tripTitle };
}
