import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import { findAirport, greatCircleKm } from '../src/modules/travel/geo/airports';

/**
 * A local stand-in for Duffel's documented HTTP API (v2), for contract tests:
 *
 * - every request needs `Authorization: Bearer <token>` (401 `authentication_error`,
 *   `unauthorized`) and `Duffel-Version: v2` (400 `invalid_request_error`,
 *   `unsupported_version`); bodies are JSON `{ data: … }`, answers `{ data, meta? }`;
 * - errors are `{ errors: [{ type, code, title, message, documentation_url }], meta: { status,
 *   request_id } }`;
 * - flights: `POST /air/offer_requests` (`return_offers`), `GET /air/offers/:id`,
 *   `POST /air/orders` (instant, balance payment of the offer's current total, else 422
 *   `price_changed`; an offer books once, then 422 `offer_no_longer_available`),
 *   `GET /air/orders` (`passenger_name[]`), `GET /air/orders/:id`, `GET/POST
 *   /air/order_cancellations`, `POST /air/order_cancellations/:id/actions/confirm`;
 * - stays: `POST /stays/search` (by location or accommodation ids), `POST
 *   /stays/search_results/:id/actions/fetch_all_rates`, `POST /stays/quotes`, `POST/GET
 *   /stays/bookings`, `GET /stays/bookings/:id`, `POST /stays/bookings/:id/actions/cancel`;
 * - lists (`GET /air/orders`, `/air/order_cancellations`, `/stays/bookings`) are newest first
 *   and paginated by cursor as Duffel documents it: `?limit=` (1 to 200, default 50), `meta: {
 *   limit, after, before }`, the next page at `?after=<meta.after>`, `meta.after` null on the
 *   last page;
 * - `rateLimitNext(n)` answers 429 `rate_limit_error`, `failNext(n)` 500 `api_error`,
 *   `loseNextAnswer(path)` does the work and then answers 500 (the answer lost on the way).
 *
 * Inventory is generated from the request (our airport data for the places), so any route
 * searches; prices are in `currency` (GBP by default, like a UK Duffel balance).
 */

export const DUFFEL_FAKE_TOKEN = 'duffel_test_vowafaketoken000000000000001';

type Json = Record<string, unknown>;
type Airline = { id: string; name: string; iata_code: string };

export type RecordedDuffelRequest = {
  method: string;
  path: string;
  query: Record<string, string[]>;
  version: string | undefined;
  /** The Authorization header with the token replaced, so tests can show it was sent. */
  authorization: string | undefined;
  body: Json | undefined;
  status: number;
};

export type DuffelFake = {
  /** For DUFFEL_API_URL. */
  apiUrl: string;
  token: string;
  requests: RecordedDuffelRequest[];
  orders: () => Json[];
  stayBookings: () => Json[];
  /** Adds an order (or a stay booking) as if made earlier, e.g. other bookings by the same name. */
  seedOrder: (order: Json) => void;
  seedStayBooking: (booking: Json) => void;
  /** Adds an order cancellation (a quote or a confirmed one) as if made earlier. */
  seedCancellation: (cancellation: Json) => void;
  /** Sets an offer's (or a stay rate's) current total, as an airline or hotel repricing. */
  reprice: (id: string, totalAmount: string) => void;
  /** Removes an offer or rate, as when sold out. */
  withdraw: (id: string) => void;
  rateLimitNext: (count: number) => void;
  failNext: (count: number) => void;
  loseNextAnswer: (path: string) => void;
  env: () => Record<string, string>;
  reset: () => void;
  close: () => Promise<void>;
};

class DuffelError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

const AIRLINES: Airline[] = [
  { id: 'arl_00009VME7DBKeMags5CliQ', name: 'British Airways', iata_code: 'BA' },
  { id: 'arl_00009VME7DAGiJjwomhv32', name: 'Air France', iata_code: 'AF' },
  { id: 'arl_00009VME7DCOaPRQvNhcMu', name: 'Duffel Airways', iata_code: 'ZZ' },
];
const DEPARTURES = ['08:15', '13:40', '19:05'];
const CABIN_FACTOR: Record<string, number> = {
  economy: 1,
  premium_economy: 1.8,
  business: 3.5,
  first: 6,
};
const ROOMS = [
  { name: 'Standard Double Room', nightly: 120, refundable: true },
  { name: 'Deluxe King Room', nightly: 185, refundable: true },
  { name: 'Junior Suite', nightly: 290, refundable: false },
];

const id = (prefix: string) => `${prefix}_0000${randomBytes(8).toString('hex')}`;
const amount = (value: number) => value.toFixed(2);
const pad = (value: number) => String(value).padStart(2, '0');
const localIso = (instant: number, timeZone: string) => {
  const local = new TZDate(instant, timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}:00`;
};
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

function airportOf(code: string) {
  const airport = findAirport(code);
  if (!airport) {
    throw new DuffelError(
      422,
      'validation_error',
      'invalid_airport',
      'Invalid airport',
      `Unknown airport ${code}`,
    );
  }
  return {
    id: `arp_${code.toLowerCase()}_fake`,
    type: 'airport',
    iata_code: airport.code,
    icao_code: `X${airport.code}`,
    name: airport.name,
    city_name: airport.city,
    iata_city_code: airport.code,
    iata_country_code: airport.countryCode,
    latitude: airport.latitude,
    longitude: airport.longitude,
    time_zone: airport.timezone,
    city: null,
  };
}

function errorBody(error: DuffelError) {
  return {
    errors: [
      {
        type: error.type,
        code: error.code,
        title: error.title,
        message: error.message,
        documentation_url: `https://duffel.com/docs/api/overview/errors#${error.code}`,
      },
    ],
    meta: { status: error.status, request_id: randomBytes(6).toString('hex') },
  };
}

export async function startDuffelFake(
  options: { currency?: string; now?: () => Date } = {},
): Promise<DuffelFake> {
  const currency = options.currency ?? 'GBP';
  const now = options.now ?? (() => new Date());
  const requests: RecordedDuffelRequest[] = [];
  const offers = new Map<string, Json>();
  const booked = new Set<string>();
  const orders = new Map<string, Json>();
  const cancellations = new Map<string, Json>();
  const searchResults = new Map<string, Json>();
  const rates = new Map<string, { rate: Json; result: Json }>();
  const quotes = new Map<string, Json>();
  const bookings = new Map<string, Json>();
  const overrides = new Map<string, string>();
  const withdrawn = new Set<string>();
  let rateLimited = 0;
  let failing = 0;
  const losing = new Set<string>();

  function makeOffer(slice: Json, passengers: Json[], cabin: string, option: number): Json {
    const origin = airportOf(String(slice.origin));
    const destination = airportOf(String(slice.destination));
    const km = greatCircleKm(origin, destination);
    const minutes = Math.round((35 + (km / 820) * 60) / 5) * 5;
    const airline = AIRLINES[option % AIRLINES.length]!;
    const [hours, mins] = (DEPARTURES[option] ?? '10:00').split(':').map(Number) as [
      number,
      number,
    ];
    const [year, month, day] = String(slice.departure_date).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    const departs = new TZDate(year, month - 1, day, hours, mins, origin.time_zone).getTime();
    const perPerson = (45 + km * 0.065) * (CABIN_FACTOR[cabin] ?? 1) * (1 + option * 0.12);
    const total = perPerson * passengers.length;
    const refundable = cabin === 'business' || cabin === 'first';
    const refund = refundable
      ? { allowed: true, penalty_amount: amount(100), penalty_currency: currency }
      : { allowed: false, penalty_amount: null, penalty_currency: null };
    const offerId = id('off');
    const duration = `PT${Math.floor(minutes / 60)}H${minutes % 60}M`;
    const offer = {
      id: offerId,
      live_mode: false,
      created_at: now().toISOString(),
      updated_at: now().toISOString(),
      expires_at: new Date(now().getTime() + 30 * 60_000).toISOString(),
      total_amount: amount(total),
      total_currency: currency,
      base_amount: amount(total * 0.8),
      base_currency: currency,
      tax_amount: amount(total * 0.2),
      tax_currency: currency,
      total_emissions_kg: String(Math.round(km * 0.09)),
      owner: airline,
      passengers: passengers.map((passenger) => ({ ...passenger, age: null, fare_type: null })),
      conditions: { refund_before_departure: refund, change_before_departure: null },
      payment_requirements: {
        requires_instant_payment: true,
        price_guarantee_expires_at: null,
        payment_required_by: null,
      },
      partial: false,
      private_fares: [],
      passenger_identity_documents_required: false,
      supported_passenger_identity_document_types: [],
      supported_loyalty_programmes: [],
      available_services: [],
      slices: [
        {
          id: id('sli'),
          origin,
          destination,
          origin_type: 'airport',
          destination_type: 'airport',
          duration,
          fare_brand_name: cabin === 'economy' ? 'Basic' : 'Flex',
          comparison_key: randomBytes(4).toString('hex'),
          ngs_shelf: 1,
          conditions: {
            refund_before_departure: refund,
            change_before_departure: null,
            advance_seat_selection: cabin !== 'economy',
            priority_boarding: cabin !== 'economy',
          },
          segments: [
            {
              id: id('seg'),
              origin,
              destination,
              departing_at: localIso(departs, origin.time_zone),
              arriving_at: localIso(departs + minutes * 60_000, destination.time_zone),
              duration,
              distance: String(Math.round(km)),
              origin_terminal: '5',
              destination_terminal: '2E',
              marketing_carrier: airline,
              operating_carrier: airline,
              marketing_carrier_flight_number: String(100 + option * 17),
              operating_carrier_flight_number: String(100 + option * 17),
              aircraft: { id: 'arc_00009UhD4ongolulWd91Ky', name: 'Airbus A350', iata_code: '359' },
              stops: [],
              passengers: passengers.map((passenger) => ({
                passenger_id: passenger.id,
                cabin_class: cabin,
                cabin_class_marketing_name: cabin === 'economy' ? 'Economy' : 'Club',
                fare_basis_code: 'Y20LGTN2',
                baggages: [
                  { type: 'carry_on', quantity: 1 },
                  { type: 'checked', quantity: cabin === 'economy' ? 0 : 2 },
                ],
                cabin: {
                  name: cabin,
                  marketing_name: cabin,
                  amenities: {
                    wifi: { available: km > 1500, cost: 'paid' },
                    power: { available: true },
                    seat: {
                      pitch: cabin === 'economy' ? 'standard' : 'more',
                      type: cabin === 'business' ? 'full_flat' : 'standard',
                    },
                  },
                },
              })),
            },
          ],
        },
      ],
    };
    offers.set(offerId, offer);
    return offer;
  }

  /** The offer as it is sold now: repriced or withdrawn as the test said. */
  function currentOffer(offerId: string) {
    const offer = offers.get(offerId);
    if (!offer || withdrawn.has(offerId)) {
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'Not found',
        'The resource you are trying to access does not exist.',
      );
    }
    const total = overrides.get(offerId);
    return total ? { ...offer, total_amount: total } : offer;
  }

  function createOrder(data: Json) {
    const [offerId] = (data.selected_offers as string[] | undefined) ?? [];
    if (data.type !== 'instant') {
      throw new DuffelError(
        422,
        'validation_error',
        'invalid_field',
        'Invalid type',
        'This fake books instant orders.',
      );
    }
    if (!offerId || withdrawn.has(offerId) || booked.has(offerId) || !offers.has(offerId)) {
      throw new DuffelError(
        422,
        'invalid_state_error',
        'offer_no_longer_available',
        'Offer no longer available',
        'The selected offer is no longer available.',
      );
    }
    const offer = currentOffer(offerId);
    const [payment] = (data.payments as Json[] | undefined) ?? [];
    if (
      payment?.type !== 'balance' ||
      payment.amount !== offer.total_amount ||
      payment.currency !== offer.total_currency
    ) {
      throw new DuffelError(
        422,
        'airline_error',
        'price_changed',
        'Price changed',
        'The price of this offer has changed. Retrieve the offer again.',
      );
    }
    const offered = (offer.passengers as Json[]).map((passenger) => passenger.id);
    const passengers = (data.passengers as Json[] | undefined) ?? [];
    const required = [
      'id',
      'given_name',
      'family_name',
      'born_on',
      'gender',
      'title',
      'email',
      'phone_number',
    ];
    const valid =
      passengers.length === offered.length &&
      passengers.every(
        (passenger) =>
          offered.includes(passenger.id) && required.every((field) => passenger[field]),
      ) &&
      passengers.every((passenger) => /^\+\d{6,15}$/.test(String(passenger.phone_number)));
    if (!valid) {
      throw new DuffelError(
        422,
        'validation_error',
        'invalid_passengers',
        'Invalid passengers',
        'Every offer passenger needs id, names, born_on, gender, title, email and an E.164 phone_number.',
      );
    }
    booked.add(offerId);
    const order = {
      id: id('ord'),
      live_mode: false,
      created_at: now().toISOString(),
      booking_reference: randomBytes(3).toString('hex').toUpperCase(),
      total_amount: offer.total_amount,
      total_currency: offer.total_currency,
      base_amount: offer.base_amount,
      base_currency: offer.base_currency,
      tax_amount: offer.tax_amount,
      tax_currency: offer.tax_currency,
      owner: offer.owner,
      slices: offer.slices,
      passengers,
      conditions: offer.conditions,
      metadata: (data.metadata as Json | undefined) ?? {},
      payment_status: { awaiting_payment: false, paid_at: now().toISOString() },
      services: [],
      documents: [{ type: 'electronic_ticket', unique_identifier: randomBytes(6).toString('hex') }],
      cancelled_at: null,
      available_actions: ['cancel'],
      airline_initiated_changes: [],
      content: 'managed',
      synced_at: now().toISOString(),
    };
    orders.set(order.id, order);
    return order;
  }

  function createCancellation(data: Json) {
    const order = orders.get(String(data.order_id));
    if (!order) {
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'Not found',
        'The order does not exist.',
      );
    }
    if (order.cancelled_at) {
      throw new DuffelError(
        422,
        'invalid_state_error',
        'order_already_cancelled',
        'Already cancelled',
        'This order has already been cancelled.',
      );
    }
    const refund = (order.conditions as Json).refund_before_departure as Json;
    const total = Number(order.total_amount);
    const refundAmount = refund.allowed
      ? Math.max(total - Number(refund.penalty_amount ?? 0), 0)
      : 0;
    const cancellation = {
      id: id('ore'),
      order_id: order.id,
      live_mode: false,
      created_at: now().toISOString(),
      expires_at: new Date(now().getTime() + 15 * 60_000).toISOString(),
      confirmed_at: null as string | null,
      refund_amount: amount(refundAmount),
      refund_currency: order.total_currency,
      refund_to: 'balance',
      airline_credits: [],
    };
    cancellations.set(cancellation.id, cancellation);
    return cancellation;
  }

  function confirmCancellation(cancellationId: string) {
    const cancellation = cancellations.get(cancellationId);
    if (!cancellation) {
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'Not found',
        'The order cancellation does not exist.',
      );
    }
    if (!cancellation.confirmed_at) {
      const order = orders.get(String(cancellation.order_id))!;
      if (order.cancelled_at) {
        throw new DuffelError(
          422,
          'invalid_state_error',
          'order_already_cancelled',
          'Already cancelled',
          'This order has already been cancelled.',
        );
      }
      cancellation.confirmed_at = now().toISOString();
      order.cancelled_at = cancellation.confirmed_at;
      order.available_actions = [];
    }
    return cancellation;
  }

  function accommodation(
    index: number,
    point: { latitude: number; longitude: number },
    withRooms: Json[],
  ) {
    const names = ['Duffel Test Hotel', 'Harbour View Residences', 'The Old Mill Inn'];
    return {
      id: `acc_0000fake${index}`,
      name: names[index % names.length],
      description: 'A test property of the Duffel sandbox.',
      rating: 3 + (index % 3),
      review_score: 8.4 - index * 0.3,
      review_count: 120 + index * 40,
      amenities: [
        { type: 'wifi', description: 'Free Wi-Fi' },
        { type: 'restaurant', description: 'Restaurant' },
        ...(index === 1 ? [{ type: 'pets_allowed', description: 'Pets allowed' }] : []),
      ],
      brand: index === 0 ? { id: 'bra_fake0', name: 'Duffel Hotel Group' } : null,
      chain: null,
      check_in_information: { check_in_after_time: '15:00', check_out_before_time: '11:00' },
      key_collection: null,
      email: `stay${index}@example.com`,
      phone_number: '+442080160509',
      photos: [{ url: `https://assets.duffel.example/acc${index}.jpg` }],
      ratings: [],
      supported_loyalty_programme: null,
      location: {
        address: {
          line_one: `${10 + index} Test Street`,
          city_name: 'Test City',
          country_code: 'GB',
          postal_code: 'EC2A 4RR',
        },
        geographic_coordinates: {
          latitude: point.latitude + index * 0.004,
          longitude: point.longitude - index * 0.004,
        },
      },
      rooms: withRooms,
    };
  }

  function roomsFor(index: number, checkIn: string, nights: number, resultId: string) {
    return ROOMS.map((room) => {
      const total = room.nightly * (1 + index * 0.15) * nights * 1.12;
      const rate = {
        id: id('rat'),
        total_amount: amount(total),
        total_currency: currency,
        base_amount: amount(total / 1.12),
        base_currency: currency,
        tax_amount: amount(total - total / 1.12),
        tax_currency: currency,
        fee_amount: null,
        fee_currency: currency,
        due_at_accommodation_amount: null,
        due_at_accommodation_currency: currency,
        board_type: 'room_only',
        payment_type: 'pay_now',
        available_payment_methods: ['balance'],
        quantity_available: 3,
        conditions: [],
        source: 'duffel_hotel_group',
        supported_loyalty_programme: null,
        loyalty_programme_required: false,
        estimated_commission_amount: null,
        estimated_commission_currency: null,
        code: null,
        description: null,
        name: room.refundable ? 'Flexible rate' : 'Non-refundable rate',
        expires_at: new Date(now().getTime() + 30 * 60_000).toISOString(),
        cancellation_timeline: room.refundable
          ? [
              {
                before: new Date(Date.parse(`${checkIn}T15:00:00Z`) - 48 * 3_600_000).toISOString(),
                refund_amount: amount(total),
                currency,
              },
            ]
          : [],
      };
      rates.set(rate.id, { rate, result: { id: resultId } });
      return { name: room.name, beds: [{ type: 'double', count: 1 }], photos: [], rates: [rate] };
    });
  }

  function staysSearch(data: Json) {
    const checkIn = String(data.check_in_date);
    const checkOut = String(data.check_out_date);
    const nights = daysBetween(checkIn, checkOut);
    if (!(nights >= 1)) {
      throw new DuffelError(
        422,
        'validation_error',
        'invalid_dates',
        'Invalid dates',
        'check_out_date must be after check_in_date.',
      );
    }
    const location = data.location as
      { geographic_coordinates: { latitude: number; longitude: number } } | undefined;
    const byIds = data.accommodation as { ids: string[]; fetch_rates?: boolean } | undefined;
    const indexes = byIds
      ? byIds.ids.map((accId) => Number(accId.replace('acc_0000fake', '')))
      : [0, 1, 2];
    const point = location?.geographic_coordinates ?? { latitude: 51.5, longitude: -0.12 };
    const results = indexes.map((index) => {
      const resultId = id('srr');
      const rooms = roomsFor(index, checkIn, nights, resultId);
      const cheapest = rooms[0]!.rates[0]!;
      const result = {
        id: resultId,
        check_in_date: checkIn,
        check_out_date: checkOut,
        rooms: data.rooms,
        guests: data.guests,
        expires_at: new Date(now().getTime() + 30 * 60_000).toISOString(),
        cheapest_rate_total_amount: cheapest.total_amount,
        cheapest_rate_currency: currency,
        cheapest_rate_base_amount: cheapest.base_amount,
        cheapest_rate_base_currency: currency,
        cheapest_rate_public_amount: null,
        cheapest_rate_public_currency: currency,
        cheapest_rate_due_at_accommodation_amount: null,
        cheapest_rate_due_at_accommodation_currency: null,
        accommodation: accommodation(index, point, []),
        /** Kept for fetch_all_rates; not part of the answer. */
        roomsWithRates: rooms,
      };
      searchResults.set(resultId, result);
      return {
        ...publicResult(result),
        ...(byIds?.fetch_rates ? { accommodation: accommodation(index, point, rooms) } : {}),
      };
    });
    return { results, created_at: now().toISOString() };
  }

  function publicResult(result: Json) {
    const { roomsWithRates: _rooms, ...rest } = result;
    return rest;
  }

  function allRates(resultId: string) {
    const result = searchResults.get(resultId);
    if (!result) {
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'Not found',
        'The search result does not exist or has expired.',
      );
    }
    const rooms = (result.roomsWithRates as Json[]).map((room) => ({
      ...room,
      rates: (room.rates as Json[])
        .filter((rate) => !withdrawn.has(String(rate.id)))
        .map((rate) => ({
          ...rate,
          total_amount: overrides.get(String(rate.id)) ?? rate.total_amount,
        })),
    }));
    return { ...publicResult(result), accommodation: { ...(result.accommodation as Json), rooms } };
  }

  function createQuote(data: Json) {
    const rateId = String(data.rate_id);
    const found = rates.get(rateId);
    if (!found || withdrawn.has(rateId)) {
      throw new DuffelError(
        422,
        'invalid_state_error',
        'rate_unavailable',
        'Rate unavailable',
        'The rate is no longer available.',
      );
    }
    const result = searchResults.get(String(found.result.id))!;
    const total = overrides.get(rateId) ?? String(found.rate.total_amount);
    const quote = {
      id: id('quo'),
      rate_id: rateId,
      check_in_date: result.check_in_date,
      check_out_date: result.check_out_date,
      accommodation: result.accommodation,
      total_amount: total,
      total_currency: currency,
      base_amount: amount(Number(total) / 1.12),
      base_currency: currency,
      tax_amount: amount(Number(total) - Number(total) / 1.12),
      tax_currency: currency,
      fee_amount: null,
      fee_currency: currency,
      due_at_accommodation_amount: null,
      due_at_accommodation_currency: currency,
      deposit_amount: null,
      deposit_currency: currency,
      supported_loyalty_programme: null,
      rooms: 1,
      guests: result.guests,
      used: false,
    };
    quotes.set(quote.id, quote);
    return { ...quote, used: undefined };
  }

  function createBooking(data: Json) {
    const quote = quotes.get(String(data.quote_id));
    if (!quote) {
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'Not found',
        'The quote does not exist.',
      );
    }
    if (quote.used) {
      throw new DuffelError(
        422,
        'invalid_state_error',
        'quote_already_booked',
        'Quote already booked',
        'This quote has already been booked.',
      );
    }
    const guests = (data.guests as Json[] | undefined) ?? [];
    if (guests.length === 0 || !data.email || !/^\+\d{6,15}$/.test(String(data.phone_number))) {
      throw new DuffelError(
        422,
        'validation_error',
        'invalid_guests',
        'Invalid booking',
        'guests, email and an E.164 phone_number are required.',
      );
    }
    quote.used = true;
    const booking = {
      id: id('bok'),
      reference: randomBytes(4).toString('hex').toUpperCase(),
      status: 'confirmed',
      confirmed_at: now().toISOString(),
      cancelled_at: null as string | null,
      check_in_date: quote.check_in_date,
      check_out_date: quote.check_out_date,
      accommodation: quote.accommodation,
      guests,
      email: data.email,
      phone_number: data.phone_number,
      rooms: 1,
      metadata: (data.metadata as Json | undefined) ?? null,
      supported_loyalty_programme: null,
      loyalty_programme_account_number: null,
      key_collection: null,
      estimated_commission_amount: null,
      estimated_commission_currency: null,
    };
    bookings.set(booking.id, booking);
    return booking;
  }

  function cancelBooking(bookingId: string) {
    const booking = bookings.get(bookingId);
    if (!booking) {
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'Not found',
        'The booking does not exist.',
      );
    }
    if (booking.status === 'cancelled') {
      throw new DuffelError(
        422,
        'invalid_state_error',
        'booking_already_cancelled',
        'Already cancelled',
        'This booking has already been cancelled.',
      );
    }
    booking.status = 'cancelled';
    booking.cancelled_at = now().toISOString();
    return booking;
  }

  const notFound = () =>
    new DuffelError(
      404,
      'invalid_request_error',
      'not_found',
      'Not found',
      'The resource you are trying to access does not exist.',
    );

  function route(
    method: string,
    path: string,
    url: URL,
    data: Json,
  ): { status: number; body: Json } {
    const ok = (body: unknown, status = 200) => ({ status, body: { data: body } as Json });
    const list = (items: Json[]) => paginate(items, url);
    const parts = path.split('/').filter(Boolean);
    const key = `${method} /${parts.map((part, index) => (index === 2 && /_[0-9a-z]{4,}/.test(part) ? ':id' : part)).join('/')}`;
    switch (key) {
      case 'POST /air/offer_requests': {
        const passengers = ((data.passengers as Json[] | undefined) ?? []).map((passenger) => ({
          ...passenger,
          id: id('pas'),
        }));
        const slices = (data.slices as Json[] | undefined) ?? [];
        if (passengers.length === 0 || slices.length === 0) {
          throw new DuffelError(
            422,
            'validation_error',
            'invalid_field',
            'Invalid request',
            'passengers and slices are required.',
          );
        }
        const cabin = String(data.cabin_class ?? 'economy');
        const made = DEPARTURES.map((_, option) =>
          makeOffer(slices[0]!, passengers, cabin, option),
        );
        const request = {
          id: id('orq'),
          live_mode: false,
          created_at: now().toISOString(),
          cabin_class: cabin,
          passengers,
          slices,
          offers:
            url.searchParams.get('return_offers') === 'false'
              ? []
              : made.map(({ available_services: _services, ...offer }) => offer),
        };
        return ok(request, 201);
      }
      case 'GET /air/offers/:id':
        return ok(currentOffer(parts[2]!));
      case 'POST /air/orders':
        return ok(createOrder(data), 201);
      case 'GET /air/orders': {
        const names = url.searchParams.getAll('passenger_name[]').map((name) => name.toLowerCase());
        return list(
          [...orders.values()].filter((order) =>
            names.every((name) =>
              (order.passengers as Json[]).some((passenger) =>
                `${String(passenger.given_name)} ${String(passenger.family_name)}`
                  .toLowerCase()
                  .includes(name),
              ),
            ),
          ),
        );
      }
      case 'GET /air/orders/:id': {
        const order = orders.get(parts[2]!);
        if (!order) throw notFound();
        return ok(order);
      }
      case 'GET /air/order_cancellations': {
        const orderId = url.searchParams.get('order_id');
        return list(
          [...cancellations.values()].filter((entry) => !orderId || entry.order_id === orderId),
        );
      }
      case 'POST /air/order_cancellations':
        return ok(createCancellation(data), 201);
      case 'POST /air/order_cancellations/:id/actions/confirm':
        return ok(confirmCancellation(parts[2]!));
      case 'POST /stays/search':
        return ok(staysSearch(data));
      case 'POST /stays/search_results/:id/actions/fetch_all_rates':
        return ok(allRates(parts[2]!));
      case 'POST /stays/quotes':
        return ok(createQuote(data), 201);
      case 'POST /stays/bookings':
        return ok(createBooking(data), 201);
      case 'GET /stays/bookings':
        return list([...bookings.values()]);
      case 'GET /stays/bookings/:id': {
        const booking = bookings.get(parts[2]!);
        if (!booking) throw notFound();
        return ok(booking);
      }
      case 'POST /stays/bookings/:id/actions/cancel':
        return ok(cancelBooking(parts[2]!));
      default:
        throw notFound();
    }
  }

  /** Newest first, one page of `limit` after (or before) the cursor, as Duffel lists. */
  function paginate(items: Json[], url: URL): { status: number; body: Json } {
    const limitText = url.searchParams.get('limit');
    const limit = limitText === null ? 50 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      throw new DuffelError(
        400,
        'invalid_request_error',
        'invalid_pagination_limit',
        'Invalid limit',
        'limit must be an integer between 1 and 200.',
      );
    }
    const at = (item: Json) => Date.parse(String(item.created_at ?? item.confirmed_at ?? 0));
    const sorted = [...items].reverse().sort((a, b) => at(b) - at(a));
    const cursor = (item: Json) => Buffer.from(String(item.id)).toString('base64url');
    const positionOf = (text: string) => {
      const index = sorted.findIndex((item) => cursor(item) === text);
      if (index < 0) {
        throw new DuffelError(
          400,
          'invalid_request_error',
          'invalid_pagination_cursor',
          'Invalid cursor',
          'The pagination cursor is not valid.',
        );
      }
      return index;
    };
    const after = url.searchParams.get('after');
    const before = url.searchParams.get('before');
    const start = after
      ? positionOf(after) + 1
      : before
        ? Math.max(positionOf(before) - limit, 0)
        : 0;
    const end = before && !after ? positionOf(before) : start + limit;
    const page = sorted.slice(start, end);
    return {
      status: 200,
      body: {
        data: page,
        meta: {
          limit,
          after: end < sorted.length && page.length > 0 ? cursor(page.at(-1)!) : null,
          before: start > 0 && page.length > 0 ? cursor(page[0]!) : null,
        },
      },
    };
  }

  async function readBody(request: IncomingMessage): Promise<Json | undefined> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return undefined;
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    const method = request.method ?? 'GET';
    const authorization = request.headers.authorization;
    const version = request.headers['duffel-version'] as string | undefined;
    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      requests.push({
        method,
        path,
        query: Object.fromEntries(
          [...url.searchParams.keys()].map((name) => [name, url.searchParams.getAll(name)]),
        ),
        version,
        authorization: authorization?.replace(DUFFEL_FAKE_TOKEN, '<token>'),
        body: parsed,
        status,
      });
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    };
    let parsed: Json | undefined;
    try {
      parsed = await readBody(request);
      if (authorization !== `Bearer ${DUFFEL_FAKE_TOKEN}`) {
        throw new DuffelError(
          401,
          'authentication_error',
          'unauthorized',
          'Unauthorized',
          'The access token was not provided or is invalid.',
        );
      }
      if (version !== 'v2') {
        throw new DuffelError(
          400,
          'invalid_request_error',
          'unsupported_version',
          'Unsupported version',
          'Duffel-Version must be v2.',
        );
      }
      if (rateLimited > 0) {
        rateLimited -= 1;
        const error = new DuffelError(
          429,
          'rate_limit_error',
          'rate_limit_exceeded',
          'Rate limit exceeded',
          'You have exceeded the rate limit.',
        );
        send(429, errorBody(error), {
          'ratelimit-limit': '60',
          'ratelimit-remaining': '0',
          'ratelimit-reset': new Date(now().getTime() + 60_000).toUTCString(),
        });
        return;
      }
      if (failing > 0) {
        failing -= 1;
        throw new DuffelError(
          500,
          'api_error',
          'internal_server_error',
          'Internal server error',
          'Something went wrong.',
        );
      }
      const answer = route(method, path, url, (parsed?.data as Json | undefined) ?? {});
      if (losing.delete(`${method} ${path}`)) {
        throw new DuffelError(
          500,
          'api_error',
          'internal_server_error',
          'Internal server error',
          'Something went wrong.',
        );
      }
      send(answer.status, answer.body);
    } catch (error) {
      const failure =
        error instanceof DuffelError
          ? error
          : new DuffelError(
              400,
              'invalid_request_error',
              'malformed_request',
              'Malformed request',
              String(error),
            );
      send(failure.status, errorBody(failure));
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl,
    token: DUFFEL_FAKE_TOKEN,
    requests,
    orders: () => [...orders.values()],
    stayBookings: () => [...bookings.values()],
    seedOrder: (order) => orders.set(String(order.id), order),
    seedStayBooking: (booking) => bookings.set(String(booking.id), booking),
    seedCancellation: (cancellation) => cancellations.set(String(cancellation.id), cancellation),
    reprice: (target, totalAmount) => overrides.set(target, totalAmount),
    withdraw: (target) => withdrawn.add(target),
    rateLimitNext: (count) => {
      rateLimited = count;
    },
    failNext: (count) => {
      failing = count;
    },
    loseNextAnswer: (path) => losing.add(path),
    env: () => ({ DUFFEL_ACCESS_TOKEN: DUFFEL_FAKE_TOKEN, DUFFEL_API_URL: apiUrl }),
    reset() {
      requests.length = 0;
      rateLimited = 0;
      failing = 0;
      losing.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
