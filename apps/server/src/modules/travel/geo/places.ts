import { createRequire } from 'node:module';
import { foldPlaceName, isSamePlaceName } from '@vowa/shared/travel/place-names';
import type { Place } from '../travel-provider';
import { countryNameOf, findAirport, greatCircleKm, mainAirportNear } from './airports';

// Cities with population, province and time zone from the `city-timezones` data set (7,300
// cities of the world). Loaded on first use.
const require = createRequire(import.meta.url);

type CityRow = {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  country: string;
  iso2: string;
  province: string;
  timezone: string;
};

let cities: CityRow[] | undefined;
function loadCities(): CityRow[] {
  cities ??= (require('city-timezones/data/cityMap.json') as CityRow[]).filter(
    (row) => row.iso2 && row.timezone,
  );
  return cities;
}

/**
 * The countries whose postal addresses name the state or province after the city (Austin,
 * Texas; Sapporo, Hokkaido). Elsewhere a hotel's address has none.
 */
const COUNTRIES_WITH_ADDRESS_REGIONS = new Set([
  'US',
  'CA',
  'AU',
  'BR',
  'MX',
  'IN',
  'AR',
  'JP',
  'CN',
]);

/**
 * Regions the data set gets wrong or names by a former name, by country and city: the province
 * it gives (Hanoi in Thái Nguyên, Rotorua in Auckland) replaced by the right one.
 */
const REGION_CORRECTIONS: Record<string, string> = {
  'MX|Mexico City': 'Ciudad de México',
  'VN|Hanoi': 'Hanoi',
  'NP|Kathmandu': 'Bagmati',
  'AL|Tirana': 'Tirana',
  'NZ|Wellington': 'Wellington',
  'NZ|Rotorua': 'Bay of Plenty',
  'IS|Reykjavik': 'Capital Region',
  'IS|Reykjavík': 'Capital Region',
  'BT|Paro': 'Paro',
  'EG|Luxor': 'Luxor',
  'FI|Helsinki': 'Uusimaa',
  'GB|London': 'England',
  'MY|Kuala Lumpur': 'Kuala Lumpur',
};

// Words that say what kind of place a name is, not which one ("Ciudad de Buenos Aires").
const GENERIC_PLACE_WORDS = new Set([
  'city',
  'ciudad',
  'de',
  'del',
  'grad',
  'province',
  'region',
  'state',
  'metropolis',
  'metropolitan',
  'prefecture',
  'of',
  'the',
]);

/**
 * Whether a region's name names the city itself: the same name, another spelling of it, or the
 * city with a generic word ("Ciudad de Buenos Aires", "Distrito Federal" renamed "Ciudad de
 * México" for Mexico City).
 */
function regionNamesCity(region: string, city: string): boolean {
  if (isSamePlaceName(region, city)) return true;
  const significant = (name: string) =>
    foldPlaceName(name)
      .split(' ')
      .filter((word) => word && !GENERIC_PLACE_WORDS.has(word))
      .join(' ');
  const [a, b] = [significant(region), significant(city)];
  if (!a || !b) return false;
  return a === b || ` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `);
}

/**
 * A city's state or province as the data set names it, corrected, or null when it only names
 * the city again ("Dubai, Dubay", "Tokyo, Tokyo", "Buenos Aires, Ciudad de Buenos Aires") or
 * the country.
 */
export function regionOf(
  countryCode: string,
  city: string,
  province: string | null | undefined,
): string | null {
  const code = countryCode.toUpperCase();
  const region = REGION_CORRECTIONS[`${code}|${city}`] ?? province?.trim();
  if (!region) return null;
  if (regionNamesCity(region, city) || isSamePlaceName(region, countryNameOf(code))) return null;
  return region;
}

/**
 * The state or province a postal address shows after the city, or null: only in the countries
 * whose addresses have one (`COUNTRIES_WITH_ADDRESS_REGIONS`), never the city or country again.
 */
export function addressRegion(
  countryCode: string,
  city: string,
  province: string | null | undefined,
): string | null {
  if (!COUNTRIES_WITH_ADDRESS_REGIONS.has(countryCode.toUpperCase())) return null;
  return regionOf(countryCode, city, province);
}

function placeFromCity(row: CityRow): Place {
  const name = row.city_ascii || row.city;
  return {
    name,
    state: regionOf(row.iso2, name, row.province),
    country: countryNameOf(row.iso2, row.country),
    countryCode: row.iso2,
    latitude: row.lat,
    longitude: row.lng,
    timezone: row.timezone,
    airportCode: mainAirportNear({ latitude: row.lat, longitude: row.lng })?.code ?? null,
  };
}

/** A city of the bundled set by name only, for matching names in free text. */
export type GazetteerCity = {
  name: string;
  asciiName: string;
  countryCode: string;
  population: number;
};

/** Every city of the bundled set (name, country, population), for text matching. */
export function gazetteerCities(): readonly GazetteerCity[] {
  return loadCities().map((row) => ({
    name: row.city,
    asciiName: row.city_ascii || row.city,
    countryCode: row.iso2,
    population: row.pop,
  }));
}

/** The nearest city (of the bundled set) to a point, with its distance. */
export function nearestCity(point: { latitude: number; longitude: number }) {
  let best: CityRow | undefined;
  let bestDistance = Infinity;
  for (const row of loadCities()) {
    // A degree of latitude is 111 km: rows further north or south than the best so far can't win.
    if (Math.abs(row.lat - point.latitude) * 111 > bestDistance) continue;
    const distance = greatCircleKm(point, { latitude: row.lat, longitude: row.lng });
    if (distance < bestDistance) {
      best = row;
      bestDistance = distance;
    }
  }
  return best ? { place: placeFromCity(best), distanceKm: bestDistance } : null;
}

/**
 * A place from what a person typed: an airport code (CDG → Paris), or a city name, optionally
 * with its country after a comma ("Paris, France"). The most populous match wins.
 */
export function resolvePlace(query: string): Place | null {
  const key = query.trim().toLowerCase();
  if (!resolved.has(key)) {
    if (resolved.size > 5_000) resolved.clear();
    resolved.set(key, lookUpPlace(query));
  }
  return resolved.get(key) ?? null;
}

// Places never change while the server runs; the same query is answered from memory.
const resolved = new Map<string, Place | null>();

function lookUpPlace(query: string): Place | null {
  const text = query.trim();
  if (/^[A-Za-z]{3}$/.test(text)) {
    const airport = findAirport(text);
    if (airport) {
      const near = nearestCity(airport);
      // Airports sit outside their city; take the city's own data when it is close and named alike.
      const sameCity =
        near &&
        near.distanceKm < 60 &&
        near.place.name.toLowerCase() === airport.city.toLowerCase();
      return {
        name: airport.city,
        state: sameCity ? regionOf(airport.countryCode, airport.city, near.place.state) : null,
        country: airport.country,
        countryCode: airport.countryCode,
        latitude: sameCity ? near.place.latitude : airport.latitude,
        longitude: sameCity ? near.place.longitude : airport.longitude,
        timezone: airport.timezone,
        airportCode: airport.code,
      };
    }
  }
  const [cityPart = '', countryPart = ''] = text
    .split(',')
    .map((part) => part.trim().toLowerCase());
  if (!cityPart) return null;
  const matches = loadCities().filter(
    (row) =>
      (row.city.toLowerCase() === cityPart || row.city_ascii.toLowerCase() === cityPart) &&
      (!countryPart ||
        row.country.toLowerCase() === countryPart ||
        row.iso2.toLowerCase() === countryPart),
  );
  const best = matches.sort((a, b) => b.pop - a.pop)[0];
  return best ? placeFromCity(best) : null;
}
