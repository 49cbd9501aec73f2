import type { FoundPlace } from './find-places';
import type { PlaceMention } from './understand-request';

/**
 * Which named place is the origin and which the destination. The words around a place decide
 * first ("from Boston", "nach Rom", "大阪から"); a place without such a word takes whichever end
 * is still free, and two unmarked places read as "origin to destination" ("NYC London",
 * "LHR-JFK"). One unmarked place is where the person wants to go.
 */
export function assignRoles(named: FoundPlace[]): {
  origin?: PlaceMention;
  destination?: PlaceMention;
} {
  // "Paris or Rome" is one destination still to choose, not a route; the first one leads.
  const places = named.filter((place) => !place.alternative);
  let origin = places.find((place) => place.role === 'origin');
  const destinations = places.filter((place) => place.role === 'destination' && place !== origin);
  let destination = destinations.find((place) => !place.weak) ?? destinations[0];
  const unmarked = places.filter(
    (place) => place !== origin && place !== destination && !place.role,
  );
  for (const place of unmarked) {
    if (!origin && !destination && unmarked.length > 1) origin = place;
    else if (!destination) destination = place;
    else if (!origin && place.start < destination.start) origin = place;
  }
  return {
    ...(origin ? { origin: origin.mention } : {}),
    ...(destination ? { destination: destination.mention } : {}),
  };
}
