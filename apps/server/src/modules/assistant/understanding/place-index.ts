import { getCountryData, type TCountryCode, countries } from 'countries-list';
import { curatedDestinationAirports, findAirport } from '../../travel/geo/airports';
import { gazetteerCities, resolvePlace } from '../../travel/geo/places';
import { foldKey } from './fold-text';
import { CASE_SENSITIVE_ALIASES, PLACE_ALIASES, type AliasTarget } from './place-aliases';

/** A place the text may name, before we know where in the text it is. */
export type PlaceEntry = {
  kind: 'city' | 'airport' | 'country';
  name: string;
  countryCode: string;
  /** The IATA code of the airport (or the city's main airport), looked up on first use. */
  iata: () => string | undefined;
  /**
   * Whether the name may be taken wherever it appears. Small gazetteer towns and names that
   * are also ordinary words ("Nice", "Essen", "Man") need a capital letter or a preposition
   * such as "to" or "nach" before them, or "I want somewhere nice" would fly to France.
   */
  anywhere: boolean;
};

export type PlaceIndex = {
  latin: Map<string, PlaceEntry>;
  caseSensitive: Map<string, PlaceEntry>;
  /** Japanese names, longest first, matched as substrings (Japanese has no spaces). */
  japanese: Array<[string, PlaceEntry]>;
  /** Names a misspelling may be corrected to: curated places, big cities, aliases. */
  fuzzyNames: string[];
};

// Words that are also the names of towns in the gazetteer, or of places people rarely mean
// in lower case. Such names need a capital or a preposition before them.
export const COMMON_WORDS = new Set(
  (
    'nice split male man can best hope mobile reading bath orange essen halle hof bad zug sale ' +
    'tours nancy sens vie mark gera victoria salvador florence lincoln york ulm kiel chur san ' +
    'santa leon mar bar police canton young day date trip plan hotel beach paradise grand fort ' +
    'ver como buena vista paz union independence liberty concord progreso esperanza victoria ' +
    'natal belem sur norte most reno troy eagle sandy sun city marion chester ' +
    'monroe jackson douglas florida georgia jordan chad turkey guinea niger china ' +
    'norman laval ville bonne camp vence dole lens orange digne bologna'
  ).split(/\s+/),
);

// Country names that are ordinary words in some language ("Chad", "turkey", German "Island"
// for Iceland) count only when written with a capital.
const CAPITALISED_COUNTRIES = new Set([
  'chad',
  'jordan',
  'turkey',
  'georgia',
  'guinea',
  'niger',
  'island',
]);

const DISPLAY_LANGUAGES = ['en', 'es', 'fr', 'de', 'ja'] as const;

let index: PlaceIndex | undefined;

/** The index, built once per process from the gazetteer, airports, countries and aliases. */
export function placeIndex(): PlaceIndex {
  index ??= buildPlaceIndex();
  return index;
}

function buildPlaceIndex(): PlaceIndex {
  const latin = new Map<string, PlaceEntry>();
  const japanese = new Map<string, PlaceEntry>();
  const fuzzy = new Set<string>();
  // Later sources override earlier ones: aliases > curated destinations > countries > towns.
  addGazetteer(latin, fuzzy);
  addCountries(latin, japanese);
  addCurated(latin, fuzzy);
  for (const [key, target] of Object.entries(PLACE_ALIASES)) {
    const entry = entryOfAlias(target);
    if (!entry) continue;
    if (/^[\x20-\x7e]+$/.test(key)) {
      latin.set(key, entry);
      if (key.length >= 5) fuzzy.add(key);
    } else japanese.set(key, entry);
  }
  preferCuratedOverCountries(latin);
  preferCuratedOverCountries(japanese);
  const caseSensitive = new Map<string, PlaceEntry>();
  for (const [key, target] of Object.entries(CASE_SENSITIVE_ALIASES)) {
    const entry = entryOfAlias(target);
    if (entry) caseSensitive.set(key, { ...entry, anywhere: true });
  }
  return {
    latin,
    caseSensitive,
    japanese: [...japanese.entries()].sort((a, b) => b[0].length - a[0].length),
    fuzzyNames: [...fuzzy],
  };
}

function cachedIata(compute: () => string | undefined | null): () => string | undefined {
  let value: string | undefined | null;
  let done = false;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value ?? undefined;
  };
}

function addGazetteer(latin: Map<string, PlaceEntry>, fuzzy: Set<string>): void {
  const population = new Map<string, number>();
  for (const city of gazetteerCities()) {
    for (const key of new Set([foldKey(city.asciiName), foldKey(city.name)])) {
      if (key.length < 3 || (population.get(key) ?? -1) >= city.population) continue;
      population.set(key, city.population);
      const query = `${city.asciiName}, ${city.countryCode}`;
      latin.set(key, {
        kind: 'city',
        name: city.asciiName,
        countryCode: city.countryCode,
        iata: cachedIata(() => resolvePlace(query)?.airportCode),
        anywhere: city.population >= 500_000 && key.length >= 4 && !COMMON_WORDS.has(key),
      });
      if (city.population >= 1_000_000 && key.length >= 5) fuzzy.add(key);
    }
  }
}

function addCountries(latin: Map<string, PlaceEntry>, japanese: Map<string, PlaceEntry>): void {
  const displayNames = DISPLAY_LANGUAGES.map(
    (language) => new Intl.DisplayNames([language], { type: 'region' }),
  );
  for (const code of Object.keys(countries)) {
    const data = getCountryData(code as TCountryCode);
    const entry: PlaceEntry = {
      kind: 'country',
      name: displayNames[0]?.of(code) ?? data.name,
      countryCode: code,
      iata: () => undefined,
      anywhere: true,
    };
    const names = [data.name, data.native, ...displayNames.map((names) => names.of(code) ?? '')];
    for (const name of names) {
      if (!name) continue;
      if (/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(name)) {
        japanese.set(name, entry);
        continue;
      }
      const key = foldKey(name);
      if (key.length < 3 || !/^[a-z ]+$/.test(key)) continue;
      latin.set(key, { ...entry, anywhere: !CAPITALISED_COUNTRIES.has(key) });
    }
  }
}

/**
 * Island nations that are curated destinations under their own name (Maldives, Mauritius,
 * Fiji, Singapore…) are searched as that destination, with its airport, in every language:
 * "Maldivas" and "モルディブ" as much as "Maldives".
 */
function preferCuratedOverCountries(names: Map<string, PlaceEntry>): void {
  const curated = new Map(curatedDestinationAirports().map((place) => [place.city, place]));
  for (const [key, entry] of names) {
    const destination = entry.kind === 'country' ? curated.get(entry.name) : undefined;
    const replacement = destination && curatedEntry(destination.city, destination.airport);
    if (replacement) names.set(key, { ...replacement, anywhere: entry.anywhere });
  }
}

function curatedEntry(city: string, airportCode: string): PlaceEntry | undefined {
  const airport = findAirport(airportCode);
  if (!airport) return undefined;
  return {
    kind: 'city',
    name: city,
    countryCode: airport.countryCode,
    iata: () => airportCode,
    anywhere: !COMMON_WORDS.has(foldKey(city)),
  };
}

function addCurated(latin: Map<string, PlaceEntry>, fuzzy: Set<string>): void {
  for (const destination of curatedDestinationAirports()) {
    const entry = curatedEntry(destination.city, destination.airport);
    if (!entry) continue;
    const key = foldKey(destination.city);
    latin.set(key, entry);
    if (key.length >= 5) fuzzy.add(key);
  }
}

function entryOfAlias(target: AliasTarget): PlaceEntry | undefined {
  if ('airport' in target) {
    const airport = findAirport(target.airport);
    if (!airport) return undefined;
    return {
      kind: 'airport',
      name: airport.city,
      countryCode: airport.countryCode,
      iata: () => airport.code,
      anywhere: true,
    };
  }
  if ('country' in target) {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(target.country);
    return name
      ? {
          kind: 'country',
          name,
          countryCode: target.country,
          iata: () => undefined,
          anywhere: true,
        }
      : undefined;
  }
  const curated = curatedDestinationAirports().find(
    (destination) => destination.city === target.city,
  );
  if (curated) return curatedEntry(curated.city, curated.airport);
  const place = resolvePlace(
    target.countryCode ? `${target.city}, ${target.countryCode}` : target.city,
  );
  if (!place) return undefined;
  return {
    kind: 'city',
    name: place.name,
    countryCode: place.countryCode,
    iata: () => place.airportCode ?? undefined,
    anywhere: true,
  };
}

/** An airport by an IATA code written in capitals, shown under its curated city's name. */
export function airportEntry(code: string): PlaceEntry | undefined {
  const airport = findAirport(code);
  if (!airport) return undefined;
  const curated = curatedDestinationAirports().find((destination) => destination.airport === code);
  return {
    kind: 'airport',
    name: curated?.city ?? airport.city,
    countryCode: airport.countryCode,
    iata: () => airport.code,
    anywhere: true,
  };
}
