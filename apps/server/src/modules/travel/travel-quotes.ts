import { createHash } from 'node:crypto';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import type { Experience, Flight, Hotel, QuoteInfo } from '@vowa/shared/travel/travel-schemas';
import { convertAmount, type RateTable } from './fx/exchange-rates';
import { findAirport } from './geo/airports';
import type {
  OfferKind,
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  ProviderName,
  ProviderOffer,
} from './travel-provider';
import type { PriceRecord, QuoteRecord } from './travel-repository';

// Declared with the provider interface (bookings use them too); kept importable from here.
export type { OfferKind, ProviderOffer } from './travel-provider';

/** What each kind of offer is a price of, for the price history. */
export function subjectKeyOf(provider: ProviderName, kind: OfferKind, offer: ProviderOffer) {
  switch (kind) {
    case 'flight': {
      const flight = offer as ProviderFlight;
      return `${provider}:flight:${flight.flightNumber}:${flight.departure.date}:${flight.class}`;
    }
    case 'hotel': {
      const hotel = offer as ProviderHotel;
      return `${provider}:hotel:${hotel.id.split('|')[0]}:${hotel.checkIn}:${hotel.checkOut}:${hotel.nights}:${hotel.roomType}`;
    }
    case 'experience':
      return `${provider}:experience:${offer.id}`;
  }
}

/** The price a quote is recorded at: per person for flights and experiences, the stay for hotels. */
export function quotedAmount(offer: ProviderOffer): number | null {
  return offer.price;
}

/**
 * A quote's id: the same offer at the same price and validity is the same quote, so recording
 * it twice is harmless. Random-looking, but derived, so it carries nothing a client can change.
 */
export function quoteIdOf(provider: ProviderName, offer: ProviderOffer): string {
  const digest = createHash('sha256')
    .update(`${provider}|${offer.id}|${offer.price ?? ''}|${offer.currency}|${offer.validUntil}`)
    .digest('base64url');
  return `q_${digest.slice(0, 26)}`;
}

export function quoteRecordOf(
  provider: ProviderName,
  kind: OfferKind,
  offer: ProviderOffer,
  quotedAt: Date,
): QuoteRecord {
  return {
    id: quoteIdOf(provider, offer),
    provider,
    kind,
    subjectKey: subjectKeyOf(provider, kind, offer),
    offer,
    amount: quotedAmount(offer),
    currency: offer.currency,
    quotedAt,
    validUntil: new Date(offer.validUntil),
  };
}

export function priceRecordOf(record: QuoteRecord): PriceRecord | null {
  if (record.amount === null || record.amount === undefined) return null;
  const quotedAt = record.quotedAt ?? new Date();
  return {
    subjectKey: record.subjectKey,
    provider: record.provider,
    amount: record.amount,
    currency: record.currency,
    quotedOn: quotedAt.toISOString().slice(0, 10),
    quotedAt,
  };
}

/** Converts amounts of one offer into the shown currency, keeping its source for the note. */
export function converterFor(table: RateTable, from: string, to: DisplayCurrency) {
  const probe = convertAmount(table, 1, from, to);
  // A currency the table doesn't know stays as quoted, and says so.
  const currency = probe ? to : from;
  const exchangeRate = probe
    ? { rate: probe.rate, asOf: probe.asOf, source: probe.source }
    : { rate: 1, asOf: table.asOf, source: 'provider' };
  const convert = (amount: number | null) =>
    amount === null ? null : (convertAmount(table, amount, from, currency)?.amount ?? amount);
  return { currency, exchangeRate, convert };
}

function quoteInfo(
  record: { id: string; provider: string; quotedAt: Date; validUntil: Date },
  offer: ProviderOffer,
  exchangeRate: QuoteInfo['exchangeRate'],
): QuoteInfo {
  return {
    quoteId: record.id,
    provider: record.provider as ProviderName,
    quotedAt: record.quotedAt.toISOString(),
    validUntil: record.validUntil.toISOString(),
    sourceAmount: offer.price ?? 0,
    sourceCurrency: offer.currency,
    exchangeRate,
  };
}

type RecordedAt = { id: string; provider: string; quotedAt: Date; validUntil: Date };

/** The browser's view of a flight: converted, with its quote, without the provider's raw data. */
export function presentFlight(
  offer: ProviderFlight,
  record: RecordedAt,
  table: RateTable,
  to: DisplayCurrency,
): Flight {
  const { raw: _raw, validUntil: _validUntil, referencePrice: _reference, ...flight } = offer;
  const { currency, exchangeRate, convert } = converterFor(table, offer.currency, to);
  return {
    ...flight,
    departure: withCoordinates(flight.departure),
    arrival: withCoordinates(flight.arrival),
    price: convert(offer.price),
    currency,
    quote: quoteInfo(record, offer, exchangeRate),
  };
}

/** An airport end of a flight with where the airport is (for the route map). */
function withCoordinates(endpoint: Flight['departure']): Flight['departure'] {
  if (endpoint.coordinates) return endpoint;
  const airport = findAirport(endpoint.airportCode);
  return {
    ...endpoint,
    coordinates: airport ? { latitude: airport.latitude, longitude: airport.longitude } : null,
  };
}

export function presentHotel(
  offer: ProviderHotel,
  record: RecordedAt,
  table: RateTable,
  to: DisplayCurrency,
): Hotel {
  const {
    raw: _raw,
    validUntil: _validUntil,
    referencePrice: _reference,
    taxRate: _taxRate,
    ...hotel
  } = offer;
  const { currency, exchangeRate, convert } = converterFor(table, offer.currency, to);
  return {
    ...hotel,
    pricePerNight: convert(offer.pricePerNight),
    taxesAndFees: convert(offer.taxesAndFees),
    price: convert(offer.price),
    currency,
    quote: quoteInfo(record, offer, exchangeRate),
  };
}

export function presentExperience(
  offer: ProviderExperience,
  record: RecordedAt,
  table: RateTable,
  to: DisplayCurrency,
): Experience {
  const { raw: _raw, validUntil: _validUntil, ...experience } = offer;
  const { currency, exchangeRate, convert } = converterFor(table, offer.currency, to);
  return {
    ...experience,
    price: convert(offer.price),
    currency,
    quote: quoteInfo(record, offer, exchangeRate),
  };
}
