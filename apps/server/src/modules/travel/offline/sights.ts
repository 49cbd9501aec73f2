import { greatCircleKm } from '../geo/airports';
import type { Place } from '../travel-provider';
import {
  curatedSightFacts,
  sightKindLabels,
  type SightFact,
  type SightKind,
} from './data/sight-facts';
import { curatedDestinationOf } from './destination-places';
import { between } from './seeded-random';

/** The key of a place in the inventory's seeds and ids ('FR-paris'). */
export const placeKeyOf = (place: Place) =>
  `${place.countryCode}-${place.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A sight of a place, with its kind and one position every generated text measures from. */
export type PlacedSight = {
  name: string;
  kind: SightKind;
  /** What the kind is called in a hotel's "nearby" list ('Landmark', 'Beach'). */
  label: string;
  latitude: number;
  longitude: number;
};

/** How far from the centre a sight without a stated distance may be (km). */
const IN_TOWN_KM = { min: 0.4, max: 3.5 } as const;

/** What every city has, for places that are not curated destinations. */
const everyCitySights = (place: Place): [string, SightFact][] => [
  [`${place.name} Old Town`, 'district'],
  ['the main square', 'landmark'],
  ['the city museum', 'museum'],
];

function parseFact(fact: SightFact): { kind: SightKind; km: number | null } {
  const [kind, km] = fact.split(' ') as [SightKind, string | undefined];
  return { kind, km: km === undefined ? null : Number(km) };
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The point `km` away from `from` on the bearing (degrees from north), rounded to ~1 m. */
export function pointAt(
  from: { latitude: number; longitude: number },
  km: number,
  bearing: number,
): { latitude: number; longitude: number } {
  const angle = km / 6371;
  const lat1 = toRadians(from.latitude);
  const lon1 = toRadians(from.longitude);
  const theta = toRadians(bearing);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta),
  );
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  const longitude = ((toDegrees(lon2) + 540) % 360) - 180;
  return {
    latitude: Math.round(toDegrees(lat2) * 1e5) / 1e5,
    longitude: Math.round(longitude * 1e5) / 1e5,
  };
}

/**
 * The sights a place is known for (the curated destination's highlights, or what every city
 * has), each with its kind from the data and one position: in town or at the stated distance
 * from the place's centre, on a bearing fixed by the place and the sight. Every distance shown
 * anywhere (a hotel's nearby list, its highlights, its description) is measured to this point.
 */
export function sightsAround(place: Place): PlacedSight[] {
  const destination = curatedDestinationOf(place);
  const facts = destination ? curatedSightFacts[destination.airport] : undefined;
  const entries: [string, SightFact][] =
    destination && facts
      ? destination.highlights.map((name, index) => [name, facts[index] ?? 'landmark'])
      : everyCitySights(place);
  const key = placeKeyOf(place);
  return entries.map(([name, fact]) => {
    const { kind, km } = parseFact(fact);
    const distance = km ?? between(IN_TOWN_KM.min, IN_TOWN_KM.max, key, name, 'distance');
    const position = pointAt(place, distance, between(0, 360, key, name, 'bearing'));
    return { name, kind, label: sightKindLabels[kind], ...position };
  });
}

/** The names of a place's sights, usable as `{highlight}`. */
export function sightsOf(place: Place): readonly string[] {
  return sightsAround(place).map((sight) => sight.name);
}

/** Kilometres from a point to a sight. */
export function kmTo(
  from: { latitude: number; longitude: number },
  sight: { latitude: number; longitude: number },
): number {
  return greatCircleKm(from, sight);
}

/**
 * A distance as every generated text shows it: '450 m' under a kilometre (to 50 m), '2.3 km'
 * under ten, '24 km' beyond. One formatter, so the same distance always reads the same.
 */
export function formatDistance(km: number): string {
  if (km < 0.95) return `${Math.max(50, Math.round((km * 1000) / 50) * 50)} m`;
  if (km < 9.95) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}
