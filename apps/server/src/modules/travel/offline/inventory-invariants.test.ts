import { describe, expect, it } from 'vitest';
import { experienceTypes } from '@vowa/shared/travel/travel-constants';
import { isSamePlaceName, placeLabel } from '@vowa/shared/travel/place-names';
import { allAirports, countryNameOf, findAirport } from '../geo/airports';
import { addressRegion, resolvePlace } from '../geo/places';
import type { Place, ProviderExperience, ProviderHotel } from '../travel-provider';
import { curatedDestinations } from './data/destinations';
import { experienceProviders } from './data/experience-content';
import { hotelBrands, independentHotelNames } from './data/hotel-content';
import { containsRealHotelBrand, realHotelBrands } from './data/real-hotel-brands';
import { curatedSightFacts, sightKindLabels, type SightKind } from './data/sight-facts';
import { placeOfDestination } from './destination-places';
import { searchOfflineExperiences } from './offline-experiences';
import { searchOfflineHotels } from './offline-hotels';
import { formatDistance, kmTo, sightsAround } from './sights';

// Issue 13 §4: the whole offline inventory (every curated destination's hotels and experiences)
// must agree with itself: invented brands only, current country names, one distance per place,
// kinds that fit the sight, and no place named twice in a label.

const quotedAt = new Date('2026-11-26T12:00:00Z');

type Inventory = { place: Place; hotels: ProviderHotel[]; experiences: ProviderExperience[] };

const inventory: Inventory[] = curatedDestinations.map((destination) => {
  const place = placeOfDestination(destination);
  if (!place) throw new Error(`no place for ${destination.city}`);
  const hotels = searchOfflineHotels(
    { place, checkIn: '2027-03-10', checkOut: '2027-03-13', adults: 2, roomType: 'standard' },
    quotedAt,
  );
  // Each type on its own gives every experience a place suits, not a sample.
  const experiences = experienceTypes.flatMap((type) =>
    searchOfflineExperiences({ place, type }, quotedAt),
  );
  return { place, hotels, experiences };
});

/** Names no longer in use for a country (or a territory) that still exists under another. */
const OBSOLETE_COUNTRY_NAMES = [
  'Netherlands Antilles',
  'Swaziland',
  'Macedonia',
  'Burma',
  'Zaire',
  'Zaïre',
  'Yugoslavia',
  'Serbia and Montenegro',
  'Czechoslovakia',
  'Soviet Union',
  'USSR',
  'East Germany',
  'Rhodesia',
  'Ceylon',
  'Siam',
  'Persia',
  'Dahomey',
  'Upper Volta',
  'Kampuchea',
  'Western Samoa',
  'East Timor',
  'Cape Verde',
];

function isObsoleteCountryName(name: string | null | undefined): boolean {
  return name !== null && name !== undefined && OBSOLETE_COUNTRY_NAMES.includes(name.trim());
}

/** "Saint Lucia, Saint Lucia": a name repeated (in any spelling) right after itself. */
function repeatedPart(text: string): string | null {
  const parts = text.split(/,\s*/);
  for (let index = 1; index < parts.length; index += 1) {
    const before = parts[index - 1]!.split(/\s+(?:in|of|at)\s+/).pop()!;
    const after = parts[index]!.split(/[.;]/)[0]!;
    if (before.length > 2 && isSamePlaceName(before.trim(), after.trim())) return text;
  }
  return null;
}

const DISTANCE = /\b\d+(?:\.\d)? k?m\b/g;

/**
 * The sights a text gives a distance to, with the distance: "2.3 km from Burj Khalifa",
 * "Burj Khalifa is 2.3 km away". A distance given to no sight of `names` comes with ''.
 */
function distancesIn(text: string, names: readonly string[]): [string, string][] {
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  return [...text.matchAll(DISTANCE)].map((match) => {
    const distance = match[0];
    const after = text.slice(match.index + distance.length);
    const before = text.slice(0, match.index);
    const named =
      (after.startsWith(' from ') &&
        longestFirst.find((name) => after.slice(' from '.length).startsWith(name))) ||
      (after.startsWith(' away') &&
        before.endsWith(' is ') &&
        longestFirst.find((name) => before.slice(0, -' is '.length).endsWith(name))) ||
      '';
    return [named, distance];
  });
}

describe('real brands', () => {
  it('recognises real chains by whole words, ignoring case and accents', () => {
    expect(containsRealHotelBrand('Hyatt Regency Johannesburg')).toBe('Hyatt');
    expect(containsRealHotelBrand('ibis Paris Centre')).toBe('ibis');
    expect(containsRealHotelBrand('The Ritz-Carlton, Dubai')).toBeTruthy();
    expect(containsRealHotelBrand('Melia Lisbon')).toBeTruthy();
    expect(containsRealHotelBrand('Hilton Garden Inn Ibiza')).toBe('Hilton');
    // Words that only contain a brand are not it.
    expect(containsRealHotelBrand('Nook Ibiza Centre')).toBeNull();
    expect(containsRealHotelBrand('Hotel Amman Gardens')).toBeNull();
    for (const brand of ['Marriott', 'Sheraton', 'Four Seasons', 'InterContinental']) {
      expect(realHotelBrands).toContain(brand);
    }
  });

  it('are never the names of the invented brands', () => {
    for (const brand of hotelBrands) {
      expect(containsRealHotelBrand(brand.name), brand.name).toBeNull();
      expect(containsRealHotelBrand(brand.pattern), brand.pattern).toBeNull();
    }
    for (const name of independentHotelNames) expect(containsRealHotelBrand(name), name).toBeNull();
    for (const provider of experienceProviders) {
      expect(containsRealHotelBrand(provider.name), provider.name).toBeNull();
    }
  });

  it('appear in no hotel or experience provider of any destination', () => {
    const found: string[] = [];
    let hotels = 0;
    for (const { hotels: list, experiences } of inventory) {
      for (const hotel of list) {
        hotels += 1;
        for (const text of [hotel.name, hotel.brand, hotel.description]) {
          const brand = text ? containsRealHotelBrand(text) : null;
          if (brand) found.push(`${hotel.name}: ${brand}`);
        }
      }
      for (const experience of experiences) {
        const brand = containsRealHotelBrand(experience.provider.name);
        if (brand) found.push(`${experience.provider.name}: ${brand}`);
      }
    }
    expect(hotels).toBeGreaterThan(curatedDestinations.length * 6);
    expect(found).toEqual([]);
  });
});

describe('country names', () => {
  it('are current for every airport, under the country its code names', () => {
    const obsolete = allAirports().filter((airport) => isObsoleteCountryName(airport.country));
    expect(obsolete.map((airport) => `${airport.code} ${airport.country}`)).toEqual([]);
    for (const airport of allAirports()) {
      expect(airport.country, airport.code).toBe(countryNameOf(airport.countryCode));
    }
  });

  it('split the former Netherlands Antilles into their successors', () => {
    expect(findAirport('SXM')).toMatchObject({ countryCode: 'SX', country: 'Sint Maarten' });
    expect(findAirport('CUR')).toMatchObject({ countryCode: 'CW', country: 'Curaçao' });
    expect(findAirport('BON')).toMatchObject({
      countryCode: 'BQ',
      country: 'Caribbean Netherlands',
    });
    expect(findAirport('SKP')?.country).toBe('North Macedonia');
    expect(findAirport('RGN')?.country).toBe('Myanmar');
  });

  it('are current in every place, hotel address and experience', () => {
    const found: string[] = [];
    for (const { place, hotels } of inventory) {
      if (isObsoleteCountryName(place.country)) found.push(`${place.name}: ${place.country}`);
      expect(place.country, place.name).toBe(countryNameOf(place.countryCode));
      for (const hotel of hotels) {
        if (isObsoleteCountryName(hotel.address.country)) found.push(hotel.name ?? '');
        expect(hotel.address.country, hotel.name!).toBe(place.country);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('distances', () => {
  it('are one per place for every hotel: nearby list, highlights and description agree', () => {
    const contradictions: string[] = [];
    for (const { place, hotels } of inventory) {
      const sights = sightsAround(place);
      for (const hotel of hotels) {
        // What each sight's distance is, measured once from the hotel's coordinates.
        const truth = new Map(
          sights.map((sight) => [sight.name, formatDistance(kmTo(hotel.coordinates!, sight))]),
        );
        const shown = new Map<string, Set<string>>();
        const note = (name: string, distance: string) => {
          const set = shown.get(name) ?? new Set<string>();
          set.add(distance);
          shown.set(name, set);
        };
        for (const nearby of hotel.nearbyAttractions) note(nearby.name, nearby.distance);
        for (const text of [...hotel.highlights, hotel.description ?? '']) {
          for (const [name, distance] of distancesIn(text, [...truth.keys()])) {
            if (!truth.has(name)) contradictions.push(`${hotel.name}: "${text}" names no sight`);
            else note(name, distance);
          }
        }
        for (const [name, distances] of shown) {
          if (distances.size !== 1 || !distances.has(truth.get(name) ?? '')) {
            contradictions.push(`${hotel.name}: ${name} at ${[...distances].join(' and ')}`);
          }
        }
      }
    }
    expect(contradictions).toEqual([]);
  });

  it('put every sight where its facts say and list only what is near', () => {
    for (const { place, hotels } of inventory) {
      for (const hotel of hotels) {
        const names = hotel.nearbyAttractions.map((nearby) => nearby.name);
        expect(new Set(names).size, hotel.name!).toBe(names.length);
        for (const nearby of hotel.nearbyAttractions) {
          expect(nearby.distance, `${hotel.name} ${nearby.name}`).toMatch(/^\d+(\.\d)? k?m$/);
          const km = nearby.distance.endsWith(' km') ? Number.parseFloat(nearby.distance) : 0;
          expect(km, `${hotel.name} ${nearby.name}`).toBeLessThanOrEqual(30);
        }
        // Nearest first.
        const sights = sightsAround(place);
        const kms = hotel.nearbyAttractions.map((nearby) =>
          kmTo(
            hotel.coordinates!,
            sights.find((sight) => sight.name === nearby.name)!,
          ),
        );
        expect(kms, hotel.name!).toEqual([...kms].sort((a, b) => a - b));
      }
    }
  });

  it('place experiences at the sight they are held at', () => {
    for (const { place, experiences } of inventory) {
      const sights = sightsAround(place);
      for (const experience of experiences) {
        const sight = sights.find((candidate) => candidate.name === experience.location.name);
        expect(sight, experience.name).toBeDefined();
        expect(experience.location.coordinates).toEqual({
          latitude: sight!.latitude,
          longitude: sight!.longitude,
        });
      }
    }
  });
});

/**
 * Kinds a sight may have by what its name says it is, first match wins. A sight no rule
 * describes may have any kind the data gives it.
 */
const KIND_RULES: readonly [RegExp, readonly SightKind[]][] = [
  [/market|bazaar|souq|mercado|\bhalles\b/i, ['market', 'shopping', 'landmark']],
  [/museum|gallery|art institute/i, ['museum', 'landmark']],
  [/beach|playa|praia|pantai|\banse\b/i, ['beach']],
  [/temple bar/i, ['nightlife', 'district']],
  [
    /cathedral|basilica|\bchurch\b|mosque|temple|shrine|monastery|synagogue|abbey|kirkja|kirche|\bwat\b|-ji\b|buddha/i,
    ['religious', 'historic'],
  ],
  [/bridge/i, ['landmark', 'viewpoint']],
  [/tower|khalifa|needle|observatory|\b101\b|skyscraper/i, ['landmark', 'viewpoint', 'historic']],
  [/castle|fortress|citadel|\bfort\b|castillo/i, ['historic', 'viewpoint', 'district']],
  [/palace|palais/i, ['historic', 'landmark', 'museum', 'park']],
  [/caves\b/i, ['nature', 'religious', 'historic']],
  [
    /national park|national forest|marine park|state park|reserve|falls|lake|volcano|glacier|canyon|cave|reef|\bmount\b|mountain|hill\b/i,
    ['nature', 'wildlife', 'viewpoint', 'park'],
  ],
  [/zoo|aquarium|sanctuary|wildlife|giraffe|panda/i, ['wildlife']],
  [
    /island|isla\b|\bisle\b|\bîle\b|caye|lagoon/i,
    ['island', 'nature', 'beach', 'spa', 'district', 'historic'],
  ],
  [
    /square|plaza|piazza|grand-place|zócalo|marienplatz|jemaa/i,
    ['landmark', 'district', 'historic', 'waterfront'],
  ],
  [/park\b|garden/i, ['park', 'theme-park', 'nature', 'wildlife', 'museum', 'venue']],
];

describe('sight kinds', () => {
  it('come from the data for every curated sight, never a default', () => {
    for (const destination of curatedDestinations) {
      const facts = curatedSightFacts[destination.airport];
      expect(facts, destination.city).toBeDefined();
      expect(facts!.length, destination.city).toBe(destination.highlights.length);
      for (const fact of facts!) {
        const [kind, km] = fact.split(' ');
        expect(Object.keys(sightKindLabels), `${destination.city} ${fact}`).toContain(kind);
        if (km !== undefined) expect(Number(km), destination.city).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(curatedSightFacts).sort()).toEqual(
      curatedDestinations.map((destination) => destination.airport).sort(),
    );
  });

  it('fit what the sight is: Burj Khalifa is a landmark, not nightlife', () => {
    const wrong: string[] = [];
    for (const { place } of inventory) {
      for (const sight of sightsAround(place)) {
        const rule = KIND_RULES.find(([pattern]) => pattern.test(sight.name));
        if (rule && !rule[1].includes(sight.kind)) wrong.push(`${sight.name}: ${sight.kind}`);
        // Nightlife is an evening district, never a monument, museum or park.
        if (sight.kind === 'nightlife' && !/bar|street|nakasu/i.test(sight.name)) {
          wrong.push(`${sight.name}: nightlife`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const dubai = inventory.find(({ place }) => place.name === 'Dubai')!;
    const kinds = Object.fromEntries(
      sightsAround(dubai.place).map((sight) => [sight.name, sight.label]),
    );
    expect(kinds).toEqual({
      'Burj Khalifa': 'Landmark',
      'Dubai Mall': 'Shopping',
      'Palm Jumeirah': 'Island',
    });
  });

  it('label every nearby attraction with its kind', () => {
    const labels = new Set<string>(Object.values(sightKindLabels));
    for (const { place, hotels } of inventory) {
      const sights = new Map(sightsAround(place).map((sight) => [sight.name, sight.label]));
      for (const hotel of hotels) {
        for (const nearby of hotel.nearbyAttractions) {
          expect(labels.has(nearby.type), nearby.type).toBe(true);
          expect(nearby.type, `${hotel.name} ${nearby.name}`).toBe(sights.get(nearby.name));
        }
      }
    }
  });
});

describe('place labels', () => {
  it('never repeat a place: no "Dubai, Dubay", "Saint Lucia, Saint Lucia" or "Tokyo, Tokyo"', () => {
    const repeated: string[] = [];
    for (const { place, hotels, experiences } of inventory) {
      if (place.state && isSamePlaceName(place.state, place.name)) {
        repeated.push(`${place.name}, ${place.state}`);
      }
      if (place.state && isSamePlaceName(place.state, place.country)) {
        repeated.push(`${place.state}, ${place.country}`);
      }
      for (const hotel of hotels) {
        const { city, state, country } = hotel.address;
        if (
          state &&
          (isSamePlaceName(state, city ?? '') || isSamePlaceName(state, country ?? ''))
        ) {
          repeated.push(`${hotel.name}: ${city}, ${state}, ${country}`);
        }
        for (const text of [hotel.name ?? '', hotel.description ?? '', ...hotel.highlights]) {
          const found = repeatedPart(text);
          if (found) repeated.push(found);
        }
      }
      for (const experience of experiences) {
        for (const text of [experience.name, experience.description, ...experience.highlights]) {
          const found = repeatedPart(text);
          if (found) repeated.push(found);
        }
      }
    }
    expect(repeated).toEqual([]);
  });

  it('name a city-state or island once and keep other cities with their country', () => {
    expect(placeLabel(['Singapore', 'Singapore'])).toBe('Singapore');
    expect(placeLabel(['Saint Lucia', 'Saint Lucia'])).toBe('Saint Lucia');
    expect(placeLabel(['Dubai', 'Dubay', 'United Arab Emirates'])).toBe(
      'Dubai, United Arab Emirates',
    );
    expect(placeLabel(['Macau', 'Macao'])).toBe('Macau');
    expect(placeLabel(['Panama City', 'Panama'])).toBe('Panama City, Panama');
    expect(placeLabel(['Austin', 'Texas', 'United States'])).toBe('Austin, Texas, United States');
  });

  it('give a region only when it is not the city again, under its right name', () => {
    expect(resolvePlace('Dubai, AE')?.state).toBeNull();
    expect(resolvePlace('Tokyo, JP')?.state).toBeNull();
    expect(resolvePlace('Mexico City, MX')?.state).toBeNull();
    expect(resolvePlace('Buenos Aires, AR')?.state).toBeNull();
    expect(resolvePlace('Hanoi, VN')?.state).toBeNull();
    expect(resolvePlace('Rotorua, NZ')?.state).toBe('Bay of Plenty');
    expect(resolvePlace('Paris, FR')?.state).toBe('Île-de-France');
    expect(resolvePlace('Austin, US')?.state).toBe('Texas');
    expect(resolvePlace('Perth, AU')?.state).toBe('Western Australia');
  });

  it('show a region in hotel addresses only where postal addresses have one', () => {
    expect(addressRegion('FR', 'Paris', 'Île-de-France')).toBeNull();
    expect(addressRegion('AE', 'Dubai', 'Dubay')).toBeNull();
    expect(addressRegion('JP', 'Sapporo', 'Hokkaido')).toBe('Hokkaido');
    expect(addressRegion('US', 'New York', 'New York')).toBeNull();
    for (const { place, hotels } of inventory) {
      for (const hotel of hotels) {
        expect(hotel.address.state, hotel.name!).toBe(
          addressRegion(place.countryCode, place.name, place.state),
        );
      }
    }
  });

  it('spell the airports the inventory flies to as their towns are spelled', () => {
    expect(findAirport('JAC')?.city).toBe('Jackson Hole');
    expect(findAirport('ALA')?.city).toBe('Almaty');
    expect(findAirport('TLL')?.city).toBe('Tallinn');
    expect(findAirport('NAN')?.city).toBe('Nadi');
  });
});
