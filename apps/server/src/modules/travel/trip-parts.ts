import type { Airport } from '@vowa/shared/travel/travel-schemas';
import {
  categoryOfStars,
  HOTEL_CATEGORY_STARS,
  type HotelCategory,
} from '@vowa/shared/travel/trip-price-model';
import { greatCircleKm } from './geo/airports';
import { curatedDestinations } from './offline/data/destinations';
import { findPlace, placeOfDestination } from './offline/destination-places';
import type { Place, ProviderFlight, ProviderHotel } from './travel-provider';

// The pieces a customised trip is made of and the pure rules that choose them (issue 14 §4).

/** A stop of the trip: a place and the nights spent there. */
export type Stop = {
  place: Place;
  airport: Airport;
  checkIn: string;
  checkOut: string;
  nights: number;
};

/** A curated destination by its airport under its own name (Santorini, not Thira). */
export function placeOfAirport(code: string): Place | null {
  const curated = curatedDestinations.find((destination) => destination.airport === code);
  return (curated && placeOfDestination(curated)) ?? findPlace(code);
}

export const samePlace = (a: Place, b: Place) =>
  a.countryCode === b.countryCode && a.name.toLowerCase() === b.name.toLowerCase();

/** The nights shared out over the stops, the first stops taking what does not divide evenly. */
export function shareNights(nights: number, stops: number): number[] {
  const each = Math.floor(nights / stops);
  return Array.from({ length: stops }, (_, index) => each + (index < nights % stops ? 1 : 0));
}

/** The cheapest priced stay in the category's star band, else the nearest band's. */
export function stayInCategory(hotels: ProviderHotel[], category: HotelCategory) {
  const priced = hotels.filter((hotel) => hotel.price !== null);
  const band = HOTEL_CATEGORY_STARS[category];
  const inBand = priced.filter((hotel) => hotel.rating >= band.min && hotel.rating <= band.max);
  const cheapest = (list: ProviderHotel[]) =>
    list.reduce<ProviderHotel | null>(
      (best, hotel) => (!best || (hotel.price ?? 0) < (best.price ?? 0) ? hotel : best),
      null,
    );
  if (inBand.length > 0) return { hotel: cheapest(inBand)!, categoryMatched: true };
  const centre = (band.min + band.max) / 2;
  const distance = (hotel: ProviderHotel) => Math.abs(hotel.rating - centre);
  const nearest = Math.min(...priced.map(distance));
  const hotel = cheapest(priced.filter((candidate) => distance(candidate) === nearest));
  return hotel ? { hotel, categoryMatched: categoryOfStars(hotel.rating) === category } : null;
}

export const cheapestFlight = (flights: ProviderFlight[]) =>
  flights
    .filter((flight) => flight.price !== null)
    .reduce<ProviderFlight | null>(
      (best, flight) => (!best || (flight.price ?? 0) < (best.price ?? 0) ? flight : best),
      null,
    );

/** An airport's own city as a place, for a destination the gazetteer does not name. */
export function airportPlace(airport: Airport): Place {
  return {
    name: airport.city,
    state: null,
    country: airport.country,
    countryCode: airport.countryCode,
    latitude: airport.latitude,
    longitude: airport.longitude,
    timezone: airport.timezone,
    airportCode: airport.code,
  };
}

/** How far apart two places are, km (for the assistant's nearby-city idea). */
export function distanceKm(a: Place, b: Place): number {
  return Math.round(
    greatCircleKm(
      { latitude: a.latitude, longitude: a.longitude },
      { latitude: b.latitude, longitude: b.longitude },
    ),
  );
}
