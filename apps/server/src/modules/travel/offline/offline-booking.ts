import { createHash } from 'node:crypto';
import { travelClasses, type TravelClass, roomTypes } from '@vowa/shared/travel/travel-constants';
import { findAirport } from '../geo/airports';
import { toMinor } from '../provider-money';
import {
  TravelProviderError,
  type OfferKind,
  type ProviderBooking,
  type ProviderBookingRequest,
  type ProviderFlight,
  type ProviderHotel,
  type ProviderOffer,
  type ProviderRefund,
} from '../travel-provider';
import { placeNamed } from './destination-places';
import { offlineCancellationTerms, offlineRefundAt, startOf } from './offline-cancellation';
import { offlineExperienceDetails } from './offline-experiences';
import { requoteOfflineFlight, searchOfflineFlights } from './offline-flights';
import { searchOfflineHotels } from './offline-hotels';
import type { ProviderOrder, ProviderOrderStore } from '../provider-orders';

/** Flights close for sale this long before departure. */
const FLIGHT_SALES_CLOSE_MS = 2 * 3_600_000;
/** Letters and digits a reference is read aloud in: no 0/O or 1/I to confuse. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const offlineBookingMessages = {
  notOurs: 'This offer is not from the offline inventory.',
  noTravellers: 'A booking needs the name of every traveller.',
  keyReused: 'This idempotency key was already used for another booking.',
  expired: 'This offer has expired; here is the current price.',
  soldOut: 'This offer is sold out or no longer on sale.',
  unknownOrder: 'There is no such order.',
} as const;

const hash = (text: string) => createHash('sha256').update(text).digest();

/** A booking reference like an airline's record locator, derived from the key (and a retry). */
export function referenceOf(idempotencyKey: string, attempt = 0): string {
  const bytes = hash(`reference|${idempotencyKey}|${attempt}`);
  return Array.from(bytes.subarray(0, 6), (byte) => REFERENCE_ALPHABET[byte % 32]).join('');
}

const orderIdOf = (idempotencyKey: string) =>
  `off-o_${hash(`order|${idempotencyKey}`).toString('base64url').slice(0, 22)}`;

/** The flight's offer id: its search (market, date, option, class, day) and any re-quotes. */
function repriceFlight(offer: ProviderFlight, at: Date): ProviderFlight | null {
  const [base = '', ...requotes] = offer.id.split('|rq|');
  const match = /^off-f\|([A-Z0-9]{3})-([A-Z0-9]{3})-(\d{4}-\d{2}-\d{2})-(\d+)\|(\w+)\|\d+$/.exec(
    base,
  );
  if (!match) return null;
  const [, from, to, departureDate, option, travelClass] = match;
  const origin = findAirport(from!);
  const destination = findAirport(to!);
  if (!origin || !destination || !travelClasses.includes(travelClass as TravelClass)) return null;
  const seed = `off-f|${from}-${to}-${departureDate}-${option}|${travelClass}|`;
  let current: ProviderFlight | null =
    searchOfflineFlights(
      {
        origin,
        destination,
        departureDate: departureDate!,
        adults: 1,
        travelClass: travelClass as TravelClass,
      },
      at,
    ).find((flight) => flight.id.startsWith(seed)) ?? null;
  for (const requote of requotes) {
    if (!current) return null;
    const [changeClass, changeDate, changeTime] = requote.split('|');
    if (!changeClass || !changeDate || !changeTime) return null;
    current = requoteOfflineFlight(
      current,
      {
        travelClass: changeClass as TravelClass,
        departureDate: changeDate,
        departureTime: changeTime,
      },
      at,
    );
  }
  return current;
}

/** Today's rate for the same hotel, stay and room. */
function repriceHotel(offer: ProviderHotel, at: Date): ProviderHotel | null {
  const [hotelId, checkIn, checkOut, , roomType] = offer.id.split('|');
  const place = placeNamed(offer.address.city, offer.address.countryCode ?? '');
  if (!hotelId || !checkIn || !checkOut || !place) return null;
  if (!roomTypes.includes(roomType as (typeof roomTypes)[number])) return null;
  return (
    searchOfflineHotels({ place, checkIn, checkOut, adults: 1, roomType: offer.roomType }, at).find(
      (hotel) => hotel.id.startsWith(`${hotelId}|`),
    ) ?? null
  );
}

/** The offer as the offline inventory sells it at `at`; null when it no longer does. */
export function currentOfflineOffer(
  kind: OfferKind,
  offer: ProviderOffer,
  at: Date,
): ProviderOffer | null {
  if (kind === 'flight') return repriceFlight(offer as ProviderFlight, at);
  if (kind === 'hotel') return repriceHotel(offer as ProviderHotel, at);
  return offlineExperienceDetails(offer.id, at);
}

const PREFIXES: Record<OfferKind, string> = {
  flight: 'off-f|',
  hotel: 'off-h-',
  experience: 'off-x|',
};

/** Still on sale: flights until two hours before departure, stays until the check-in day ends. */
function onSale(kind: OfferKind, offer: ProviderOffer, at: Date, startsAt: Date | null) {
  if (kind === 'flight')
    return startsAt !== null && startsAt.getTime() - at.getTime() > FLIGHT_SALES_CLOSE_MS;
  if (kind === 'hotel') {
    const hotel = offer as ProviderHotel;
    // Same-day stays are sold until midnight of the check-in day (check-in is at 15:00).
    return (
      startsAt !== null && startsAt.getTime() + 9 * 3_600_000 > at.getTime() && hotel.nights > 0
    );
  }
  return startsAt === null || startsAt > at;
}

/** What the offer costs for these travellers: flights and experiences per person, a stay whole. */
function amountOf(kind: OfferKind, offer: ProviderOffer, travellers: number): number {
  const price = offer.price ?? 0;
  return toMinor(kind === 'hotel' ? price : price * travellers, offer.currency);
}

function bookingOf(order: ProviderOrder): ProviderBooking {
  return {
    reference: order.reference,
    orderId: order.id,
    amountMinor: order.amountMinor,
    currency: order.currency,
    cancellation: offlineCancellationTerms(order),
  };
}

function checkRequest(request: ProviderBookingRequest) {
  if (!request.offer.id.startsWith(PREFIXES[request.kind])) {
    throw new TravelProviderError('rejected', offlineBookingMessages.notOurs);
  }
  const named = request.travellers.every(
    (traveller) => traveller.givenName.trim() !== '' && traveller.familyName.trim() !== '',
  );
  if (request.travellers.length === 0 || !named) {
    throw new TravelProviderError('rejected', offlineBookingMessages.noTravellers);
  }
}

/**
 * The offline provider's bookings: an offer is confirmed at its quoted price while the quote
 * holds (its validUntil, as airlines and hotels hold a fare), re-priced by the fare model once
 * it has expired, and refused when it is no longer on sale. The same idempotency key always
 * finds the order it made.
 */
export function createOfflineBookings(options: { now: () => Date; orders: ProviderOrderStore }) {
  const { now, orders } = options;

  async function existing(request: ProviderBookingRequest) {
    const order = await orders.findByKey(request.idempotencyKey);
    if (order && (order.offer.id !== request.offer.id || order.kind !== request.kind)) {
      throw new TravelProviderError('rejected', offlineBookingMessages.keyReused);
    }
    return order;
  }

  async function book(request: ProviderBookingRequest): Promise<ProviderBooking> {
    checkRequest(request);
    const found = await existing(request);
    if (found) return bookingOf(found);
    const at = now();
    const { kind, offer } = request;
    const current = currentOfflineOffer(kind, offer, at);
    const startsAt = startOf(kind, offer, request.date ?? undefined);
    if (!current || !onSale(kind, offer, at, startsAt)) {
      throw new TravelProviderError('sold_out', offlineBookingMessages.soldOut);
    }
    if (at.getTime() > Date.parse(offer.validUntil)) {
      throw new TravelProviderError('price_changed', offlineBookingMessages.expired, current);
    }
    const order: ProviderOrder = {
      id: orderIdOf(request.idempotencyKey),
      kind,
      reference: referenceOf(request.idempotencyKey),
      idempotencyKey: request.idempotencyKey,
      offer,
      amountMinor: amountOf(kind, offer, request.travellers.length),
      currency: offer.currency,
      travellers: request.travellers,
      contact: request.contact,
      startsAt,
      status: 'confirmed',
      refundAmountMinor: null,
      createdAt: at,
      cancelledAt: null,
    };
    // A reference already given to another order: derive the next one (rare: 32^6 of them).
    for (let attempt = 1; !(await orders.insert(order)); attempt += 1) {
      const raced = await existing(request);
      if (raced) return bookingOf(raced);
      if (attempt > 5) throw new TravelProviderError('unavailable', 'No free booking reference.');
      order.reference = referenceOf(request.idempotencyKey, attempt);
    }
    return bookingOf(order);
  }

  async function cancel(kind: OfferKind, orderId: string): Promise<ProviderRefund> {
    const order = await orders.find(orderId);
    if (!order || order.kind !== kind) {
      throw new TravelProviderError('rejected', offlineBookingMessages.unknownOrder);
    }
    if (order.status === 'cancelled') {
      return { refundAmountMinor: order.refundAmountMinor ?? 0, currency: order.currency };
    }
    const at = now();
    const cancelled = await orders.cancel(order.id, offlineRefundAt(order, at), at);
    return { refundAmountMinor: cancelled?.refundAmountMinor ?? 0, currency: order.currency };
  }

  return { book, cancel };
}
