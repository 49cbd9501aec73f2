import type { BookingItemKind, BookingItemStatus } from '@vowa/shared/bookings/booking-schemas';
import { minorDigits } from '@vowa/shared/finance/money';
import { AppError } from '../../lib/app-error';
import type {
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  ProviderOffer,
  RecordedQuote,
} from '../travel/travel-booking-service';

/** One booked thing as stored on the booking row: the exact quote, and the provider's answer. */
export type StoredBookingItem = {
  kind: BookingItemKind;
  quoteId: string;
  /** The recorded offer exactly as quoted (what the provider books). */
  offer: ProviderOffer;
  title: string;
  detail: string;
  /** Local date-time at the place (flights) or a date (stays, experiences). */
  startsAt: string;
  endsAt: string;
  /** Where it happens, for the trip's title, the calendar and the profile's countries. */
  place: { city: string; country: string; countryCode: string };
  /** The IANA zones of startsAt and endsAt when they are clock times (flights). */
  timezones: { start: string; end: string } | null;
  /** The day an experience is booked for. */
  date: string | null;
  perPerson: boolean;
  amountMinor: number;
  currency: string;
  /** What the same thing typically costs (the provider's reference price), for Total Saved. */
  marketAmountMinor: number | null;
  status: BookingItemStatus;
  providerReference: string | null;
  providerOrderId: string | null;
  providerAmountMinor: number | null;
  /** The provider's terms after Vowa's free window, as it confirmed them. */
  cancellation: {
    refundable: boolean;
    refundAmountMinor: number | null;
    penaltyText: string | null;
    /** The policy as a timeline (see ProviderCancellationTerms): the refund at any moment. */
    refunds?: { until: string | null; refundAmountMinor: number }[];
  } | null;
  /** What the provider actually refunded when the item was cancelled. */
  providerRefundMinor?: number | null;
  /** Why the provider would not cancel it (status `cancel_failed`). */
  cancelFailure?: string | null;
};

export const itemMessages = {
  travellersDiffer:
    'This flight was priced for a different number of travellers. Search again for your group.',
} as const;

/**
 * What the provider refunds for this item if cancelled at `at`: its policy's timeline when it
 * stated one, else the single amount it confirmed; never more than the item cost.
 */
export function providerRefundAt(item: StoredBookingItem, at: Date): number {
  const terms = item.cancellation;
  if (!terms) return 0;
  const step = terms.refunds?.find((entry) => entry.until === null || at < new Date(entry.until));
  const refund = terms.refunds ? (step?.refundAmountMinor ?? 0) : (terms.refundAmountMinor ?? 0);
  return Math.max(0, Math.min(refund, item.amountMinor));
}

export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorDigits(currency));
}

export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/**
 * What an offer costs these travellers: flights and experiences per person, a stay whole. A
 * flight the provider priced for the party as a whole costs its exact total (its per-person
 * price is rounded); for another number of travellers than it was quoted for it has no price
 * (422 before anything is claimed).
 */
export function amountFor(kind: BookingItemKind, offer: ProviderOffer, travelers: number) {
  const total = kind === 'flight' ? (offer as ProviderFlight).totalFor : undefined;
  if (total) {
    if (total.passengers !== travelers) {
      throw new AppError('travellers_differ_from_quote', itemMessages.travellersDiffer);
    }
    return toMinor(total.amount, offer.currency);
  }
  const price = offer.price ?? 0;
  return toMinor(kind === 'hotel' ? price : price * travelers, offer.currency);
}

function marketAmountFor(kind: BookingItemKind, offer: ProviderOffer, travelers: number) {
  if (kind === 'flight') {
    const reference = (offer as ProviderFlight).referencePrice;
    return reference === null ? null : toMinor(reference * travelers, offer.currency);
  }
  if (kind === 'hotel') {
    const reference = (offer as ProviderHotel).referencePrice;
    return reference === null ? null : toMinor(reference, offer.currency);
  }
  return null;
}

/** The words and dates an offer is listed with (provider data, as the detail dialogs show it). */
export function describeOffer(
  kind: BookingItemKind,
  offer: ProviderOffer,
  experienceDate: string | null,
) {
  if (kind === 'flight') {
    const flight = offer as ProviderFlight;
    return {
      title: `${flight.airline} ${flight.flightNumber}`,
      detail: `${flight.departure.city} (${flight.departure.airportCode}) → ${flight.arrival.city} (${flight.arrival.airportCode})`,
      startsAt: `${flight.departure.date}T${flight.departure.time}`,
      endsAt: `${flight.arrival.date}T${flight.arrival.time}`,
      place: {
        city: flight.arrival.city,
        country: flight.arrival.country,
        countryCode: flight.arrival.countryCode ?? '',
      },
    };
  }
  if (kind === 'hotel') {
    const hotel = offer as ProviderHotel;
    return {
      title: hotel.name ?? hotel.brand ?? hotel.address.city,
      detail: `${hotel.nights} ${hotel.nights === 1 ? 'night' : 'nights'} · ${hotel.roomType} · ${hotel.address.city}`,
      startsAt: hotel.checkIn,
      endsAt: hotel.checkOut,
      place: {
        city: hotel.address.city,
        country: hotel.address.country,
        countryCode: hotel.address.countryCode ?? '',
      },
    };
  }
  const experience = offer as ProviderExperience;
  const day = experienceDate ?? offer.validUntil.slice(0, 10);
  return {
    title: experience.name,
    detail: `${experience.duration} · ${experience.location.city}`,
    startsAt: day,
    endsAt: day,
    place: {
      city: experience.location.city,
      country: '',
      countryCode: experience.location.countryCode ?? '',
    },
  };
}

/** A booking item from a recorded quote, not yet sent to the provider. */
export function itemFromQuote(
  quote: RecordedQuote,
  travelers: number,
  experienceDate: string | null,
  timezones: (kind: BookingItemKind, offer: ProviderOffer) => StoredBookingItem['timezones'],
): StoredBookingItem {
  const kind = quote.kind;
  return {
    kind,
    quoteId: quote.id,
    offer: quote.offer,
    ...describeOffer(kind, quote.offer, experienceDate),
    timezones: timezones(kind, quote.offer),
    date: kind === 'experience' ? experienceDate : null,
    perPerson: kind !== 'hotel',
    amountMinor: amountFor(kind, quote.offer, travelers),
    currency: quote.offer.currency,
    marketAmountMinor: marketAmountFor(kind, quote.offer, travelers),
    status: 'pending',
    providerReference: null,
    providerOrderId: null,
    providerAmountMinor: null,
    cancellation: null,
  };
}

/** The first and last calendar day the items cover, and the nights between. */
export function tripSpan(items: Pick<StoredBookingItem, 'startsAt' | 'endsAt'>[]) {
  const starts = items.map((item) => item.startsAt.slice(0, 10)).sort();
  const ends = items.map((item) => item.endsAt.slice(0, 10)).sort();
  const startDate = starts[0] ?? '';
  const endDate = ends.at(-1) ?? startDate;
  const nights = Math.max(
    0,
    Math.round(
      (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000,
    ),
  );
  return { startDate, endDate, nights };
}

/** Where the trip goes, when the request did not say: the stay, else where the flights land. */
export function destinationOf(items: StoredBookingItem[]) {
  const main =
    items.find((item) => item.kind === 'hotel') ??
    items.find((item) => item.kind === 'flight') ??
    items[0];
  return {
    destination: main?.place.city ?? '',
    country: main?.place.country ?? '',
    countryCode: main?.place.countryCode ?? '',
  };
}
