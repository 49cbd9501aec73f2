import type {
  Booking,
  BookingQuoteItem,
  BookingQuoteResponse,
} from '@vowa/shared/bookings/booking-schemas';

export const sampleProfile = {
  uid: 'u1',
  name: 'Ada King Lovelace',
  email: 'ada@example.com',
  display_name: 'Ada',
  bio: '',
  location: '',
  website: '',
  phone: '+44 20 7946 0000',
  avatar: null,
  member_since: '2026-01-01T00:00:00.000Z',
  pending_email: null,
  home_airport: null,
};

export function quoteItem(overrides: Partial<BookingQuoteItem> = {}): BookingQuoteItem {
  return {
    kind: 'flight',
    quoteId: 'q-new-1',
    previousQuoteId: 'q-1',
    title: 'Air France AF 23',
    detail: 'JFK → CDG · Economy',
    startsAt: '2026-12-15T18:30:00',
    endsAt: '2026-12-16T07:55:00',
    perPerson: true,
    amountMinor: 45050,
    previousAmountMinor: 45050,
    currency: 'USD',
    quotedAt: '2026-11-26T10:00:00.000Z',
    validUntil: '2026-11-26T12:00:00.000Z',
    ...overrides,
  };
}

export function quoteAnswer(overrides: Partial<BookingQuoteResponse> = {}): BookingQuoteResponse {
  const items = overrides.items ?? [
    quoteItem(),
    quoteItem({
      kind: 'hotel',
      quoteId: 'q-new-2',
      previousQuoteId: 'q-2',
      title: 'Hôtel Lumière',
      detail: '6 nights · Deluxe Room',
      startsAt: '2026-12-16',
      endsAt: '2026-12-22',
      perPerson: false,
      amountMinor: 33350,
      previousAmountMinor: 33350,
    }),
  ];
  return {
    items,
    total: { amountMinor: 123450, currency: 'USD' },
    previousTotal: { amountMinor: 123450, currency: 'USD' },
    priceChanged: false,
    display: null,
    validUntil: '2026-11-26T12:00:00.000Z',
    ...overrides,
  };
}

export function sampleBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b1',
    status: 'confirmed',
    reference: 'VW-7K2Q9D',
    destination: 'Paris',
    country: 'France',
    countryCode: 'FR',
    startDate: '2026-12-15',
    endDate: '2026-12-22',
    nights: 6,
    travelerCount: 2,
    travelers: [
      { givenName: 'Ada King', familyName: 'Lovelace', bornOn: null, gender: null },
      { givenName: 'Charles', familyName: 'Babbage', bornOn: '1791-12-26', gender: 'm' },
    ],
    contact: { email: 'ada@example.com', phone: null },
    items: [
      {
        kind: 'flight',
        quoteId: 'q-new-1',
        title: 'Air France AF 23',
        detail: 'JFK → CDG · Economy',
        startsAt: '2026-12-15T18:30:00',
        endsAt: '2026-12-16T07:55:00',
        providerReference: 'PNR4ZK',
        amountMinor: 90100,
        currency: 'USD',
        status: 'confirmed',
      },
      {
        kind: 'hotel',
        quoteId: 'q-new-2',
        title: 'Hôtel Lumière',
        detail: '6 nights · Deluxe Room',
        startsAt: '2026-12-16',
        endsAt: '2026-12-22',
        providerReference: 'HTL-88812',
        amountMinor: 33350,
        currency: 'USD',
        status: 'confirmed',
      },
    ],
    total: { amountMinor: 123450, currency: 'USD' },
    display: null,
    payment: { brand: 'visa', last4: '4242', status: 'captured', reference: 'pi_sandbox_123' },
    source: 'trip',
    automatic: false,
    specialRequests: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    confirmedAt: '2026-11-26T10:00:02.000Z',
    cancelledAt: null,
    freeCancellationUntil: '2026-11-27T10:00:00.000Z',
    failureReason: null,
    failureCode: null,
    refund: null,
    ...overrides,
  };
}
