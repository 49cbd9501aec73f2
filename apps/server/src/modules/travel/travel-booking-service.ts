import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import type { Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import pLimit from 'p-limit';
import { AppError } from '../../lib/app-error';
import { duffelTravellerProblems } from './duffel/duffel-flights';
import type {
  BookingContact,
  BookingTraveller,
  OfferKind,
  ProviderBooking,
  ProviderBookingRequest,
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  ProviderOffer,
  ProviderRefund,
  TravelProvider,
} from './travel-provider';
import { TravelProviderError } from './travel-provider';
import type { ProviderOrder } from './provider-orders';
import {
  presentExperience,
  presentFlight,
  presentHotel,
  priceRecordOf,
  quoteRecordOf,
  subjectKeyOf,
} from './travel-quotes';
import type { ProviderName } from './travel-provider';
import type { QuoteRecord, TravelRepository } from './travel-repository';
import { travelMessages, viaProvider } from './travel-service';

export type {
  OfferKind,
  ProviderBooking,
  ProviderBookingRequest,
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  ProviderOffer,
  ProviderRefund,
};
export { TravelProviderError };

/** An offer as the browser is shown it, by kind. */
export type ShownOffer =
  | { kind: 'flight'; flight: Flight }
  | { kind: 'hotel'; hotel: Hotel }
  | { kind: 'experience'; experience: Experience };

/** A recorded quote as the bookings module reads it: the offer exactly as it was quoted. */
export type RecordedQuote = {
  id: string;
  kind: OfferKind;
  provider: string;
  offer: ProviderOffer;
  currency: string;
  quotedAt: Date;
  validUntil: Date;
};

/** Offers a batch re-quote asks a remote provider about at once. */
const REMOTE_REQUOTES_AT_ONCE = 8;

/** What a batch re-quote found for one recorded quote. */
export type RequoteResult =
  | { type: 'priced'; quote: RecordedQuote }
  | { type: 'sold_out' }
  /** The provider did not answer (an outage): try again later. */
  | { type: 'failed' };

/**
 * What the bookings module asks of travel (issue 14 §1): recorded quotes by id, the same offer
 * priced again now (recorded as a new quote, so every price shown has one), and the provider's
 * book and cancel. Built by the travel module over its own repository and provider.
 */
export function createTravelBookingService(deps: {
  repository: Pick<TravelRepository, 'findQuote'> &
    Partial<Pick<TravelRepository, 'findQuotes' | 'saveQuotes' | 'recordPrices'>>;
  provider: TravelProvider;
  /** The travel service's `record`: saves offers as quotes and in the price history. */
  record: (
    kind: OfferKind,
    offers: ProviderOffer[],
  ) => Promise<{ offer: ProviderOffer; record: QuoteRecord }[]>;
  /** The order a provider confirmed under an idempotency key, as the travel module keeps it. */
  orderByKey?: (idempotencyKey: string) => Promise<ProviderOrder | null>;
  now: () => Date;
}) {
  const { provider } = deps;

  const recordedOf = (row: QuoteRecord & { quotedAt?: Date | null }): RecordedQuote => ({
    id: row.id,
    kind: row.kind as OfferKind,
    provider: row.provider,
    offer: row.offer as ProviderOffer,
    currency: row.currency,
    quotedAt: row.quotedAt ?? deps.now(),
    validUntil: row.validUntil,
  });

  /** The same offer as the provider sells it now; null when it is no longer offered. */
  async function askAgain(kind: OfferKind, offer: ProviderOffer): Promise<ProviderOffer | null> {
    if (provider.currentOffer) return provider.currentOffer(kind, offer);
    if (kind === 'flight') {
      const flight = offer as ProviderFlight;
      return provider.requoteFlight(flight, {
        travelClass: flight.class,
        departureDate: flight.departure.date,
        departureTime: flight.departure.time,
      });
    }
    if (kind === 'hotel') {
      const hotel = offer as ProviderHotel;
      return provider.requoteHotel(hotel, {
        roomType: hotel.roomType,
        checkIn: hotel.checkIn,
        checkOut: hotel.checkOut,
        nights: hotel.nights,
      });
    }
    return provider.experienceDetails(offer.id);
  }

  /** The provider's answer for one offer, as a batch re-quote keeps it (never throws). */
  async function askQuietly(kind: OfferKind, offer: ProviderOffer) {
    try {
      const next = await askAgain(kind, offer);
      return next ? { type: 'offer' as const, offer: next } : { type: 'sold_out' as const };
    } catch (error) {
      if (error instanceof TravelProviderError && error.kind === 'sold_out') {
        return { type: 'sold_out' as const };
      }
      return { type: 'failed' as const };
    }
  }

  return {
    providerName: provider.name,

    /** Many recorded quotes by id at once (unknown ids, or another provider's, are left out). */
    async recordedQuotes(ids: string[]): Promise<Map<string, RecordedQuote>> {
      if (!deps.repository.findQuotes) throw new Error('recordedQuotes needs findQuotes');
      const rows = await deps.repository.findQuotes([...new Set(ids)]);
      return new Map(
        rows
          .filter((row) => row.provider === provider.name)
          .map((row) => [row.id, recordedOf(row)]),
      );
    },

    /**
     * Prices many recorded quotes again at once (the watch monitor's batch): the provider is
     * asked once per distinct offer, and every new quote and price-history row is recorded with
     * one insert each. Keyed by the old quote id.
     */
    async requoteMany(quotes: RecordedQuote[]): Promise<Map<string, RequoteResult>> {
      const { saveQuotes, recordPrices } = deps.repository;
      if (!saveQuotes || !recordPrices) throw new Error('requoteMany needs saveQuotes');
      const byOffer = new Map<string, RecordedQuote[]>();
      for (const quote of quotes) {
        const key = `${quote.kind}|${quote.offer.id}`;
        byOffer.set(key, [...(byOffer.get(key) ?? []), quote]);
      }
      const quotedAt = deps.now();
      // The offline inventory answers from memory; a remote provider is asked a few at a time.
      const limit = pLimit(provider.name === 'offline' ? Infinity : REMOTE_REQUOTES_AT_ONCE);
      const answers = await Promise.all(
        [...byOffer.values()].map((same) =>
          limit(async () => {
            const first = same[0]!;
            const answer = await askQuietly(first.kind, first.offer);
            const record =
              answer.type === 'offer'
                ? quoteRecordOf(provider.name, first.kind, answer.offer, quotedAt)
                : null;
            return { same, answer, record };
          }),
        ),
      );
      const records = answers.flatMap(({ record }) => (record ? [record] : []));
      await saveQuotes(records);
      await recordPrices(records.map(priceRecordOf).filter((row) => row !== null));
      const results = new Map<string, RequoteResult>();
      for (const { same, answer, record } of answers) {
        const result: RequoteResult = record
          ? { type: 'priced', quote: recordedOf(record) }
          : { type: answer.type === 'failed' ? 'failed' : 'sold_out' };
        for (const quote of same) results.set(quote.id, result);
      }
      return results;
    },

    /** A quote this provider recorded, of this kind; a 404/422 otherwise. */
    async recordedQuote(quoteId: string, kind: OfferKind): Promise<RecordedQuote> {
      const row = await deps.repository.findQuote(quoteId);
      if (!row || row.provider !== provider.name) {
        throw new AppError('quote_not_found', travelMessages.quoteNotFound);
      }
      if (row.kind !== kind) {
        throw new AppError('quote_kind_mismatch', travelMessages.quoteKindMismatch);
      }
      return recordedOf(row);
    },

    /** Prices a recorded quote's offer again now and records it (a new quote id when it moved). */
    async requote(quote: RecordedQuote): Promise<RecordedQuote> {
      const next = await viaProvider(async () => {
        try {
          return await askAgain(quote.kind, quote.offer);
        } catch (error) {
          // No longer on sale is an answer about the offer, not an outage.
          if (error instanceof TravelProviderError && error.kind === 'sold_out') return null;
          throw error;
        }
      });
      if (!next) throw new AppError('offer_unavailable', travelMessages.noLongerOffered);
      const [saved] = await deps.record(quote.kind, [next]);
      if (!saved) throw new AppError('offer_unavailable', travelMessages.noLongerOffered);
      return recordedOf({ ...saved.record, quotedAt: saved.record.quotedAt ?? deps.now() });
    },

    /**
     * Why the provider would refuse these travellers for this quote (a sentence for the person),
     * or null. Only Duffel's flights ask for more than names (date of birth, gender, a phone);
     * bookings asks before any money moves.
     */
    travellerProblems(
      quote: Pick<RecordedQuote, 'kind' | 'provider' | 'offer'>,
      travellers: readonly BookingTraveller[],
      contact: BookingContact,
    ): string | null {
      if (quote.provider !== 'duffel' || quote.kind !== 'flight') return null;
      return duffelTravellerProblems(quote.offer as ProviderFlight, travellers, contact);
    },

    /**
     * What a quote is a price of: the same flight, stay or experience priced again (a new quote
     * id) has the same subject. Group bookings check their items against the group's plan by it.
     */
    subjectOf(quote: Pick<RecordedQuote, 'provider' | 'kind' | 'offer'>): string {
      return subjectKeyOf(quote.provider as ProviderName, quote.kind, quote.offer);
    },

    /**
     * A recorded quote's offer as the detail dialogs show it, in the currency it was quoted in,
     * so everyone who sees it (a group's members) sees the same figures.
     */
    shown(quote: RecordedQuote): ShownOffer {
      const currency = quote.offer.currency;
      const table = {
        asOf: quote.quotedAt.toISOString().slice(0, 10),
        source: 'provider',
        rates: { [currency]: 1 },
      };
      const to = currency as DisplayCurrency;
      if (quote.kind === 'flight') {
        return {
          kind: 'flight',
          flight: presentFlight(quote.offer as ProviderFlight, quote, table, to),
        };
      }
      if (quote.kind === 'hotel') {
        return {
          kind: 'hotel',
          hotel: presentHotel(quote.offer as ProviderHotel, quote, table, to),
        };
      }
      return {
        kind: 'experience',
        experience: presentExperience(quote.offer as ProviderExperience, quote, table, to),
      };
    },

    /** Books at the quoted price, once per key; throws TravelProviderError as the provider does. */
    book(request: ProviderBookingRequest): Promise<ProviderBooking> {
      return provider.book(request);
    },

    cancel(kind: OfferKind, orderId: string, idempotencyKey: string): Promise<ProviderRefund> {
      return provider.cancel(kind, orderId, idempotencyKey);
    },

    /**
     * The order booked under a key, looked up without booking: for a booking call whose answer
     * was lost and will not be repeated. Null when the provider keeps no such order.
     */
    async orderByKey(kind: OfferKind, idempotencyKey: string) {
      const order = (await deps.orderByKey?.(idempotencyKey)) ?? null;
      if (!order || order.kind !== kind) return null;
      return {
        orderId: order.id,
        reference: order.reference,
        amountMinor: order.amountMinor,
        currency: order.currency,
        status: order.status,
      };
    },
  };
}

export type TravelBookingService = ReturnType<typeof createTravelBookingService>;
