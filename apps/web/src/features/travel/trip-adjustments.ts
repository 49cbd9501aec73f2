import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import {
  flightSchema,
  hotelSchema,
  type Flight,
  type Hotel,
  type TripSuggestion,
} from '@vowa/shared/travel/travel-schemas';
import { readStorage, writeStorage } from '../../lib/session-storage';
import { useSession } from '../../lib/session-context';

export type FlightLeg = 'outbound' | 'return';

/** What the person changed or chose on a trip card through the detail dialogs. */
const tripChangesSchema = z.object({
  /** The offers the changes were made on; a re-read trip with new offers drops them. */
  base: z.string(),
  /** When the first of the quotes behind the changes runs out (ISO time); dropped after it. */
  expiresAt: z.string(),
  outbound: flightSchema.optional(),
  return: flightSchema.optional(),
  hotel: hotelSchema.optional(),
  flightSelected: z.boolean().optional(),
  hotelSelected: z.boolean().optional(),
});
type TripChanges = z.infer<typeof tripChangesSchema>;
const storedChangesSchema = z.record(z.string(), tripChangesSchema);

export interface TripView {
  /**
   * The trip with the modified flights and hotel: its prices, dates and nights moved to match,
   * and its savings taken again against the market price.
   */
  trip: TripSuggestion;
  flightModified: boolean;
  hotelModified: boolean;
  flightSelected: boolean;
  hotelSelected: boolean;
  /** The hotel's stay, when it no longer runs from the outbound to the return flight's date. */
  stayMismatch: { checkIn: string; checkOut: string } | null;
}

const baseOf = (trip: TripSuggestion) =>
  [
    trip.flightDetails.outbound.quote.quoteId,
    trip.flightDetails.return.quote.quoteId,
    trip.hotel.quote.quoteId,
  ].join('|');

const cents = (value: number) => Math.round(value * 100) / 100;

/** The earliest validity among the quotes a change rests on. */
function expiryOf(trip: TripSuggestion, changes: Omit<TripChanges, 'expiresAt'>): string {
  const times = [
    trip.flightDetails.outbound.quote.validUntil,
    trip.flightDetails.return.quote.validUntil,
    trip.hotel.quote.validUntil,
    changes.outbound?.quote.validUntil,
    changes.return?.quote.validUntil,
    changes.hotel?.quote.validUntil,
  ]
    .filter((time): time is string => Boolean(time))
    .map((time) => Date.parse(time))
    .filter((time) => !Number.isNaN(time));
  return new Date(times.length > 0 ? Math.min(...times) : 0).toISOString();
}

const expired = (changes: TripChanges, now: number) => Date.parse(changes.expiresAt) <= now;

/** Whether the stay runs from the outbound flight (its departure or arrival day) to the return. */
const stayFits = (hotel: Hotel, outbound: Flight, inbound: Flight) =>
  (hotel.checkIn === outbound.departure.date || hotel.checkIn === outbound.arrival.date) &&
  hotel.checkOut === inbound.departure.date;

const unchanged = (trip: TripSuggestion): TripView => ({
  trip,
  flightModified: false,
  hotelModified: false,
  flightSelected: false,
  hotelSelected: false,
  stayMismatch: null,
});

/**
 * A flight's price is per person and per direction while the trip's flightPrice covers every
 * traveller both ways, so a leg moves the trip by its change times the travellers. The hotel's
 * price is the whole stay, as is the trip's hotelPrice. The savings are the market price less
 * the new total (never below 0), as the server counts them; the dates are the flights' own.
 */
export function applyChanges(
  trip: TripSuggestion,
  changes: TripChanges | undefined,
  travelers: number,
  now: number = Date.now(),
): TripView {
  if (!changes || changes.base !== baseOf(trip) || expired(changes, now)) return unchanged(trip);
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
  const outbound = changes.outbound ?? trip.flightDetails.outbound;
  const inbound = changes.return ?? trip.flightDetails.return;
  const stay = hotel ?? trip.hotel;
  const flightModified = Boolean(changes.outbound || changes.return);
  const hotelModified = Boolean(hotel);
  const price = cents(trip.price + delta);
  const departureDate = changes.outbound ? outbound.departure.date : trip.departureDate;
  const returnDate = changes.return ? inbound.departure.date : trip.returnDate;
  // The nights are the stay's: a flight moved without the hotel leaves them (and says so).
  const nights = hotel ? hotel.nights : trip.nights;
  // Only a mismatch the changes brought is reported, not a quirk of the offers as suggested.
  const stayMismatch =
    stayFits(trip.hotel, trip.flightDetails.outbound, trip.flightDetails.return) &&
    !stayFits(stay, outbound, inbound)
      ? { checkIn: stay.checkIn, checkOut: stay.checkOut }
      : null;
  return {
    trip: {
      ...trip,
      price,
      flightPrice: cents(trip.flightPrice + flightDelta),
      hotelPrice: cents(trip.hotelPrice + hotelDelta),
      savings:
        flightModified || hotelModified
          ? Math.max(0, Math.round(trip.originalPrice - price))
          : trip.savings,
      departureDate,
      returnDate,
      nights,
      duration: nights === trip.nights ? trip.duration : `${nights} nights`,
      flightDetails: { outbound, return: inbound },
      hotel: stay,
      hotelName: hotel ? hotel.name : trip.hotelName,
      hotelRating: hotel ? hotel.rating : trip.hotelRating,
    },
    flightModified,
    hotelModified,
    flightSelected: Boolean(changes.flightSelected),
    hotelSelected: Boolean(changes.hotelSelected),
    stayMismatch,
  };
}

/** Where a person's changes are kept in this browser: one record per account, by trip id. */
export const tripChangesStorageKey = (userId: string) => `vowa.tripChanges.${userId}`;

/**
 * The stored changes of an account that are still well formed. Those whose quotes ran out are
 * ignored when shown (`applyChanges`) and left out when the record is next written.
 */
function readChanges(userId: string): Record<string, TripChanges> {
  if (!userId) return {};
  const raw = readStorage(tripChangesStorageKey(userId));
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  const stored = storedChangesSchema.safeParse(parsed);
  return stored.success ? stored.data : {};
}

function writeChanges(userId: string, changes: Record<string, TripChanges>) {
  if (!userId) return;
  const now = Date.now();
  const kept = Object.entries(changes).filter(([, entry]) => !expired(entry, now));
  writeStorage(
    tripChangesStorageKey(userId),
    kept.length > 0 ? JSON.stringify(Object.fromEntries(kept)) : null,
  );
}

/**
 * The page's record of modified and selected parts, per trip. It is kept for the signed-in
 * person in this browser (so a reload shows the same card) until the quotes behind it expire,
 * or until the server offers the trip with other quotes.
 */
export function useTripAdjustments() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const [state, setState] = useState(() => ({
    userId,
    changes: readChanges(userId),
  }));
  let current = state;
  if (state.userId !== userId) {
    // Another account signed in: its own changes, never the previous person's.
    current = { userId, changes: readChanges(userId) };
    setState(current);
  }
  const { changes } = current;

  // Written after a change made on this page (not on the first read), for the next visit.
  const dirty = useRef(false);
  useEffect(() => {
    if (!dirty.current) return;
    dirty.current = false;
    writeChanges(state.userId, state.changes);
  }, [state]);

  const update = useCallback(
    (trip: TripSuggestion, change: (current: Omit<TripChanges, 'expiresAt'>) => object) =>
      setState((all) => {
        const base = baseOf(trip);
        const existing = all.changes[trip.id];
        const before = existing && existing.base === base ? existing : { base };
        const next = { ...before, ...change(before), base };
        dirty.current = true;
        return {
          ...all,
          changes: { ...all.changes, [trip.id]: { ...next, expiresAt: expiryOf(trip, next) } },
        };
      }),
    [],
  );

  // One object while nothing changes, so the memoised trip grid and deals skip re-renders.
  return useMemo(
    () => ({
      view: (trip: TripSuggestion, travelers: number) =>
        applyChanges(trip, changes[trip.id], travelers),
      flightModified: (trip: TripSuggestion, leg: FlightLeg, flight: Flight) =>
        update(trip, () => ({ [leg]: flight })),
      hotelModified: (trip: TripSuggestion, hotel: Hotel) => update(trip, () => ({ hotel })),
      flightSelected: (trip: TripSuggestion) => update(trip, () => ({ flightSelected: true })),
      hotelSelected: (trip: TripSuggestion) => update(trip, () => ({ hotelSelected: true })),
    }),
    [changes, update],
  );
}

export type TripAdjustments = ReturnType<typeof useTripAdjustments>;
