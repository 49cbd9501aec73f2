import { TZDate } from '@date-fns/tz';
import {
  CLASS_SURCHARGE,
  FLIGHT_DEFAULTS,
  type TravelClass,
} from '@vowa/shared/travel/travel-constants';
import {
  daysBetween,
  formatFlightDuration,
  requotedFlightPrice,
  type FlightChange,
} from '@vowa/shared/travel/travel-rules';
import type { Airport } from '@vowa/shared/travel/travel-schemas';
import { airlineName, findAirport, greatCircleKm } from '../geo/airports';
import type { FlightQuery, ProviderFlight } from '../travel-provider';
import { aircraftTypes } from './data/aircraft';
import { operatingAirlines, type OperatingAirline } from './data/airlines';
import { curatedDestinations } from './data/destinations';
import { connectionHubs } from './data/hubs';
import {
  advanceFactor,
  dayNumberOf,
  distanceFare,
  driftFactor,
  endOfQuoteDay,
  quoteValidUntil,
  flashSaleFactor,
  roundEuros,
  seasonFactor,
  weekdayFactor,
} from './fare-model';
import { between, integerBetween, pickOf, seedOf, unitOf } from './seeded-random';

/** Scheduled departure times a route's flights are spread over (local time). */
const DEPARTURE_SLOTS = [
  '06:05',
  '07:30',
  '08:45',
  '10:15',
  '11:30',
  '13:10',
  '14:15',
  '15:50',
  '17:25',
  '18:30',
  '20:05',
  '21:50',
] as const;
const CRUISE_KMH = 820;
const OPTIONS_PER_SEARCH = 6;

const hubSet = new Set<string>(connectionHubs);
const destinationSet = new Set(curatedDestinations.map((destination) => destination.airport));

/** Airports big enough for long-haul non-stops: hubs, curated destinations, "International". */
function isMajorAirport(airport: Airport): boolean {
  return (
    hubSet.has(airport.code) ||
    destinationSet.has(airport.code) ||
    /international/i.test(airport.name)
  );
}

type Leg = { from: Airport; to: Airport; distanceKm: number };
type Routing = { legs: Leg[]; via: Airport[] };

function legOf(from: Airport, to: Airport): Leg {
  return { from, to, distanceKm: greatCircleKm(from, to) };
}

/** The hubs that make the shortest detours between two airports, best first. */
function connectionsBetween(origin: Airport, destination: Airport, distanceKm: number) {
  return connectionHubs
    .filter((code) => code !== origin.code && code !== destination.code)
    .map(findAirport)
    .filter((hub): hub is Airport => hub !== null)
    .map((hub) => {
      const first = greatCircleKm(origin, hub);
      const second = greatCircleKm(hub, destination);
      return { hub, first, second, detour: (first + second) / Math.max(distanceKm, 1) };
    })
    .filter((entry) => entry.first > 150 && entry.second > 150)
    .sort((a, b) => a.detour - b.detour);
}

/** Non-stop where the airports and the distance allow it, then one and two stops via hubs. */
function routingsFor(origin: Airport, destination: Airport, distanceKm: number): Routing[] {
  const routings: Routing[] = [];
  const nonStop =
    distanceKm <= 14_500 &&
    (distanceKm < 4_500 || (isMajorAirport(origin) && isMajorAirport(destination)));
  if (nonStop) routings.push({ legs: [legOf(origin, destination)], via: [] });
  const hubs = connectionsBetween(origin, destination, distanceKm);
  for (const { hub } of hubs.filter((entry) => entry.detour <= 1.35).slice(0, 3)) {
    routings.push({ legs: [legOf(origin, hub), legOf(hub, destination)], via: [hub] });
  }
  if (routings.length === 0 || distanceKm > 12_000) {
    // Two stops: through the best first hub, then the best hub from there on.
    const first = hubs[0];
    if (first) {
      const onward = connectionsBetween(first.hub, destination, first.second)[0];
      if (onward && onward.detour <= 1.5) {
        routings.push({
          legs: [
            legOf(origin, first.hub),
            legOf(first.hub, onward.hub),
            legOf(onward.hub, destination),
          ],
          via: [first.hub, onward.hub],
        });
      }
      if (routings.length === 0) {
        routings.push({
          legs: [legOf(origin, first.hub), legOf(first.hub, destination)],
          via: [first.hub],
        });
      }
    }
  }
  return routings;
}

/** Who flies a leg: a carrier of either country, else one based at either end, else any hub carrier. */
function carriersFor(from: Airport, to: Airport): OperatingAirline[] {
  const national = operatingAirlines.filter(
    (airline) => airline.countryCode === from.countryCode || airline.countryCode === to.countryCode,
  );
  if (national.length > 0) return national;
  const based = operatingAirlines.filter(
    (airline) => airline.hubs.includes(from.code) || airline.hubs.includes(to.code),
  );
  if (based.length > 0) return based;
  return operatingAirlines.filter((airline) => airline.kind === 'full-service');
}

/** A plausible aircraft for a leg: regional jets and turboprops short, wide bodies long. */
function aircraftFor(leg: Leg, seed: string) {
  const body = leg.distanceKm < 700 ? 'regional' : leg.distanceKm < 4_800 ? 'narrow' : 'wide';
  const fitting = aircraftTypes.filter(
    (type) => type.body === body && type.maxRangeKm >= leg.distanceKm * 1.1,
  );
  const pool =
    fitting.length > 0
      ? fitting
      : aircraftTypes.filter((type) => type.maxRangeKm >= leg.distanceKm);
  return pickOf(pool.length > 0 ? pool : aircraftTypes, seed);
}

function terminalAt(airport: Airport, carrier: string): string | null {
  if (!isMajorAirport(airport)) return null;
  if (unitOf(airport.code, 'single-terminal') < 0.25) return null;
  const terminals =
    unitOf(airport.code, 'lettered') < 0.3 ? ['A', 'B', 'C', 'D', 'E'] : ['1', '2', '3', '4', '5'];
  const count = integerBetween(2, terminals.length, airport.code, 'terminals');
  return terminals[seedOf(airport.code, carrier) % count] ?? null;
}

const legMinutes = (distanceKm: number) =>
  Math.round((35 + (distanceKm / CRUISE_KMH) * 60) / 5) * 5;

/** Local wall-clock parts of an instant at an airport. */
function localAt(instant: number, timezone: string) {
  const local = new TZDate(instant, timezone);
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  const time = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
  return { date, time, at: `${date}T${time}:00` };
}

/** The instant of a local date and time at an airport. */
function instantOf(date: string, time: string, timezone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, timezone).getTime();
}

/** What comes with a seat: by class, by how far, and by the kind of airline. */
export function cabinFeatures(
  travelClass: TravelClass,
  distanceKm: number,
  kind: OperatingAirline['kind'],
) {
  const premiumCabin = travelClass !== 'economy';
  const longHaul = distanceKm > 3_000;
  const lowCost = kind === 'low-cost' && travelClass === 'economy';
  const checked =
    travelClass === 'business' || travelClass === 'first'
      ? '2 checked bags (32 kg each)'
      : lowCost
        ? 'Not included (can be added)'
        : FLIGHT_DEFAULTS.baggage.checked;
  const carry = lowCost
    ? FLIGHT_DEFAULTS.baggage.carry
    : `${FLIGHT_DEFAULTS.baggage.carry} and 1 cabin bag`;
  const amenities = [
    ...(longHaul || premiumCabin ? ['Power outlets'] : ['USB power']),
    ...(premiumCabin ? ['Extra legroom', 'Priority boarding'] : []),
    ...(travelClass === 'business' || travelClass === 'first' ? ['Lounge access'] : []),
    ...((travelClass === 'business' || travelClass === 'first') && longHaul
      ? ['Lie-flat seat', 'Amenity kit']
      : []),
    ...(travelClass === 'first' ? ['Chauffeur service', 'Dine on demand'] : []),
  ];
  return {
    baggage: { carry, checked },
    cancellation: FLIGHT_DEFAULTS.cancellation,
    wifi: !lowCost && distanceKm > 1_500,
    entertainment: longHaul || (premiumCabin && distanceKm > 1_500),
    mealService: premiumCabin ? distanceKm > 500 : !lowCost && distanceKm > 1_200,
    seatSelection: !lowCost || premiumCabin,
    amenities,
  };
}

/**
 * The economy fare per person for an option, and the market's reference fare for it (the same
 * trip without today's drift, flash sale or booking-window effect).
 */
function economyFares(
  query: FlightQuery,
  distanceKm: number,
  routing: Routing,
  carrier: OperatingAirline,
  optionSeed: string,
  quoteDay: number,
  quoteDate: string,
) {
  const marketKey = `${query.origin.code}-${query.destination.code}`;
  const stopsFactor = [1.1, 1, 0.92][routing.via.length] ?? 0.9;
  const carrierFactor = carrier.kind === 'low-cost' && distanceKm < 3_500 ? 0.72 : 1;
  const base =
    distanceFare(distanceKm) *
    seasonFactor(query.departureDate, query.destination.latitude) *
    weekdayFactor(query.departureDate) *
    stopsFactor *
    carrierFactor *
    between(0.92, 1.12, optionSeed, 'variation');
  const daysAhead = daysBetween(quoteDate, query.departureDate);
  return {
    price: roundEuros(
      base *
        advanceFactor(daysAhead) *
        driftFactor(marketKey, quoteDay) *
        flashSaleFactor(marketKey, quoteDay),
    ),
    reference: roundEuros(base),
  };
}

/** The offline provider's flights for one direction on one day, cheapest first. */
export function searchOfflineFlights(query: FlightQuery, quotedAt: Date): ProviderFlight[] {
  const { origin, destination } = query;
  const distanceKm = greatCircleKm(origin, destination);
  if (origin.code === destination.code || distanceKm < 60) return [];
  const routings = routingsFor(origin, destination, distanceKm);
  if (routings.length === 0) return [];
  const quoteDay = dayNumberOf(quotedAt);
  const quoteDate = quotedAt.toISOString().slice(0, 10);
  const validUntil = quoteValidUntil(`${origin.code}-${destination.code}`, quotedAt);
  const flights: ProviderFlight[] = [];

  for (let option = 0; option < OPTIONS_PER_SEARCH; option += 1) {
    const routing = routings[option % routings.length] as Routing;
    const optionSeed = `${origin.code}-${destination.code}-${query.departureDate}-${option}`;
    const firstLeg = routing.legs[0] as Leg;
    const carrier = pickOf(
      carriersFor(firstLeg.from, routing.legs.at(-1)!.to),
      optionSeed,
      'carrier',
    );
    const slot = pickOf(DEPARTURE_SLOTS, optionSeed, 'slot');
    let clock = instantOf(query.departureDate, slot, origin.timezone);
    const segments: ProviderFlight['segments'] = [];
    routing.legs.forEach((leg, index) => {
      const minutes = legMinutes(leg.distanceKm);
      const number = String(integerBetween(100, 2999, optionSeed, 'number', index));
      const aircraft = aircraftFor(leg, `${optionSeed}-${index}`);
      const departure = localAt(clock, leg.from.timezone);
      clock += minutes * 60_000;
      const arrival = localAt(clock, leg.to.timezone);
      segments.push({
        carrierCode: carrier.code,
        number,
        aircraftCode: aircraft.code,
        departure: {
          iataCode: leg.from.code,
          at: departure.at,
          terminal: terminalAt(leg.from, carrier.code),
        },
        arrival: {
          iataCode: leg.to.code,
          at: arrival.at,
          terminal: terminalAt(leg.to, carrier.code),
        },
        durationMinutes: minutes,
      });
      // Time on the ground before the next leg.
      clock += integerBetween(14, 38, optionSeed, 'layover', index) * 5 * 60_000;
    });
    const fares = economyFares(
      query,
      distanceKm,
      routing,
      carrier,
      optionSeed,
      quoteDay,
      quoteDate,
    );
    flights.push(
      assembleFlight({
        id: `off-f|${optionSeed}|${query.travelClass}|${quoteDay}`,
        carrier,
        segments,
        travelClass: query.travelClass,
        distanceKm,
        price: fares.price + CLASS_SURCHARGE[query.travelClass],
        referencePrice: fares.reference + CLASS_SURCHARGE[query.travelClass],
        validUntil,
      }),
    );
  }
  const seen = new Set<string>();
  return flights
    .filter((flight) => {
      // Two options can land on the same carrier and slot: that is one flight, not two.
      const key = `${flight.flightNumber}-${flight.departure.time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.price ?? 0) - (b.price ?? 0));
}

function assembleFlight(input: {
  id: string;
  carrier: OperatingAirline;
  segments: ProviderFlight['segments'];
  travelClass: TravelClass;
  distanceKm: number;
  price: number;
  referencePrice: number;
  validUntil: string;
}): ProviderFlight {
  const first = input.segments[0]!;
  const last = input.segments.at(-1)!;
  const from = findAirport(first.departure.iataCode)!;
  const to = findAirport(last.arrival.iataCode)!;
  const departureInstant = instantOf(
    first.departure.at.slice(0, 10),
    first.departure.at.slice(11, 16),
    from.timezone,
  );
  const arrivalInstant = instantOf(
    last.arrival.at.slice(0, 10),
    last.arrival.at.slice(11, 16),
    to.timezone,
  );
  const durationMinutes = Math.round((arrivalInstant - departureInstant) / 60_000);
  const aircraft = aircraftTypes.find((type) => type.code === first.aircraftCode);
  const endpoint = (airport: Airport, at: string, terminal: string | null) => ({
    airportCode: airport.code,
    airportName: airport.name,
    city: airport.city,
    country: airport.country,
    countryCode: airport.countryCode,
    time: at.slice(11, 16),
    date: at.slice(0, 10),
    terminal,
  });
  return {
    id: input.id,
    airline: airlineName(input.carrier.code) ?? input.carrier.code,
    airlineCode: input.carrier.code,
    flightNumber: `${first.carrierCode}${first.number}`,
    aircraft: aircraft?.name ?? first.aircraftCode,
    class: input.travelClass,
    price: input.price,
    currency: 'EUR',
    duration: formatFlightDuration(durationMinutes),
    durationMinutes,
    stops: input.segments.length - 1,
    stopAirports: input.segments.slice(1).map((segment) => segment.departure.iataCode),
    distanceKm: Math.round(input.distanceKm),
    departure: endpoint(from, first.departure.at, first.departure.terminal),
    arrival: endpoint(to, last.arrival.at, last.arrival.terminal),
    segments: input.segments,
    ...cabinFeatures(input.travelClass, input.distanceKm, input.carrier.kind),
    validUntil: input.validUntil,
    referencePrice: input.referencePrice,
  };
}

/**
 * The same flight with another class, date or time, priced by the spec's rules relative to the
 * original (class surcharges, −50/−100 one and two days later, +100 a day earlier, the
 * time-of-day adjustments). Every segment moves by the same amount of time.
 */
export function requoteOfflineFlight(
  original: ProviderFlight,
  change: FlightChange,
  quotedAt: Date,
): ProviderFlight | null {
  if (original.price === null) return null;
  const price = requotedFlightPrice(
    original.price,
    {
      travelClass: original.class,
      departureDate: original.departure.date,
      departureTime: original.departure.time,
    },
    change,
  );
  if (price === null) return null;
  const from = findAirport(original.departure.airportCode);
  if (!from) return null;
  const shiftMs =
    instantOf(change.departureDate, change.departureTime, from.timezone) -
    instantOf(original.departure.date, original.departure.time, from.timezone);
  const shift = (at: string, code: string) => {
    const timezone = findAirport(code)?.timezone ?? 'UTC';
    return localAt(instantOf(at.slice(0, 10), at.slice(11, 16), timezone) + shiftMs, timezone).at;
  };
  const segments = original.segments.map((segment) => ({
    ...segment,
    departure: {
      ...segment.departure,
      at: shift(segment.departure.at, segment.departure.iataCode),
    },
    arrival: { ...segment.arrival, at: shift(segment.arrival.at, segment.arrival.iataCode) },
  }));
  const carrier =
    operatingAirlines.find((airline) => airline.code === original.airlineCode) ??
    ({
      code: original.airlineCode,
      countryCode: '',
      hubs: [],
      kind: 'full-service',
      alliance: null,
    } as OperatingAirline);
  const base =
    original.referencePrice === null
      ? null
      : original.referencePrice - CLASS_SURCHARGE[original.class];
  return assembleFlight({
    id: `${original.id}|rq|${change.travelClass}|${change.departureDate}|${change.departureTime}|${dayNumberOf(quotedAt)}`,
    carrier,
    segments,
    travelClass: change.travelClass,
    distanceKm: original.distanceKm,
    price,
    referencePrice: base === null ? price : base + CLASS_SURCHARGE[change.travelClass],
    validUntil: endOfQuoteDay(quotedAt),
  });
}
