import { TZDate } from '@date-fns/tz';
import type { TravelClass } from '@vowa/shared/travel/travel-constants';
import { clockToMinutes, formatFlightDuration } from '@vowa/shared/travel/travel-rules';
import type {
  CabinClass,
  FlightsCondition,
  Offer,
  OfferSliceSegment,
  OrderCancellation,
} from '@duffel/api/types';
import { countryNameOf, findAirport, greatCircleKm } from '../geo/airports';
import { decimalToMinor, fromMinor } from '../provider-money';
import type { ProviderOrder, ProviderOrderStore } from '../provider-orders';
import {
  TravelProviderError,
  type BookingContact,
  type BookingTraveller,
  type FlightQuery,
  type ProviderBooking,
  type ProviderBookingRequest,
  type ProviderCancellationTerms,
  type ProviderFlight,
  type ProviderRefund,
} from '../travel-provider';
import { isNotFound, type DuffelClient } from './duffel-client';

/** What a booking needs of a Duffel offer, kept in the quote's `raw`. */
export type DuffelFlightRaw = {
  source: 'duffel';
  offerId: string;
  totalAmount: string;
  totalCurrency: string;
  passengers: number;
  /** The offer's passenger ids, which an order names its passengers by. */
  passengerIds: string[];
  /** The fare's refund rule, for the terms a booking states. */
  refund: FlightsCondition | null;
};

const CABINS: Record<TravelClass, CabinClass> = {
  economy: 'economy',
  premium: 'premium_economy',
  business: 'business',
  first: 'first',
};
const CLASSES: Record<CabinClass, TravelClass> = {
  economy: 'economy',
  premium_economy: 'premium',
  business: 'business',
  first: 'first',
};
const MAX_OFFERS = 20;
/** Orders per page when looking for an order by its key (Duffel allows 1 to 200). */
export const ORDER_PAGE_LIMIT = 200;
/**
 * How far back an order made with a key can be: the booking request does not say when its first
 * attempt began, and a recorded quote (and the offer behind it) is long gone after two days.
 */
export const KEY_LOOKBACK_MS = 48 * 3_600_000;
/** The key a Duffel order carries, so a booking retried after a crash finds its order. */
export const IDEMPOTENCY_METADATA = 'vowa_idempotency_key';

export const duffelFlightMessages = {
  notDuffel: 'This offer is not a Duffel offer.',
  travellerCount: (count: number) =>
    `This fare was priced for ${count} ${count === 1 ? 'traveller' : 'travellers'}; search again for a different number.`,
  travellerDetails: "Airlines need each traveller's date of birth and gender as on their passport.",
  phoneNeeded: 'Airlines need a contact phone number.',
  priceChanged: 'The airline changed the price of this flight.',
  soldOut: 'This flight is no longer available at this fare.',
  unknownOrder: 'There is no such order.',
} as const;

/** "PT7H25M", "P1DT2H" in minutes. */
export function isoDurationMinutes(text: string | null | undefined): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(text ?? '');
  if (!match) return null;
  const [, days = '0', hours = '0', minutes = '0'] = match;
  return Number(days) * 1440 + Number(hours) * 60 + Number(minutes);
}

/** A local "2026-12-21T08:45:00" at an airport as an instant. */
function instantAt(local: string, timeZone: string): number {
  const [date = '', time = '00:00'] = local.split('T');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime();
}

const money = (amount: string, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(Number(amount));

/** The airline's refund rule in a sentence. */
function refundText(condition: FlightsCondition | null | undefined): string {
  if (!condition) return 'The airline has not published its refund conditions for this fare.';
  if (!condition.allowed) return 'Non-refundable fare.';
  if (!condition.penalty_amount || Number(condition.penalty_amount) === 0) {
    return 'Refundable before departure.';
  }
  return `Refundable before departure for a fee of ${money(condition.penalty_amount, condition.penalty_currency ?? 'EUR')}.`;
}

function endpoint(segment: OfferSliceSegment, end: 'origin' | 'destination') {
  const airport = segment[end];
  const at = end === 'origin' ? segment.departing_at : segment.arriving_at;
  const code = airport.iata_code ?? airport.icao_code;
  const known = findAirport(code);
  return {
    airportCode: code,
    airportName: known?.name ?? airport.name,
    city: known?.city ?? airport.city_name ?? airport.name,
    country: known?.country ?? countryNameOf(airport.iata_country_code),
    countryCode: airport.iata_country_code,
    time: at.slice(11, 16),
    date: at.slice(0, 10),
    terminal: (end === 'origin' ? segment.origin_terminal : segment.destination_terminal) ?? null,
    coordinates: { latitude: airport.latitude, longitude: airport.longitude },
  };
}

function bagsText(quantity: number, noun: string, none: string) {
  return quantity > 0 ? `${quantity} ${noun}${quantity === 1 ? '' : 's'}` : none;
}

/** A one-way Duffel offer in the spec's shape; null when it is not one slice. */
export function toProviderFlight(offer: Omit<Offer, 'available_services'>): ProviderFlight | null {
  const [slice] = offer.slices;
  if (!slice || offer.slices.length !== 1 || slice.segments.length === 0) return null;
  const segments = slice.segments;
  const first = segments[0]!;
  const last = segments.at(-1)!;
  const passengers = Math.max(offer.passengers.length, 1);
  const totalMinor = decimalToMinor(offer.total_amount, offer.total_currency);
  const fare = first.passengers[0];
  const cabin = fare?.cabin?.amenities;
  const travelClass = CLASSES[fare?.cabin_class ?? 'economy'] ?? 'economy';
  const bags = (type: 'carry_on' | 'checked') =>
    fare?.baggages.filter((bag) => bag.type === type).reduce((sum, bag) => sum + bag.quantity, 0) ??
    0;
  const minutesOf = (segment: OfferSliceSegment) =>
    isoDurationMinutes(segment.duration) ??
    Math.round(
      (instantAt(segment.arriving_at, segment.destination.time_zone) -
        instantAt(segment.departing_at, segment.origin.time_zone)) /
        60_000,
    );
  const durationMinutes =
    isoDurationMinutes(slice.duration) ??
    Math.round(
      (instantAt(last.arriving_at, last.destination.time_zone) -
        instantAt(first.departing_at, first.origin.time_zone)) /
        60_000,
    );
  const carrier = first.marketing_carrier;
  const raw: DuffelFlightRaw = {
    source: 'duffel',
    offerId: offer.id,
    totalAmount: offer.total_amount,
    totalCurrency: offer.total_currency,
    passengers,
    passengerIds: offer.passengers.map((passenger) => passenger.id),
    refund: offer.conditions.refund_before_departure ?? null,
  };
  return {
    id: offer.id,
    airline: offer.owner.name,
    airlineCode: offer.owner.iata_code ?? carrier.iata_code ?? '',
    flightNumber: `${carrier.iata_code ?? ''}${first.marketing_carrier_flight_number}`,
    aircraft: first.aircraft?.name ?? 'Aircraft to be confirmed',
    class: travelClass,
    // Per person for display, rounded; `totalFor` is Duffel's exact total, which is what a
    // booking charges (the rounded figure times the party can differ from it by a few cents).
    price: fromMinor(Math.round(totalMinor / passengers), offer.total_currency),
    totalFor: { passengers, amount: Number(offer.total_amount) },
    currency: offer.total_currency,
    duration: formatFlightDuration(durationMinutes),
    durationMinutes,
    stops: segments.length - 1,
    stopAirports: segments.slice(1).map((segment) => segment.origin.iata_code ?? ''),
    distanceKm: Math.round(greatCircleKm(first.origin, last.destination)),
    departure: endpoint(first, 'origin'),
    arrival: endpoint(last, 'destination'),
    segments: segments.map((segment) => ({
      carrierCode: segment.marketing_carrier.iata_code ?? '',
      number: segment.marketing_carrier_flight_number,
      aircraftCode: segment.aircraft?.iata_code ?? '',
      departure: {
        iataCode: segment.origin.iata_code ?? '',
        at: segment.departing_at.slice(0, 19),
        terminal: segment.origin_terminal ?? null,
      },
      arrival: {
        iataCode: segment.destination.iata_code ?? '',
        at: segment.arriving_at.slice(0, 19),
        terminal: segment.destination_terminal ?? null,
      },
      durationMinutes: minutesOf(segment),
    })),
    baggage: {
      carry: bagsText(bags('carry_on'), 'cabin bag', '1 personal item'),
      checked: bagsText(bags('checked'), 'checked bag', 'Not included (can be added)'),
    },
    cancellation: refundText(offer.conditions.refund_before_departure),
    wifi: cabin?.wifi?.available ?? false,
    // Duffel does not describe entertainment or meals; say no rather than promise them.
    entertainment: false,
    mealService: false,
    seatSelection: slice.conditions?.advance_seat_selection ?? false,
    amenities: [
      ...(cabin?.power?.available ? ['Power outlets'] : []),
      ...(cabin?.seat?.pitch === 'more' ? ['Extra legroom'] : []),
      ...(cabin?.seat?.type === 'full_flat' ? ['Lie-flat seat'] : []),
      ...(slice.conditions?.priority_boarding ? ['Priority boarding'] : []),
    ],
    validUntil: offer.expires_at,
    referencePrice: null,
    raw,
  };
}

export function duffelFlightRaw(offer: ProviderFlight): DuffelFlightRaw {
  const raw = offer.raw as Partial<DuffelFlightRaw> | undefined;
  if (raw?.source !== 'duffel' || !raw.offerId || !raw.totalAmount || !raw.totalCurrency) {
    throw new TravelProviderError('rejected', duffelFlightMessages.notDuffel);
  }
  return raw as DuffelFlightRaw;
}

/**
 * Why these travellers cannot fly on this offer (a sentence for the person), or null: one per
 * passenger the fare was priced for, each with a date of birth and gender, and a contact phone.
 * Pure, so the bookings side can ask before any money moves; `book` checks the same.
 */
export function duffelTravellerProblems(
  offer: ProviderFlight,
  travellers: readonly BookingTraveller[],
  contact: BookingContact,
): string | null {
  const raw = offer.raw as Partial<DuffelFlightRaw> | undefined;
  if (raw?.source !== 'duffel' || !raw.offerId) return duffelFlightMessages.notDuffel;
  const passengers = raw.passengers ?? offer.totalFor?.passengers ?? 1;
  if (travellers.length !== passengers) return duffelFlightMessages.travellerCount(passengers);
  if (travellers.some((traveller) => !traveller.bornOn || !traveller.gender)) {
    return duffelFlightMessages.travellerDetails;
  }
  if (!contact.phone) return duffelFlightMessages.phoneNeeded;
  return null;
}

/** The airline's terms after Vowa's window: what the fare's refund condition leaves. */
function fareTerms(order: ProviderOrder): ProviderCancellationTerms {
  const condition = duffelFlightRaw(order.offer as ProviderFlight).refund;
  const amountMinor = order.amountMinor;
  if (!condition) {
    return { refundable: false, refundAmountMinor: null, penaltyText: refundText(null) };
  }
  if (!condition.allowed) {
    return { refundable: false, refundAmountMinor: 0, penaltyText: refundText(condition) };
  }
  const penalty = condition.penalty_amount
    ? decimalToMinor(condition.penalty_amount, condition.penalty_currency ?? order.currency)
    : 0;
  return {
    refundable: true,
    refundAmountMinor: Math.max(amountMinor - penalty, 0),
    penaltyText: `${refundText(condition)} Nothing is refunded after departure.`,
  };
}

/** Money that comes back (to the balance or card); airline credits and vouchers are not money. */
function refundOf(cancellation: OrderCancellation): number {
  const { refund_amount: amount, refund_currency: currency, refund_to: to } = cancellation;
  if (!amount || !currency || !['balance', 'card', 'arc_bsp_cash'].includes(to)) return 0;
  return decimalToMinor(amount, currency);
}

/**
 * Duffel flights: offer requests to search, the single offer to re-price, instant orders paid
 * from the Duffel balance, and order cancellations (quote, then confirm).
 */
export function createDuffelFlights(deps: {
  client: DuffelClient;
  orders: ProviderOrderStore;
  now: () => Date;
}) {
  const { client, orders, now } = deps;

  async function offersFor(query: {
    origin: string;
    destination: string;
    departureDate: string;
    adults: number;
    travelClass: TravelClass;
  }) {
    const request = await client.call('offer request', (duffel) =>
      duffel.offerRequests.create({
        slices: [
          {
            origin: query.origin,
            destination: query.destination,
            departure_date: query.departureDate,
            departure_time: null,
            arrival_time: null,
          },
        ],
        passengers: Array.from({ length: query.adults }, () => ({ type: 'adult' as const })),
        cabin_class: CABINS[query.travelClass],
        max_connections: 1,
        return_offers: true,
        supplier_timeout: 15_000,
      }),
    );
    return request.offers
      .flatMap((offer) => toProviderFlight(offer) ?? [])
      .sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity))
      .slice(0, MAX_OFFERS);
  }

  async function search(query: FlightQuery) {
    return offersFor({
      origin: query.origin.code,
      destination: query.destination.code,
      departureDate: query.departureDate,
      adults: query.adults,
      travelClass: query.travelClass,
    });
  }

  /** The same flight (else the same airline, else any) at the asked time on the asked day. */
  async function requote(
    original: ProviderFlight,
    change: { travelClass: TravelClass; departureDate: string; departureTime: string },
  ) {
    const found = await offersFor({
      origin: original.departure.airportCode,
      destination: original.arrival.airportCode,
      departureDate: change.departureDate,
      adults: duffelFlightRaw(original).passengers,
      travelClass: change.travelClass,
    });
    const target = clockToMinutes(change.departureTime);
    const gap = (flight: ProviderFlight) =>
      Math.abs(clockToMinutes(flight.departure.time) - target);
    const rank = (flight: ProviderFlight) =>
      (flight.flightNumber === original.flightNumber ? 0 : 2) +
      (flight.airlineCode === original.airlineCode ? 0 : 1);
    const [best] = found
      .filter((flight) => gap(flight) <= 90)
      .sort((a, b) => rank(a) - rank(b) || gap(a) - gap(b));
    return best ?? null;
  }

  /** The offer as Duffel sells it now; sold out when Duffel no longer has it. */
  async function currentOffer(offerId: string) {
    try {
      const offer = await client.call('offer', (duffel) => duffel.offers.get(offerId));
      const flight = toProviderFlight(offer);
      if (!flight || Date.parse(offer.expires_at) <= now().getTime()) throw soldOut();
      return flight;
    } catch (error) {
      if (isNotFound(error)) throw soldOut();
      throw error;
    }
  }

  /**
   * The flight as Duffel sells it now: the single offer while it lasts (offers expire within
   * the hour), else the same flight found by a new search; null when it is no longer flown.
   */
  async function sellingNow(flight: ProviderFlight): Promise<ProviderFlight | null> {
    try {
      return await currentOffer(duffelFlightRaw(flight).offerId);
    } catch (error) {
      if (!(error instanceof TravelProviderError) || error.kind !== 'sold_out') throw error;
      return requote(flight, {
        travelClass: flight.class,
        departureDate: flight.departure.date,
        departureTime: flight.departure.time,
      });
    }
  }

  /**
   * An order Duffel already made with this key (the answer was lost before we recorded it):
   * every page of the orders for this family name (Duffel's `after` cursor), newest first, until
   * the orders are older than any attempt with the key can be.
   */
  async function orderMadeWith(key: string, familyName: string) {
    const since = now().getTime() - KEY_LOOKBACK_MS;
    let after: string | undefined;
    for (;;) {
      const page = await client.page('orders by passenger', (duffel) =>
        duffel.orders.list({
          'passenger_name[]': [familyName],
          limit: ORDER_PAGE_LIMIT,
          ...(after ? { after } : {}),
        }),
      );
      const found = page.data.find((order) => order.metadata?.[IDEMPOTENCY_METADATA] === key);
      if (found) return found;
      if (!page.after || page.after === after || pastBound(page.data, since)) return null;
      after = page.after;
    }
  }

  function checkTravellers(request: ProviderBookingRequest) {
    const problem = duffelTravellerProblems(
      request.offer as ProviderFlight,
      request.travellers,
      request.contact,
    );
    if (problem) throw new TravelProviderError('rejected', problem);
  }

  async function createOrder(request: ProviderBookingRequest, current: DuffelFlightRaw) {
    const offerId = current.offerId;
    try {
      return await client.call('order', (duffel) =>
        duffel.orders.create({
          type: 'instant',
          selected_offers: [offerId],
          passengers: current.passengerIds.map((id, index) => {
            const traveller = request.travellers[index]!;
            return {
              id,
              given_name: traveller.givenName,
              family_name: traveller.familyName,
              born_on: traveller.bornOn!,
              gender: traveller.gender!,
              title: traveller.gender === 'f' ? 'ms' : 'mr',
              email: request.contact.email,
              phone_number: request.contact.phone!,
            };
          }),
          payments: [
            { type: 'balance', amount: current.totalAmount, currency: current.totalCurrency },
          ],
          metadata: { [IDEMPOTENCY_METADATA]: request.idempotencyKey },
        }),
      );
    } catch (error) {
      // The airline repriced between our check and the order: say what it costs now.
      if (error instanceof TravelProviderError && error.kind === 'price_changed') {
        throw new TravelProviderError(
          'price_changed',
          duffelFlightMessages.priceChanged,
          await currentOffer(offerId),
        );
      }
      throw error;
    }
  }

  async function book(request: ProviderBookingRequest): Promise<ProviderBooking> {
    const offer = request.offer as ProviderFlight;
    const raw = duffelFlightRaw(offer);
    checkTravellers(request);
    const recorded = await orders.findByKey(request.idempotencyKey);
    if (recorded) return bookingOf(recorded);
    const current = await currentOffer(raw.offerId);
    const currentRaw = duffelFlightRaw(current);
    if (
      currentRaw.totalCurrency !== raw.totalCurrency ||
      decimalToMinor(currentRaw.totalAmount, raw.totalCurrency) !==
        decimalToMinor(raw.totalAmount, raw.totalCurrency)
    ) {
      throw new TravelProviderError('price_changed', duffelFlightMessages.priceChanged, current);
    }
    const familyName = request.travellers[0]!.familyName;
    const order =
      (await orderMadeWith(request.idempotencyKey, familyName)) ??
      (await createOrder(request, currentRaw).catch(async (error: unknown) => {
        // A concurrent attempt with this key may have just booked the offer: that is ours.
        const raced = await orderMadeWith(request.idempotencyKey, familyName);
        if (raced) return raced;
        throw error;
      }));
    const amountMinor = decimalToMinor(order.total_amount, order.total_currency);
    const first = order.slices[0]?.segments[0];
    const stored: ProviderOrder = {
      id: order.id,
      kind: 'flight',
      reference: order.booking_reference,
      idempotencyKey: request.idempotencyKey,
      offer: current,
      amountMinor,
      currency: order.total_currency,
      travellers: request.travellers,
      contact: request.contact,
      startsAt: first ? new Date(instantAt(first.departing_at, first.origin.time_zone)) : null,
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

  function bookingOf(order: ProviderOrder): ProviderBooking {
    return {
      reference: order.reference,
      orderId: order.id,
      amountMinor: order.amountMinor,
      currency: order.currency,
      cancellation: fareTerms(order),
    };
  }

  /**
   * The order's cancellations: every page (Duffel's `after` cursor), stopping early at a
   * confirmed one, which is all a cancel needs to know. Duffel lists them in any order.
   */
  async function cancellationsOf(orderId: string): Promise<OrderCancellation[]> {
    const found: OrderCancellation[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await client.page('order cancellations', (duffel) =>
        duffel.orderCancellations.list({
          order_id: orderId,
          limit: ORDER_PAGE_LIMIT,
          ...(after ? { after } : {}),
        }),
      );
      found.push(...page.data);
      if (page.data.some((cancellation) => cancellation.confirmed_at)) return found;
      if (!page.after || page.after === after) return found;
      after = page.after;
    }
  }

  /** Cancels through a cancellation quote, confirmed; a cancelled order answers its refund. */
  async function cancel(orderId: string): Promise<ProviderRefund> {
    const recorded = await orders.find(orderId);
    let existing: OrderCancellation[];
    try {
      existing = await cancellationsOf(orderId);
    } catch (error) {
      if (isNotFound(error))
        throw new TravelProviderError('rejected', duffelFlightMessages.unknownOrder);
      throw error;
    }
    const confirmed = existing.find((cancellation) => cancellation.confirmed_at);
    const open = existing.find(
      (cancellation) =>
        !cancellation.confirmed_at && Date.parse(cancellation.expires_at) > now().getTime(),
    );
    const done =
      confirmed ??
      (await client.call('confirm cancellation', async (duffel) => {
        const quote = open ?? (await duffel.orderCancellations.create({ order_id: orderId })).data;
        return duffel.orderCancellations.confirm(quote.id);
      }));
    const refund = refundOf(done);
    await orders.cancel(orderId, refund, now());
    return {
      refundAmountMinor: refund,
      currency: done.refund_currency ?? recorded?.currency ?? 'EUR',
    };
  }

  return { search, requote, sellingNow, book, cancel };
}

/**
 * Whether a page of a newest-first list reaches back before `since`, so later pages are older
 * still. A page that is not newest first (Duffel does not promise an order) never ends the search.
 */
export function pastBound(
  items: readonly { created_at?: string | null; confirmed_at?: string | null }[],
  since: number,
): boolean {
  const times = items.map((item) => Date.parse(item.created_at ?? item.confirmed_at ?? ''));
  if (times.length === 0 || times.some(Number.isNaN)) return false;
  const newestFirst = times.every((time, index) => index === 0 || time <= times[index - 1]!);
  return newestFirst && times.at(-1)! < since;
}

const soldOut = () => new TravelProviderError('sold_out', duffelFlightMessages.soldOut);
