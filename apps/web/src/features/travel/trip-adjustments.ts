import { useCallback, useState } from 'react';
import type { Flight, Hotel, TripSuggestion } from '@vowa/shared/travel/travel-schemas';

export type FlightLeg = 'outbound' | 'return';

/** What the person changed or chose on a trip card through the detail dialogs. */
interface TripChanges {
  /** The offers the changes were made on; a re-read trip with new offers drops them. */
  base: string;
  outbound?: Flight;
  return?: Flight;
  hotel?: Hotel;
  flightSelected?: boolean;
  hotelSelected?: boolean;
}

export interface TripView {
  /** The trip with the modified flights and hotel, and its prices moved to match. */
  trip: TripSuggestion;
  flightModified: boolean;
  hotelModified: boolean;
  flightSelected: boolean;
  hotelSelected: boolean;
}

const baseOf = (trip: TripSuggestion) =>
  [
    trip.flightDetails.outbound.quote.quoteId,
    trip.flightDetails.return.quote.quoteId,
    trip.hotel.quote.quoteId,
  ].join('|');

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * A flight's price is per person and per direction while the trip's flightPrice covers every
 * traveller both ways, so a leg moves the trip by its change times the travellers. The hotel's
 * price is the whole stay, as is the trip's hotelPrice.
 */
export function applyChanges(
  trip: TripSuggestion,
  changes: TripChanges | undefined,
  travelers: number,
): TripView {
  if (!changes || changes.base !== baseOf(trip)) {
    return {
      trip,
      flightModified: false,
      hotelModified: false,
      flightSelected: false,
      hotelSelected: false,
    };
  }
  let flightDelta = 0;
  for (const leg of ['outbound', 'return'] as const) {
    const next = changes[leg];
    const before = trip.flightDetails[leg];
    if (next && next.price !== null && before.price !== null) {
      flightDelta += (next.price - before.price) * travelers;
    }
  }
  const hotel = changes.hotel;
  const hotelDelta =
    hotel && hotel.price !== null && trip.hotel.price !== null ? hotel.price - trip.hotel.price : 0;
  const delta = flightDelta + hotelDelta;
  return {
    trip: {
      ...trip,
      price: cents(trip.price + delta),
      flightPrice: cents(trip.flightPrice + flightDelta),
      hotelPrice: cents(trip.hotelPrice + hotelDelta),
      savings: cents(Math.max(0, trip.savings - delta)),
      flightDetails: {
        outbound: changes.outbound ?? trip.flightDetails.outbound,
        return: changes.return ?? trip.flightDetails.return,
      },
      hotel: hotel ?? trip.hotel,
      hotelName: hotel ? hotel.name : trip.hotelName,
    },
    flightModified: Boolean(changes.outbound || changes.return),
    hotelModified: Boolean(hotel),
    flightSelected: Boolean(changes.flightSelected),
    hotelSelected: Boolean(changes.hotelSelected),
  };
}

/** The page's record of modified and selected parts, kept per trip while the page is open. */
export function useTripAdjustments() {
  const [changes, setChanges] = useState<Record<string, TripChanges>>({});

  const update = useCallback(
    (trip: TripSuggestion, change: (current: TripChanges) => TripChanges) =>
      setChanges((all) => {
        const base = baseOf(trip);
        const existing = all[trip.id];
        const current = existing && existing.base === base ? existing : { base };
        return { ...all, [trip.id]: change(current) };
      }),
    [],
  );

  return {
    view: (trip: TripSuggestion, travelers: number) =>
      applyChanges(trip, changes[trip.id], travelers),
    flightModified: (trip: TripSuggestion, leg: FlightLeg, flight: Flight) =>
      update(trip, (current) => ({ ...current, [leg]: flight })),
    hotelModified: (trip: TripSuggestion, hotel: Hotel) =>
      update(trip, (current) => ({ ...current, hotel })),
    flightSelected: (trip: TripSuggestion) =>
      update(trip, (current) => ({ ...current, flightSelected: true })),
    hotelSelected: (trip: TripSuggestion) =>
      update(trip, (current) => ({ ...current, hotelSelected: true })),
  };
}

export type TripAdjustments = ReturnType<typeof useTripAdjustments>;
