import { findAirport } from '../geo/airports';
import { regionOf, resolvePlace } from '../geo/places';
import type { Place } from '../travel-provider';
import { curatedDestinations, type CuratedDestination } from './data/destinations';
import { curatedCentres } from './data/sight-facts';

/** The curated destination a place is (by its airport or its name), if it is one. */
export function curatedDestinationOf(place: Place): CuratedDestination | undefined {
  const name = place.name.toLowerCase();
  return (
    curatedDestinations.find((destination) => destination.city.toLowerCase() === name) ??
    curatedDestinations.find((destination) => destination.airport === place.airportCode)
  );
}

/**
 * A curated destination as a place, under its own name: Santorini, not Thira (its airport's
 * town); the city's own data when the bundled set has it, else the airport's, centred on the
 * town people stay in when the airport is far from it (`curatedCentres`).
 */
export function placeOfDestination(destination: CuratedDestination): Place | null {
  const airport = findAirport(destination.airport);
  if (!airport) return null;
  const base =
    resolvePlace(`${destination.city}, ${airport.countryCode}`) ?? resolvePlace(airport.code);
  return base
    ? {
        ...base,
        ...curatedCentres[destination.airport],
        name: destination.city,
        // Madeira is Funchal's region: under the destination's name it would name it twice.
        state: regionOf(base.countryCode, destination.city, base.state),
        airportCode: airport.code,
      }
    : null;
}

/** A place by name and country code, curated destinations first (ids carry only these two). */
export function placeNamed(name: string, countryCode: string): Place | null {
  const destination = curatedDestinations.find(
    (candidate) =>
      candidate.city.toLowerCase() === name.toLowerCase() &&
      findAirport(candidate.airport)?.countryCode === countryCode,
  );
  return destination ? placeOfDestination(destination) : resolvePlace(`${name}, ${countryCode}`);
}

/**
 * What a person typed, as a place: a curated destination by its name ("Santorini", "Bali"),
 * otherwise an airport code or a city of the bundled set ("CDG", "Paris, France").
 */
export function findPlace(query: string): Place | null {
  const name = query.split(',')[0]?.trim().toLowerCase() ?? '';
  const destination = curatedDestinations.find(
    (candidate) => candidate.city.toLowerCase() === name,
  );
  if (destination && !query.includes(',')) return placeOfDestination(destination);
  return resolvePlace(query);
}
