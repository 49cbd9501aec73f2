import {
  HOTEL_DEFAULTS,
  roomTypes as allRoomTypes,
  type RoomType,
} from '@vowa/shared/travel/travel-constants';
import { daysBetween } from '@vowa/shared/travel/travel-rules';
import type {
  StaysAccommodation,
  StaysBooking,
  StaysRateCancellationTimeline,
  StaysRoomRate,
  StaysSearchResult,
} from '@duffel/api/types';
import pLimit from 'p-limit';
import { countryNameOf } from '../geo/airports';
import { decimalToMinor, fromMinor } from '../provider-money';
import type { ProviderOrder, ProviderOrderStore } from '../provider-orders';
import {
  TravelProviderError,
  type HotelQuery,
  type ProviderBooking,
  type ProviderBookingRequest,
  type ProviderCancellationTerms,
  type ProviderHotel,
  type ProviderRefund,
} from '../travel-provider';
import { DuffelCallError, isNotFound, type DuffelClient } from './duffel-client';
import {
  IDEMPOTENCY_METADATA,
  KEY_LOOKBACK_MS,
  ORDER_PAGE_LIMIT,
  pastBound,
} from './duffel-flights';

/** What a booking needs of a stay, kept in the quote's `raw`. */
export type DuffelStayRaw = {
  source: 'duffel-stays';
  searchResultId: string;
  accommodationId: string;
  /** The rate this price is for; null when only the search's cheapest price is known. */
  rateId: string | null;
  totalAmount: string;
  currency: string;
  guests: number;
  /** Refunds by deadline, as the rate states them; null until the rate is known. */
  cancellationTimeline: StaysRateCancellationTimeline[] | null;
};

const SEARCH_RADIUS_KM = 5;
const MAX_HOTELS = 20;
/** Rooms other than the cheapest need each hotel's rates: fetched for this many hotels. */
const RATE_LOOKUPS = 6;
const WINDOW_MS = 24 * 3_600_000;

export const duffelStayMessages = {
  notDuffel: 'This offer is not a Duffel stay.',
  guestsNeeded: 'A stay needs the name of at least one guest.',
  phoneNeeded: 'Hotels need a contact phone number.',
  priceChanged: 'The hotel changed the price of this stay.',
  soldOut: 'This room is no longer available at this rate.',
  unknownBooking: 'There is no such booking.',
} as const;

/** What a room's name says it is. */
export function roomTypeOf(name: string): RoomType {
  if (/presidential/i.test(name)) return 'presidential_suite';
  if (/suite/i.test(name))
    return /executive|royal|penthouse/i.test(name) ? 'executive_suite' : 'suite';
  if (/deluxe|superior|premium|executive|club/i.test(name)) return 'deluxe';
  return 'standard';
}

const money = (amount: string, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(Number(amount));

/** A rate's refund timeline in a sentence. */
export function timelineText(timeline: StaysRateCancellationTimeline[] | null, total: string) {
  if (!timeline)
    return 'The cancellation terms come with the room rate and are confirmed before booking.';
  if (timeline.length === 0) return 'Non-refundable rate.';
  const steps = timeline.map((step) =>
    step.refund_amount === total
      ? `free cancellation until ${step.before}`
      : `${money(step.refund_amount, step.currency)} refunded if cancelled before ${step.before}`,
  );
  return `${steps.join('; ')}; no refund after that.`.replace(/^./, (first) => first.toUpperCase());
}

/** What the timeline refunds at `at`: the first step whose deadline is still ahead. */
function refundAt(timeline: StaysRateCancellationTimeline[] | null, at: Date, currency: string) {
  const step = (timeline ?? []).find((entry) => Date.parse(entry.before) > at.getTime());
  return step ? decimalToMinor(step.refund_amount, currency) : 0;
}

type Chosen = { rate: StaysRoomRate; roomName: string } | null;

/** The cheapest rate of a room of that type, if the hotel has one. */
function rateFor(accommodation: StaysAccommodation, roomType: RoomType): Chosen {
  const candidates = accommodation.rooms.flatMap((room) =>
    roomTypeOf(room.name) === roomType
      ? room.rates.map((rate) => ({ rate, roomName: room.name }))
      : [],
  );
  candidates.sort((a, b) => Number(a.rate.total_amount) - Number(b.rate.total_amount));
  return candidates[0] ?? null;
}

function amenitiesOf(accommodation: StaysAccommodation) {
  return (accommodation.amenities ?? []).map((amenity) => amenity.description);
}

/** A Duffel Stays result in the spec's shape, at a chosen rate or at the search's cheapest. */
export function toProviderHotel(
  result: StaysSearchResult,
  roomType: RoomType,
  chosen: Chosen,
): ProviderHotel {
  const accommodation = result.accommodation;
  const address = accommodation.location.address;
  const nights = Math.max(daysBetween(result.check_in_date, result.check_out_date), 1);
  const total = chosen?.rate.total_amount ?? result.cheapest_rate_total_amount;
  const currency = chosen?.rate.total_currency ?? result.cheapest_rate_currency;
  const base = chosen ? chosen.rate.base_amount : result.cheapest_rate_base_amount;
  const totalMinor = decimalToMinor(total, currency);
  const baseMinor = base ? decimalToMinor(base, currency) : null;
  const timeline = chosen?.rate.cancellation_timeline ?? null;
  const raw: DuffelStayRaw = {
    source: 'duffel-stays',
    searchResultId: result.id,
    accommodationId: accommodation.id,
    rateId: chosen?.rate.id ?? null,
    totalAmount: total,
    currency,
    guests: result.guests.length,
    cancellationTimeline: timeline,
  };
  const roomTypes = [
    ...new Set([
      'standard' as RoomType,
      ...accommodation.rooms.map((room) => roomTypeOf(room.name)),
    ]),
  ].sort((a, b) => allRoomTypes.indexOf(a) - allRoomTypes.indexOf(b));
  const amenities = amenitiesOf(accommodation);
  const checkInAfter = accommodation.check_in_information?.check_in_after_time?.slice(0, 5);
  const checkOutBefore = accommodation.check_in_information?.check_out_before_time?.slice(0, 5);
  return {
    id: `${accommodation.id}|${result.check_in_date}|${result.check_out_date}|${roomType}|${chosen?.rate.id ?? result.id}`,
    name: accommodation.name,
    brand: accommodation.brand?.name ?? accommodation.chain?.name ?? null,
    rating: accommodation.rating ?? 3,
    // Duffel scores out of 10; the screens show out of 5.
    reviewScore:
      accommodation.review_score === null ? null : Math.round(accommodation.review_score * 5) / 10,
    reviewCount: accommodation.review_count ?? 0,
    address: {
      street: address.line_one || null,
      city: address.city_name,
      state: address.region ?? null,
      country: countryNameOf(address.country_code),
      countryCode: address.country_code,
      zipCode: address.postal_code || null,
    },
    coordinates: accommodation.location.geographic_coordinates
      ? {
          latitude: accommodation.location.geographic_coordinates.latitude,
          longitude: accommodation.location.geographic_coordinates.longitude,
        }
      : null,
    images: (accommodation.photos ?? [])
      .map((photo) => photo.url)
      .filter((url) => url.startsWith('https://'))
      .slice(0, 8),
    checkIn: result.check_in_date,
    checkOut: result.check_out_date,
    nights,
    roomType,
    roomTypes,
    pricePerNight: fromMinor(Math.round((baseMinor ?? totalMinor) / nights), currency),
    taxesAndFees: baseMinor === null ? null : fromMinor(totalMinor - baseMinor, currency),
    price: fromMinor(totalMinor, currency),
    currency,
    amenities,
    services: [],
    policies: {
      checkIn: `From ${checkInAfter ?? HOTEL_DEFAULTS.checkInTime}`,
      checkOut: `Until ${checkOutBefore ?? HOTEL_DEFAULTS.checkOutTime}`,
      cancellation: timelineText(timeline, total),
      pets: amenities.some((text) => /pet/i.test(text))
        ? 'Pets allowed'
        : 'Ask the hotel before bringing pets',
    },
    contact: { phone: accommodation.phone_number, email: accommodation.email, website: null },
    description: accommodation.description ?? `${accommodation.name} in ${address.city_name}.`,
    highlights: chosen ? [chosen.roomName] : [],
    nearbyAttractions: [],
    validUntil: chosen?.rate.expires_at ?? result.expires_at,
    referencePrice: null,
    taxRate: baseMinor ? (totalMinor - baseMinor) / baseMinor : 0,
    raw,
  };
}

export function duffelStayRaw(offer: ProviderHotel): DuffelStayRaw {
  const raw = offer.raw as Partial<DuffelStayRaw> | undefined;
  if (raw?.source !== 'duffel-stays' || !raw.searchResultId || !raw.accommodationId) {
    throw new TravelProviderError('rejected', duffelStayMessages.notDuffel);
  }
  return raw as DuffelStayRaw;
}

const soldOut = () => new TravelProviderError('sold_out', duffelStayMessages.soldOut);

/** A rate or quote Duffel will not sell any more (gone, expired, unavailable). */
const gone = (error: unknown) =>
  isNotFound(error) || (error instanceof DuffelCallError && error.kind === 'rejected');

/**
 * Duffel Stays: search around the place, the hotel's rates when a room other than the cheapest
 * is asked for, then quote (the price now) and book; cancelling refunds by the rate's timeline.
 */
export function createDuffelStays(deps: {
  client: DuffelClient;
  orders: ProviderOrderStore;
  now: () => Date;
}) {
  const { client, orders, now } = deps;
  const limit = pLimit(3);

  const allRates = (searchResultId: string) =>
    client.call('stay rates', (duffel) => duffel.stays.searchResults.fetchAllRates(searchResultId));

  async function search(query: HotelQuery) {
    const found = await client.call('stays search', (duffel) =>
      duffel.stays.search({
        location: {
          radius: SEARCH_RADIUS_KM,
          geographic_coordinates: {
            latitude: query.place.latitude,
            longitude: query.place.longitude,
          },
        },
        check_in_date: query.checkIn,
        check_out_date: query.checkOut,
        rooms: 1,
        guests: Array.from({ length: query.adults }, () => ({ type: 'adult' as const })),
      }),
    );
    const results = [...found.results]
      .sort((a, b) => Number(a.cheapest_rate_total_amount) - Number(b.cheapest_rate_total_amount))
      .slice(0, MAX_HOTELS);
    if (query.roomType === 'standard') {
      return results.map((result) => toProviderHotel(result, 'standard', null));
    }
    const priced = await Promise.all(
      results.slice(0, RATE_LOOKUPS).map((result) =>
        limit(async () => {
          const withRates = await allRates(result.id);
          const chosen = rateFor(withRates.accommodation, query.roomType);
          return chosen ? toProviderHotel(withRates, query.roomType, chosen) : null;
        }),
      ),
    );
    return priced
      .filter((hotel): hotel is ProviderHotel => hotel !== null)
      .sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity));
  }

  /** The same hotel for other dates or another room: its rates for that stay. */
  async function requote(
    original: ProviderHotel,
    change: { checkIn: string; checkOut: string; roomType: RoomType },
  ) {
    const raw = duffelStayRaw(original);
    const found = await client.call('stay requote', (duffel) =>
      duffel.stays.search({
        accommodation: { ids: [raw.accommodationId], fetch_rates: true },
        check_in_date: change.checkIn,
        check_out_date: change.checkOut,
        rooms: 1,
        guests: Array.from({ length: Math.max(raw.guests, 1) }, () => ({ type: 'adult' as const })),
      }),
    );
    const [result] = found.results;
    if (!result) return null;
    const chosen = rateFor(result.accommodation, change.roomType);
    return chosen ? toProviderHotel(result, change.roomType, chosen) : null;
  }

  /**
   * The stay as Duffel sells it now: the recorded rate among the hotel's current rates, else
   * the cheapest of that room type for the same dates; null when the hotel has none left.
   */
  async function sellingNow(hotel: ProviderHotel): Promise<ProviderHotel | null> {
    const raw = duffelStayRaw(hotel);
    if (raw.rateId) {
      try {
        const withRates = await allRates(raw.searchResultId);
        const room = withRates.accommodation.rooms.find((candidate) =>
          candidate.rates.some((rate) => rate.id === raw.rateId),
        );
        const rate = room?.rates.find((candidate) => candidate.id === raw.rateId);
        if (room && rate) {
          return toProviderHotel(withRates, hotel.roomType, { rate, roomName: room.name });
        }
      } catch (error) {
        if (!gone(error)) throw error;
      }
    }
    return requote(hotel, hotel);
  }

  /** The rate to quote: the one recorded, else the cheapest of the room type now. */
  async function rateToQuote(offer: ProviderHotel, raw: DuffelStayRaw) {
    if (raw.rateId) return { rateId: raw.rateId, timeline: raw.cancellationTimeline };
    try {
      const withRates = await allRates(raw.searchResultId);
      const chosen = rateFor(withRates.accommodation, offer.roomType);
      if (!chosen) throw soldOut();
      return { rateId: chosen.rate.id, timeline: chosen.rate.cancellation_timeline };
    } catch (error) {
      if (gone(error)) throw soldOut();
      throw error;
    }
  }

  /**
   * A booking Duffel already made with this key (its answer was lost): every page of the
   * bookings (Duffel's `after` cursor), newest first, until they are older than any attempt with
   * the key can be.
   */
  async function bookingMadeWith(key: string): Promise<StaysBooking | null> {
    const since = now().getTime() - KEY_LOOKBACK_MS;
    let after: string | undefined;
    for (;;) {
      const page = await client.page('stay bookings', (duffel) =>
        duffel.stays.bookings.list({ limit: ORDER_PAGE_LIMIT, ...(after ? { after } : {}) }),
      );
      const found = page.data.find((booking) => booking.metadata?.[IDEMPOTENCY_METADATA] === key);
      if (found) return found;
      if (!page.after || page.after === after || pastBound(page.data, since)) return null;
      after = page.after;
    }
  }

  function check(request: ProviderBookingRequest) {
    const named = request.travellers.filter(
      (traveller) => traveller.givenName.trim() && traveller.familyName.trim(),
    );
    if (named.length === 0)
      throw new TravelProviderError('rejected', duffelStayMessages.guestsNeeded);
    if (!request.contact.phone) {
      throw new TravelProviderError('rejected', duffelStayMessages.phoneNeeded);
    }
  }

  async function book(request: ProviderBookingRequest): Promise<ProviderBooking> {
    const offer = request.offer as ProviderHotel;
    const raw = duffelStayRaw(offer);
    check(request);
    const recorded = await orders.findByKey(request.idempotencyKey);
    if (recorded) return bookingOf(recorded);
    const { rateId, timeline } = await rateToQuote(offer, raw);
    const quote = await client
      .call('stay quote', (duffel) => duffel.stays.quotes.create(rateId))
      .catch((error: unknown) => {
        throw gone(error) ? soldOut() : error;
      });
    const quotedMinor = decimalToMinor(quote.total_amount, quote.total_currency);
    if (
      quote.total_currency !== raw.currency ||
      quotedMinor !== decimalToMinor(raw.totalAmount, raw.currency)
    ) {
      throw new TravelProviderError('price_changed', duffelStayMessages.priceChanged, {
        ...offer,
        id: `${offer.id.split('|').slice(0, 4).join('|')}|${rateId}`,
        price: fromMinor(quotedMinor, quote.total_currency),
        currency: quote.total_currency,
        validUntil: offer.validUntil,
        raw: { ...raw, rateId, totalAmount: quote.total_amount, currency: quote.total_currency },
      } satisfies ProviderHotel);
    }
    const booking =
      (await bookingMadeWith(request.idempotencyKey)) ??
      (await client
        .call('stay booking', (duffel) =>
          duffel.stays.bookings.create({
            quote_id: quote.id,
            guests: request.travellers.map((traveller) => ({
              given_name: traveller.givenName,
              family_name: traveller.familyName,
            })),
            email: request.contact.email,
            phone_number: request.contact.phone!,
            metadata: { [IDEMPOTENCY_METADATA]: request.idempotencyKey },
          }),
        )
        .catch(async (error: unknown) => {
          // The booking may exist though its answer was lost (or a concurrent attempt made it).
          const made = await bookingMadeWith(request.idempotencyKey);
          if (made) return made;
          throw error;
        }));
    const stored: ProviderOrder = {
      id: booking.id,
      kind: 'hotel',
      reference: booking.reference ?? booking.id,
      idempotencyKey: request.idempotencyKey,
      offer: {
        ...offer,
        raw: { ...raw, rateId, cancellationTimeline: timeline },
        policies: { ...offer.policies, cancellation: timelineText(timeline, quote.total_amount) },
      },
      amountMinor: quotedMinor,
      currency: quote.total_currency,
      travellers: request.travellers,
      contact: request.contact,
      startsAt: null,
      status: 'confirmed',
      refundAmountMinor: null,
      createdAt: now(),
      cancelledAt: null,
    };
    if (await orders.insert(stored)) return bookingOf(stored);
    // A concurrent attempt with the same key recorded its order first: that one stands, and
    // ours is cancelled so the key pays for one order only.
    const winner = await orders.findByKey(request.idempotencyKey);
    if (!winner || winner.id === stored.id) return bookingOf(stored);
    await cancel(stored.id);
    return bookingOf(winner);
  }

  function termsOf(order: ProviderOrder): ProviderCancellationTerms {
    const raw = duffelStayRaw(order.offer as ProviderHotel);
    const windowEnds = new Date(order.createdAt.getTime() + WINDOW_MS);
    const refund = Math.min(
      refundAt(raw.cancellationTimeline, windowEnds, order.currency),
      order.amountMinor,
    );
    return {
      refundable: refund > 0,
      refundAmountMinor: refund,
      penaltyText: (order.offer as ProviderHotel).policies.cancellation,
    };
  }

  function bookingOf(order: ProviderOrder): ProviderBooking {
    return {
      reference: order.reference,
      orderId: order.id,
      amountMinor: order.amountMinor,
      currency: order.currency,
      cancellation: termsOf(order),
    };
  }

  /** Cancels at Duffel; the refund is the rate's timeline at this moment. */
  async function cancel(bookingId: string): Promise<ProviderRefund> {
    const recorded = await orders.find(bookingId);
    if (recorded?.status === 'cancelled') {
      return { refundAmountMinor: recorded.refundAmountMinor ?? 0, currency: recorded.currency };
    }
    try {
      await client.call('cancel stay', (duffel) => duffel.stays.bookings.cancel(bookingId));
    } catch (error) {
      if (isNotFound(error))
        throw new TravelProviderError('rejected', duffelStayMessages.unknownBooking);
      // Already cancelled at Duffel (by an earlier attempt whose answer was lost) is done.
      const booking = await client.call('stay booking', (duffel) =>
        duffel.stays.bookings.get(bookingId),
      );
      if (booking.status !== 'cancelled') throw error;
    }
    const at = now();
    const raw = recorded ? duffelStayRaw(recorded.offer as ProviderHotel) : null;
    const currency = recorded?.currency ?? raw?.currency ?? 'EUR';
    const refund = recorded
      ? Math.min(refundAt(raw!.cancellationTimeline, at, currency), recorded.amountMinor)
      : 0;
    const cancelled = await orders.cancel(bookingId, refund, at);
    return { refundAmountMinor: cancelled?.refundAmountMinor ?? refund, currency };
  }

  return { search, requote, sellingNow, book, cancel };
}
