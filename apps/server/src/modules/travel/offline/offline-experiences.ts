import { experienceTypes, type ExperienceType } from '@vowa/shared/travel/travel-constants';
import {
  formatFlightDuration,
  minutesToClock,
  clockToMinutes,
} from '@vowa/shared/travel/travel-rules';
import type { ExperienceQuery, Place, ProviderExperience } from '../travel-provider';
import { experienceProviders, experienceTemplates } from './data/experience-content';
import { streetAddress } from './data/hotel-content';
import {
  costOfLivingFactor,
  dayNumberOf,
  driftFactor,
  quoteValidUntil,
  roundEuros,
} from './fare-model';
import { curatedDestinationOf, placeNamed } from './destination-places';
import { fillTemplate } from './offline-hotels';
import { between, integerBetween, pickOf, seedOf } from './seeded-random';
import { placeKeyOf, sightsAround } from './sights';

const ID_PREFIX = 'off-x';

/** "2h 30m" for schedules and durations. */
const durationText = formatFlightDuration;

function buildExperience(
  place: Place,
  type: ExperienceType,
  templateIndex: number,
  quotedAt: Date,
): ProviderExperience | null {
  const template = experienceTemplates[type][templateIndex];
  if (!template) return null;
  const key = `${placeKeyOf(place)}-${type}-${templateIndex}`;
  // The experience is held at the sight it names, at the sight's one position.
  const sight = pickOf(sightsAround(place), key, 'sight');
  const highlight = sight.name;
  const values = { city: place.name, country: place.country, highlight };
  const fill = (text: string) => fillTemplate(text, values);
  const runners = experienceProviders.filter((candidate) => candidate.types.includes(type));
  const provider = pickOf(runners.length > 0 ? runners : experienceProviders, key, 'provider');
  const start = clockToMinutes(
    pickOf(['09:00', '09:30', '10:00', '11:00', '14:00', '18:30'], key, 'start'),
  );
  const quoteDay = dayNumberOf(quotedAt);
  const price = roundEuros(
    template.basePriceEur * costOfLivingFactor(place.countryCode) * driftFactor(key, quoteDay),
  );
  return {
    // The place travels in the id so details can be rebuilt from it alone.
    id: [ID_PREFIX, place.countryCode, encodeURIComponent(place.name), type, templateIndex].join(
      '|',
    ),
    name: fill(template.name),
    type,
    category: template.category,
    rating: Math.round(between(4.2, 4.95, key, 'rating') * 10) / 10,
    reviewCount: integerBetween(40, 3_200, key, 'reviews'),
    price,
    currency: 'EUR',
    duration: durationText(template.durationMinutes),
    groupSize: { ...template.groupSize },
    ageRestriction: template.ageRestriction,
    location: {
      name: highlight,
      address: streetAddress(place.countryCode, integerBetween(1, 120, key, 'number'), seedOf(key)),
      city: place.name,
      countryCode: place.countryCode,
      coordinates: { latitude: sight.latitude, longitude: sight.longitude },
    },
    images: [`/artwork/travel/experience-${type}.svg`],
    description: fill(template.description),
    highlights: template.highlights.map(fill),
    included: [...template.included],
    notIncluded: [...template.notIncluded],
    schedule: template.schedule.map((step) => ({
      time: minutesToClock((start + step.offsetMinutes) % (24 * 60)),
      activity: fill(step.activity),
      duration: durationText(step.durationMinutes),
    })),
    meetingPoint: fill(template.meetingPoint),
    cancellationPolicy: template.cancellationPolicy,
    provider: {
      name: fillTemplate(provider.name, values),
      rating: Math.round(between(4.3, 4.95, key, 'provider-rating') * 10) / 10,
      verified: provider.verified,
      contact: null,
    },
    availability: template.availability,
    languages: [...template.languages],
    difficulty: template.difficulty,
    tags: [...template.tags],
    bookingLink: null,
    validUntil: quoteValidUntil(key, quotedAt),
  };
}

/** The offline provider's experiences in a place: one or two of each type, best rated first. */
export function searchOfflineExperiences(
  query: ExperienceQuery,
  quotedAt: Date,
): ProviderExperience[] {
  const key = placeKeyOf(query.place);
  const types = query.type ? [query.type] : experienceTypes;
  const category = curatedDestinationOf(query.place)?.category;
  const found: ProviderExperience[] = [];
  for (const type of types) {
    // Only what the place suits: no scuba diving from Prague. Indexes stay those of the full
    // list, because they travel in the ids.
    const fitting = experienceTemplates[type]
      .map((template, index) => ({ template, index }))
      .filter(
        ({ template }) =>
          template.suitedTo === null ||
          (category !== undefined && template.suitedTo.includes(category)),
      );
    if (fitting.length === 0) continue;
    const count = query.type ? fitting.length : integerBetween(1, 2, key, type);
    const first = integerBetween(0, fitting.length - 1, key, type, 'first');
    for (let offset = 0; offset < Math.min(count, fitting.length); offset += 1) {
      const chosen = fitting[(first + offset) % fitting.length]!;
      const experience = buildExperience(query.place, type, chosen.index, quotedAt);
      if (experience) found.push(experience);
    }
  }
  return found.sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name));
}

/** Rebuilds one experience from its id; null for an id this provider never gave out. */
export function offlineExperienceDetails(id: string, quotedAt: Date): ProviderExperience | null {
  const [prefix, countryCode, encodedName, type, index] = id.split('|');
  if (prefix !== ID_PREFIX || !countryCode || !encodedName || !type || index === undefined)
    return null;
  if (!(experienceTypes as readonly string[]).includes(type) || !/^\d+$/.test(index)) return null;
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    return null;
  }
  const place = placeNamed(name, countryCode);
  if (!place) return null;
  return buildExperience(place, type as ExperienceType, Number(index), quotedAt);
}
