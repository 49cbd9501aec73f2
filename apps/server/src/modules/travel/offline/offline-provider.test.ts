import { addDays, clockToMinutes } from '@vowa/shared/travel/travel-rules';
import { describe, expect, it } from 'vitest';
import { findAirport, greatCircleKm } from '../geo/airports';
import { resolvePlace } from '../geo/places';
import type { FlightQuery, Place } from '../travel-provider';
import { curatedDestinations } from './data/destinations';
import { createOfflineProvider } from './offline-provider';

const at = (iso: string) => () => new Date(iso);
const TODAY = '2026-11-21';
const clock = at(`${TODAY}T10:00:00Z`);
const provider = createOfflineProvider({ now: clock });

const airport = (code: string) => {
  const found = findAirport(code);
  if (!found) throw new Error(`no airport ${code}`);
  return found;
};
const flightQuery = (
  origin: string,
  destination: string,
  overrides: Partial<FlightQuery> = {},
) => ({
  origin: airport(origin),
  destination: airport(destination),
  departureDate: addDays(TODAY, 30),
  adults: 1,
  travelClass: 'economy' as const,
  ...overrides,
});
const paris = resolvePlace('Paris, France') as Place;

describe('offline flights', () => {
  it('gives the same answer to the same query on the same day', async () => {
    const first = await provider.searchFlights(flightQuery('JFK', 'CDG'));
    const later = await createOfflineProvider({ now: at(`${TODAY}T23:59:00Z`) }).searchFlights(
      flightQuery('JFK', 'CDG'),
    );
    expect(first.length).toBeGreaterThan(2);
    expect(later).toEqual(first);
  });

  it('moves prices slowly from day to day', async () => {
    const query = flightQuery('JFK', 'CDG', { departureDate: '2027-03-10' });
    const prices: number[] = [];
    for (let day = 0; day < 20; day += 1) {
      const quoted = createOfflineProvider({ now: at(`${addDays(TODAY, day)}T10:00:00Z`) });
      const flights = await quoted.searchFlights(query);
      prices.push(Math.min(...flights.map((flight) => flight.price ?? Infinity)));
    }
    expect(new Set(prices).size).toBeGreaterThan(5);
    // Drift, not noise: apart from flash sales, a day's move stays small.
    const moves = prices.slice(1).map((price, index) => Math.abs(price / prices[index]! - 1));
    expect(moves.filter((move) => move < 0.08).length).toBeGreaterThanOrEqual(15);
  });

  it('flies plausibly: real airports, durations from distance, stops by distance', async () => {
    const short = await provider.searchFlights(flightQuery('LHR', 'CDG'));
    const long = await provider.searchFlights(flightQuery('JFK', 'SYD'));
    for (const flight of [...short, ...long]) {
      expect(flight.departure.airportCode).not.toBe(flight.arrival.airportCode);
      expect(flight.segments.length).toBe(flight.stops + 1);
      for (const segment of flight.segments) {
        expect(segment.departure.iataCode).not.toBe(segment.arrival.iataCode);
        expect(findAirport(segment.departure.iataCode)).not.toBeNull();
        const legKm = greatCircleKm(
          airport(segment.departure.iataCode),
          airport(segment.arrival.iataCode),
        );
        // Block speed (gate to gate): short hops spend most of their time climbing and landing.
        const blockSpeed = legKm / (segment.durationMinutes / 60);
        expect(blockSpeed).toBeGreaterThan(legKm < 600 ? 250 : 450);
        expect(blockSpeed).toBeLessThan(900);
      }
      expect(flight.price).toBeGreaterThan(0);
      expect(flight.currency).toBe('EUR');
    }
    expect(short.some((flight) => flight.stops === 0)).toBe(true);
    expect(Math.max(...short.map((flight) => flight.durationMinutes))).toBeLessThan(6 * 60);
    expect(long.every((flight) => flight.stops >= 1)).toBe(true);
    expect(Math.min(...long.map((flight) => flight.durationMinutes))).toBeGreaterThan(18 * 60);
    expect(Math.min(...long.map((flight) => flight.price!))).toBeGreaterThan(
      Math.max(...short.map((flight) => flight.price!)),
    );
  });

  it('never flies from an airport to itself or to next door', async () => {
    expect(await provider.searchFlights(flightQuery('JFK', 'JFK'))).toEqual([]);
    expect(await provider.searchFlights(flightQuery('JFK', 'LGA'))).toEqual([]);
  });

  it('prices classes with the spec surcharges over economy', async () => {
    const economy = await provider.searchFlights(flightQuery('JFK', 'LHR'));
    const business = await provider.searchFlights(
      flightQuery('JFK', 'LHR', { travelClass: 'business' }),
    );
    const byNumber = new Map(economy.map((flight) => [flight.flightNumber, flight.price!]));
    for (const flight of business) {
      expect(flight.price! - byNumber.get(flight.flightNumber)!).toBe(800);
      expect(flight.amenities).toContain('Lounge access');
    }
  });

  it('re-quotes a change relative to the original, moving every segment', async () => {
    const [original] = await provider.searchFlights(flightQuery('FRA', 'BKK'));
    const later = addDays(original!.departure.date, 1);
    const requoted = await provider.requoteFlight(original!, {
      travelClass: 'premium',
      departureDate: later,
      departureTime: original!.departure.time,
    });
    expect(requoted!.price).toBe(original!.price! + 200 - 50);
    expect(requoted!.departure.date).toBe(later);
    expect(requoted!.class).toBe('premium');
    expect(requoted!.durationMinutes).toBe(original!.durationMinutes);
    expect(clockToMinutes(requoted!.arrival.time)).toBe(clockToMinutes(original!.arrival.time));
    expect(
      await provider.requoteFlight(original!, {
        travelClass: 'economy',
        departureDate: addDays(original!.departure.date, 5),
        departureTime: original!.departure.time,
      }),
    ).toBeNull();
  });
});

describe('offline hotels', () => {
  const stay = {
    place: paris,
    checkIn: addDays(TODAY, 30),
    checkOut: addDays(TODAY, 33),
    adults: 2,
  };

  it('has the same hotels in a city every day, with every section filled', async () => {
    const today = await provider.searchHotels({ ...stay, roomType: 'standard' });
    const tomorrow = await createOfflineProvider({
      now: at(`${addDays(TODAY, 1)}T10:00:00Z`),
    }).searchHotels({
      ...stay,
      roomType: 'standard',
    });
    expect(today.length).toBeGreaterThanOrEqual(6);
    expect(new Set(today.map((hotel) => hotel.name))).toEqual(
      new Set(tomorrow.map((hotel) => hotel.name)),
    );
    for (const hotel of today) {
      expect(hotel.rating).toBeGreaterThanOrEqual(1);
      expect(hotel.rating).toBeLessThanOrEqual(5);
      expect(hotel.nights).toBe(3);
      expect(hotel.address.city).toBe('Paris');
      expect(hotel.address.street).toBeTruthy();
      expect(hotel.amenities.length).toBeGreaterThan(2);
      expect(hotel.nearbyAttractions.length).toBeGreaterThan(0);
      expect(hotel.policies).toMatchObject({ checkIn: 'From 15:00', checkOut: 'Until 11:00' });
      expect(hotel.contact.phone).toMatch(/^\+33 /);
      expect(hotel.price).toBeCloseTo(hotel.pricePerNight! * 3 + hotel.taxesAndFees!, 2);
    }
  });

  it('only offers suites in hotels that have them, at the suite surcharge', async () => {
    const standard = await provider.searchHotels({ ...stay, roomType: 'standard' });
    const suites = await provider.searchHotels({ ...stay, roomType: 'suite' });
    expect(suites.length).toBeLessThan(standard.length + 1);
    for (const suite of suites) {
      const same = standard.find((hotel) => hotel.name === suite.name)!;
      expect(suite.pricePerNight! - same.pricePerNight!).toBe(300);
      expect(suite.roomTypes).toContain('suite');
    }
  });

  it('re-quotes room, dates and nights by the spec rules, taxes on top', async () => {
    const [original] = await provider.searchHotels({ ...stay, roomType: 'standard' });
    const requoted = await provider.requoteHotel(original!, {
      roomType: 'deluxe',
      checkIn: addDays(original!.checkIn, 1),
      checkOut: addDays(original!.checkOut, 1),
      nights: original!.nights + 1,
    });
    const subtotal = (original!.pricePerNight! + 150) * 4 - 25 + 100 + 100;
    expect(requoted!.price).toBeCloseTo(subtotal * (1 + original!.taxRate), 1);
    expect(requoted!.roomType).toBe('deluxe');
    expect(requoted!.nights).toBe(4);
  });
});

describe('offline experiences', () => {
  it('covers all eight types with the full detail, and rebuilds one from its id', async () => {
    const found = await provider.searchExperiences({ place: paris });
    expect(new Set(found.map((experience) => experience.type)).size).toBe(8);
    for (const experience of found) {
      expect(experience.price).toBeGreaterThan(0);
      expect(experience.schedule.length).toBeGreaterThan(0);
      expect(experience.highlights.length).toBeGreaterThan(0);
      expect(experience.name).not.toMatch(/[{}]/);
      expect(experience.description).not.toMatch(/[{}]/);
    }
    const first = found[0]!;
    expect(await provider.experienceDetails(first.id)).toEqual(first);
    expect(await provider.experienceDetails('off-x|FR|nowhere|tour|0')).toBeNull();
    expect(await provider.experienceDetails('something else')).toBeNull();
  });

  it('filters by type', async () => {
    const tours = await provider.searchExperiences({ place: paris, type: 'tour' });
    expect(tours.length).toBeGreaterThan(0);
    expect(tours.every((experience) => experience.type === 'tour')).toBe(true);
  });
});

describe('curated destinations', () => {
  it('are 200 or more real airports the offline inventory can price', async () => {
    expect(curatedDestinations.length).toBeGreaterThanOrEqual(200);
    const origin = airport('JFK');
    let priced = 0;
    for (const destination of curatedDestinations) {
      const place = resolvePlace(destination.airport);
      expect(place, destination.airport).not.toBeNull();
      if (destination.airport === 'JFK') continue;
      const flights = await provider.searchFlights({
        origin,
        destination: airport(destination.airport),
        departureDate: addDays(TODAY, 30),
        adults: 2,
        travelClass: 'economy',
      });
      if (flights.length > 0) priced += 1;
    }
    expect(priced).toBeGreaterThanOrEqual(curatedDestinations.length - 5);
  });
});
