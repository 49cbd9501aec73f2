import { TZDate } from '@date-fns/tz';
import { HOTEL_DEFAULTS } from '@vowa/shared/travel/travel-constants';
import { addDays } from '@vowa/shared/travel/travel-rules';
import { findAirport } from '../geo/airports';
import { fromMinor, toMinor } from '../provider-money';
import type {
  ProviderCancellationTerms,
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
} from '../travel-provider';
import { placeNamed } from './destination-places';
import type { ProviderOrder } from '../provider-orders';

/**
 * The offline provider's cancellation rules, one per kind, each stated in a sentence:
 *
 * - Any order cancelled within 24 hours of booking is refunded in full (the airlines' 24-hour
 *   rule, which is also Vowa's free-cancellation window).
 * - Flights: economy is non-refundable except the airport taxes and charges; premium economy
 *   and business are refundable less a fee per traveller; first is fully refundable; nothing
 *   after departure.
 * - Hotels: the hotel's own policy as its offer states it (free until a deadline before
 *   check-in, then the first night is charged); nothing after check-out.
 * - Experiences: the experience's own `cancellationPolicy` (free up to N hours before the
 *   start, non-refundable, or refundable until used).
 */
export const PROVIDER_GRACE_MS = 24 * 3_600_000;

/** Cancelled before `until` (null: any time after the previous step), `refund` is refunded. */
type RefundStep = { until: Date | null; refund: number };
/** A policy as a time-ordered timeline of refunds, and its sentence. */
type Policy = { timeline: RefundStep[]; text: string };

/** What the timeline refunds for a cancellation at `at`. */
function refundOn(timeline: RefundStep[], at: Date): number {
  return timeline.find((step) => step.until === null || at < step.until)?.refund ?? 0;
}
type OrderTerms = Pick<
  ProviderOrder,
  'kind' | 'offer' | 'amountMinor' | 'currency' | 'travellers' | 'startsAt' | 'createdAt'
>;

/** Wall-clock date and time at a place, as an instant. */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(fromMinor(minor, currency));

const when = (instant: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(instant)} (${timeZone.split('/').at(-1)?.replaceAll('_', ' ') ?? timeZone} time)`;

/** When the booked service starts: departure, the hotel's check-in time, the experience's start. */
export function startOf(kind: ProviderOrder['kind'], offer: ProviderOrder['offer'], date?: string) {
  if (kind === 'flight') {
    const flight = offer as ProviderFlight;
    const zone = findAirport(flight.departure.airportCode)?.timezone ?? 'UTC';
    return localInstant(flight.departure.date, flight.departure.time, zone);
  }
  if (kind === 'hotel') {
    const hotel = offer as ProviderHotel;
    return localInstant(hotel.checkIn, HOTEL_DEFAULTS.checkInTime, hotelZone(hotel));
  }
  if (!date) return null;
  const experience = offer as ProviderExperience;
  const zone =
    placeNamed(experience.location.city, experience.location.countryCode ?? '')?.timezone ?? 'UTC';
  return localInstant(date, experience.schedule[0]?.time ?? '09:00', zone);
}

const hotelZone = (hotel: ProviderHotel) =>
  placeNamed(hotel.address.city, hotel.address.countryCode ?? '')?.timezone ?? 'UTC';

/** Airport taxes and charges per traveller: refundable on any ticket not flown. */
function flightTaxesMinor(flight: ProviderFlight, currency: string) {
  const fare = toMinor(flight.price ?? 0, currency);
  return Math.min(toMinor(15 + 0.005 * flight.distanceKm, currency), Math.round(fare * 0.4));
}

const CHANGE_FEES = { economy: null, premium: 150, business: 100, first: 0 } as const;

function flightPolicy(order: OrderTerms): Policy {
  const flight = order.offer as ProviderFlight;
  const travellers = Math.max(order.travellers.length, 1);
  const fare = Math.round(order.amountMinor / travellers);
  const taxes = flightTaxesMinor(flight, order.currency);
  const fee = CHANGE_FEES[flight.class];
  const perTraveller = fee === null ? taxes : Math.max(fare - toMinor(fee, order.currency), taxes);
  const departure = order.startsAt;
  const refund = Math.min(perTraveller * travellers, order.amountMinor);
  const timeline: RefundStep[] = departure
    ? [
        { until: departure, refund },
        { until: null, refund: 0 },
      ]
    : [{ until: null, refund }];
  const before = 'before departure';
  const text =
    fee === null
      ? `Economy fares are non-refundable: cancelled ${before}, only the airport taxes and charges (${money(taxes, order.currency)} per traveller) are refunded.`
      : fee === 0
        ? `First class fares are fully refundable ${before}.`
        : `Refundable ${before} less a cancellation fee of ${money(toMinor(fee, order.currency), order.currency)} per traveller.`;
  return { timeline, text: `${text} Nothing is refunded after departure.` };
}

/** The hotel's own deadline, read from the policy its offer states. */
function hotelDeadline(hotel: ProviderHotel, zone: string): Date {
  const text = hotel.policies.cancellation;
  const dayBefore = /until (\d{1,2}:\d{2}) local time on the day before arrival/i.exec(text);
  if (dayBefore) return localInstant(addDays(hotel.checkIn, -1), dayBefore[1]!, zone);
  const hours = Number(/up to (\d+) hours before/i.exec(text)?.[1] ?? 48);
  const checkIn = localInstant(hotel.checkIn, HOTEL_DEFAULTS.checkInTime, zone);
  return new Date(checkIn.getTime() - hours * 3_600_000);
}

function hotelPolicy(order: OrderTerms): Policy {
  const hotel = order.offer as ProviderHotel;
  const zone = hotelZone(hotel);
  const deadline = hotelDeadline(hotel, zone);
  const checkOut = localInstant(hotel.checkOut, HOTEL_DEFAULTS.checkOutTime, zone);
  const firstNight = Math.round(order.amountMinor / Math.max(hotel.nights, 1));
  return {
    timeline: [
      { until: deadline, refund: order.amountMinor },
      { until: checkOut, refund: order.amountMinor - firstNight },
      { until: null, refund: 0 },
    ],
    text: `Free cancellation until ${when(deadline, zone)}. After that the first night (${money(firstNight, order.currency)}) is charged and the rest refunded; nothing is refunded after check-out.`,
  };
}

function experiencePolicy(order: OrderTerms): Policy {
  const experience = order.offer as ProviderExperience;
  const text = experience.cancellationPolicy;
  const start = order.startsAt;
  const zone =
    placeNamed(experience.location.city, experience.location.countryCode ?? '')?.timezone ?? 'UTC';
  const full = order.amountMinor;
  const hours = /free cancellation up to (\d+) hours before/i.exec(text)?.[1];
  if (hours) {
    if (!start)
      return {
        timeline: [{ until: null, refund: full }],
        text: `${text} (Open date: refundable until used.)`,
      };
    const deadline = new Date(start.getTime() - Number(hours) * 3_600_000);
    return {
      timeline: [
        { until: deadline, refund: full },
        { until: null, refund: 0 },
      ],
      text: `Free cancellation until ${when(deadline, zone)}; no refund after that.`,
    };
  }
  if (/refundable until first use/i.test(text)) {
    const months = Number(/within (\d+) months/i.exec(text)?.[1] ?? 12);
    const expires = new Date(order.createdAt);
    expires.setUTCMonth(expires.getUTCMonth() + months);
    const until = start && start < expires ? start : expires;
    return {
      timeline: [
        { until, refund: full },
        { until: null, refund: 0 },
      ],
      text,
    };
  }
  // "Non-refundable …" and anything the provider did not promise a refund for.
  return { timeline: [{ until: null, refund: 0 }], text };
}

function policyOf(order: OrderTerms): Policy {
  if (order.kind === 'flight') return flightPolicy(order);
  if (order.kind === 'hotel') return hotelPolicy(order);
  return experiencePolicy(order);
}

/** What cancelling the order at `at` refunds, in minor units. */
export function offlineRefundAt(order: OrderTerms, at: Date): number {
  if (at.getTime() - order.createdAt.getTime() < PROVIDER_GRACE_MS) return order.amountMinor;
  return clamp(order, refundOn(policyOf(order).timeline, at));
}

const clamp = (order: OrderTerms, refund: number) =>
  Math.max(0, Math.min(order.amountMinor, refund));

/** The terms that apply once the 24-hour window is over, as the booking states them. */
export function offlineCancellationTerms(order: OrderTerms): ProviderCancellationTerms {
  const policy = policyOf(order);
  const windowEnds = new Date(order.createdAt.getTime() + PROVIDER_GRACE_MS);
  const refund = clamp(order, refundOn(policy.timeline, windowEnds));
  // The whole policy from the order on, so the refund can be stated for any later moment.
  const refunds = [
    { until: windowEnds.toISOString(), refundAmountMinor: order.amountMinor },
    ...policy.timeline
      .filter((step) => step.until === null || step.until > windowEnds)
      .map((step) => ({
        until: step.until?.toISOString() ?? null,
        refundAmountMinor: clamp(order, step.refund),
      })),
  ];
  return {
    refundable: refund > 0,
    refundAmountMinor: refund,
    penaltyText: `Within 24 hours of booking: a full refund. After that: ${policy.text}`,
    refunds,
  };
}
