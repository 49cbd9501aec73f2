import { useEffect, useMemo, useState } from 'react';
import { displayCurrencies, type DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import {
  checkOutOf,
  CUSTOMIZE_DEFAULTS,
  defaultCheckIn,
  ESTIMATE_DELAY_MS,
  estimateTripPrice,
  originalPriceFor,
  type HotelCategory,
  type TripQuoteRequest,
} from '@vowa/shared/travel/trip-price-model';
import { minorDigits } from '@vowa/shared/finance/money';
import type { TravelClass } from '@vowa/shared/travel/travel-constants';
import { useTripQuote } from './customize-api';

/** What the person chooses in the Customize tab. */
export type TripChoicesDraft = {
  travelers: number;
  nights: number;
  flightClass: TravelClass;
  hotelCategory: HotelCategory;
  checkIn: string;
  additionalCities: string[];
};

/** Today's date where the reader is (the check-in default is a month from it). */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/** Part 2 §4 defaults: 2 travellers, 7 nights, economy, mid-range, check-in a month ahead. */
export function defaultChoices(today: string): TripChoicesDraft {
  return {
    travelers: CUSTOMIZE_DEFAULTS.travelers,
    nights: CUSTOMIZE_DEFAULTS.nights,
    flightClass: CUSTOMIZE_DEFAULTS.flightClass,
    hotelCategory: CUSTOMIZE_DEFAULTS.hotelCategory,
    checkIn: defaultCheckIn(today),
    additionalCities: [],
  };
}

/** The currency the trip's prices are in, when the server can quote in it. */
function tripCurrency(trip: TripSuggestion): DisplayCurrency | undefined {
  const currency = trip.flightDetails.outbound.currency;
  return (displayCurrencies as readonly string[]).includes(currency)
    ? (currency as DisplayCurrency)
    : undefined;
}

/** The exact-quote request for these choices: the trip's airports and its recorded quotes. */
export function quoteRequestOf(trip: TripSuggestion, choices: TripChoicesDraft): TripQuoteRequest {
  return {
    origin: trip.flightDetails.outbound.departure.airportCode,
    destination: trip.airportCode,
    checkIn: choices.checkIn,
    nights: choices.nights,
    travelers: choices.travelers,
    flightClass: choices.flightClass,
    hotelCategory: choices.hotelCategory,
    additionalCities: choices.additionalCities,
    basis: {
      outboundQuoteId: trip.flightDetails.outbound.quote.quoteId,
      returnQuoteId: trip.flightDetails.return.quote.quoteId,
      hotelQuoteId: trip.hotel.quote.quoteId,
      experienceQuoteIds: trip.experiences.map((experience) => experience.quote.quoteId),
    },
    currency: tripCurrency(trip),
  };
}

/** `value`, once it has stopped changing for `delay` ms (part 2 §4: 1.5 s). */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The dialog's state: the choices, the §9 estimate and the exact quote of the settled choices
 * (recalculated 1.5 s after the last change), and whether what is shown is for what is chosen.
 */
export function useTripCustomization(trip: TripSuggestion, today: string) {
  const [choices, setChoices] = useState<TripChoicesDraft>(() => defaultChoices(today));
  const settled = useSettled(choices, ESTIMATE_DELAY_MS);
  const pending = settled !== choices;
  const currency = trip.flightDetails.outbound.currency;
  const estimate = useMemo(() => {
    const digits = minorDigits(currency);
    const original = originalPriceFor(
      {
        flights: trip.flightPrice,
        hotel: trip.hotelPrice,
        experiences: trip.experiencePrice,
        nights: trip.nights,
      },
      settled.nights,
      digits,
    );
    return estimateTripPrice(original, settled, digits);
  }, [trip, settled, currency]);
  const request = useMemo(() => quoteRequestOf(trip, settled), [trip, settled]);
  const quote = useTripQuote(request);
  return {
    choices,
    update: (change: Partial<TripChoicesDraft>) => setChoices((now) => ({ ...now, ...change })),
    checkOut: checkOutOf(choices.checkIn, choices.nights),
    /** Choices changed in the last 1.5 s: the figures shown are about to follow. */
    pending,
    estimate,
    currency,
    /** The request for what is chosen now (the assistant is asked about it). */
    currentRequest: quoteRequestOf(trip, choices),
    quote,
    /** The exact quote of what is chosen now, or null while it is not there yet. */
    exact: !pending && quote.data && !quote.isFetching ? quote.data : null,
  };
}
