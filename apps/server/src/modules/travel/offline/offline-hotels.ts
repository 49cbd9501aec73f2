import { getCountryData, type TCountryCode } from 'countries-list';
import {
  HOTEL_DEFAULTS,
  ROOM_SURCHARGE,
  roomTypes as allRoomTypes,
  type RoomType,
} from '@vowa/shared/travel/travel-constants';
import {
  daysBetween,
  requotedHotelSubtotal,
  type HotelChange,
} from '@vowa/shared/travel/travel-rules';
import { addressRegion } from '../geo/places';
import type { HotelQuery, Place, ProviderHotel } from '../travel-provider';
import {
  amenitiesByTier,
  cancellationPolicies,
  hotelBrands,
  hotelDescriptionTemplates,
  hotelHighlightTemplates,
  independentHotelNames,
  petPolicies,
  servicesByTier,
  streetAddress,
} from './data/hotel-content';
import { placeLabel } from '@vowa/shared/travel/place-names';
import {
  costOfLivingFactor,
  dayNumberOf,
  driftFactor,
  endOfQuoteDay,
  flashSaleFactor,
  quoteValidUntil,
  hotelTaxRate,
  roundCents,
  roundEuros,
  seasonFactor,
} from './fare-model';
import { between, integerBetween, pickOf, sampleOf, seedOf } from './seeded-random';
import { formatDistance, kmTo, placeKeyOf, sightsAround, sightsOf } from './sights';

export { placeKeyOf, sightsOf };

type Tier = (typeof hotelBrands)[number]['tier'];

/** The tiers of the hotels a city has, from a hostel-priced budget chain up to luxury. */
const CITY_TIERS: readonly Tier[] = [
  'budget',
  'midscale',
  'midscale',
  'upscale',
  'upscale',
  'luxury',
];
const INDEPENDENT_STARS = [3, 4] as const;
const BASE_NIGHTLY_EUR: Record<number, number> = { 1: 55, 2: 70, 3: 105, 4: 165, 5: 310 };
const HOTEL_IMAGES = [1, 2, 3, 4].map((n) => `/artwork/travel/hotel-${n}.svg`);

/** Fills {placeholders}; anything not given is dropped rather than shown in braces. */
export function fillTemplate(text: string, values: Record<string, string | number>): string {
  return text
    .replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''))
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** How far a sight may be to be listed among a hotel's nearby attractions (km). */
const NEARBY_KM = 30;
/** How far a sight may be for a hotel's description to be written around it (km). */
const HIGHLIGHT_KM = 10;
/** How far counts as walking distance (km). */
const WALKING_KM = 1.5;

function phoneOf(place: Place, seed: number): string {
  let code = '';
  try {
    code = String(getCountryData(place.countryCode as TCountryCode)?.phone[0] ?? '');
  } catch {
    code = '';
  }
  const digits = String(1_000_000 + (seed % 9_000_000)).padStart(7, '0');
  return `${code ? `+${code} ` : ''}${String(20 + (seed % 79))} ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

type HotelProfile = {
  hotelId: string;
  name: string;
  brand: string | null;
  stars: number;
  tier: Tier;
  index: number;
};

/** The hotels of a place: the same ones every day, six chains and two independents. */
function hotelsOfPlace(place: Place): HotelProfile[] {
  const key = placeKeyOf(place);
  const names = new Set<string>();
  const profiles: HotelProfile[] = [];
  const used = new Set<string>();
  CITY_TIERS.forEach((tier, index) => {
    // A brand has one hotel per city: two tiers' picks never land on the same brand.
    const candidates = hotelBrands.filter((brand) => brand.tier === tier && !used.has(brand.name));
    const brand = pickOf(candidates.length > 0 ? candidates : hotelBrands, key, 'brand', index);
    used.add(brand.name);
    let name = fillTemplate(brand.pattern, { city: place.name });
    if (names.has(name))
      name = `${name} ${pickOf(['Centre', 'Airport', 'Riverside', 'Old Town'], key, index)}`;
    names.add(name);
    profiles.push({
      hotelId: `off-h-${key}-${index}`,
      name,
      brand: brand.name,
      stars: brand.stars,
      tier,
      index,
    });
  });
  INDEPENDENT_STARS.forEach((stars, offset) => {
    const index = CITY_TIERS.length + offset;
    const name = fillTemplate(pickOf(independentHotelNames, key, 'independent', offset), {
      city: place.name,
    });
    if (names.has(name)) return;
    names.add(name);
    profiles.push({
      hotelId: `off-h-${key}-${index}`,
      name,
      brand: null,
      stars,
      tier: stars >= 4 ? 'upscale' : 'midscale',
      index,
    });
  });
  return profiles;
}

function roomTypesFor(stars: number): RoomType[] {
  if (stars >= 4) return [...allRoomTypes];
  if (stars === 3) return allRoomTypes.slice(0, 3);
  return allRoomTypes.slice(0, 2);
}

/** The room rate (standard room, per night, before taxes) today and its market reference. */
function nightlyRates(profile: HotelProfile, place: Place, checkIn: string, quoteDay: number) {
  const reference =
    (BASE_NIGHTLY_EUR[profile.stars] ?? 120) *
    costOfLivingFactor(place.countryCode) *
    seasonFactor(checkIn, place.latitude) *
    between(0.9, 1.15, profile.hotelId, 'rate');
  const today =
    reference * driftFactor(profile.hotelId, quoteDay) * flashSaleFactor(profile.hotelId, quoteDay);
  return { today: roundEuros(today), reference: roundEuros(reference) };
}

function stayPrice(nightly: number, roomType: RoomType, nights: number, taxRate: number) {
  const subtotal = (nightly + ROOM_SURCHARGE[roomType]) * nights;
  const taxesAndFees = roundCents(subtotal * taxRate);
  return { subtotal, taxesAndFees, price: roundCents(subtotal + taxesAndFees) };
}

function buildHotel(
  profile: HotelProfile,
  place: Place,
  stay: { checkIn: string; checkOut: string; nights: number; roomType: RoomType },
  nightly: { today: number; reference: number },
  quotedAt: Date,
): ProviderHotel {
  const seed = seedOf(profile.hotelId);
  const taxRate = hotelTaxRate(place.countryCode);
  const { taxesAndFees, price } = stayPrice(nightly.today, stay.roomType, stay.nights, taxRate);
  const reference = stayPrice(nightly.reference, stay.roomType, stay.nights, taxRate).price;
  const coordinates = {
    latitude:
      Math.round((place.latitude + between(-0.02, 0.02, profile.hotelId, 'lat')) * 1e5) / 1e5,
    longitude:
      Math.round((place.longitude + between(-0.02, 0.02, profile.hotelId, 'lng')) * 1e5) / 1e5,
  };
  // Every distance below is measured once, from the hotel to the sight's one position, so the
  // nearby list, the highlights and the description always agree.
  const sights = sightsAround(place)
    .map((sight) => ({ ...sight, km: kmTo(coordinates, sight) }))
    .sort((a, b) => a.km - b.km);
  const close = sights.filter((sight) => sight.km <= HIGHLIGHT_KM);
  const highlight = close.length > 0 ? pickOf(close, profile.hotelId, 'sight') : sights[0]!;
  const values = {
    name: profile.name,
    city: place.name,
    country: place.country,
    place: placeLabel([place.name, place.country]),
    stars: profile.stars,
    highlight: highlight.name,
    distance: formatDistance(highlight.km),
  };
  const highlightTemplates = hotelHighlightTemplates.filter(
    (text) => highlight.km <= WALKING_KM || !text.startsWith('Walking distance'),
  );
  const zipCode = ['US', 'FR', 'DE', 'ES', 'IT', 'MX', 'TH'].includes(place.countryCode)
    ? String(10_000 + (seed % 89_999))
    : null;
  return {
    id: `${profile.hotelId}|${stay.checkIn}|${stay.checkOut}|${stay.nights}|${stay.roomType}|${dayNumberOf(quotedAt)}`,
    name: profile.name,
    brand: profile.brand,
    rating: profile.stars,
    reviewScore: Math.min(
      4.9,
      Math.round((between(3.5, 4.1, profile.hotelId, 'score') + profile.stars * 0.14) * 10) / 10,
    ),
    reviewCount: integerBetween(80, 4_800, profile.hotelId, 'reviews'),
    address: {
      street: streetAddress(
        place.countryCode,
        integerBetween(1, 180, profile.hotelId, 'number'),
        seed,
      ),
      city: place.name,
      // Only where postal addresses name a region (a state, a province), and never the city again.
      state: addressRegion(place.countryCode, place.name, place.state),
      country: place.country,
      countryCode: place.countryCode,
      zipCode,
    },
    coordinates,
    images: [...HOTEL_IMAGES.slice(profile.index % 4), ...HOTEL_IMAGES.slice(0, profile.index % 4)],
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: stay.nights,
    roomType: stay.roomType,
    roomTypes: roomTypesFor(profile.stars),
    pricePerNight: nightly.today + ROOM_SURCHARGE[stay.roomType],
    taxesAndFees,
    price,
    currency: 'EUR',
    amenities: [...amenitiesByTier[profile.tier]],
    services: [...servicesByTier[profile.tier]],
    policies: {
      checkIn: `From ${HOTEL_DEFAULTS.checkInTime}`,
      checkOut: `Until ${HOTEL_DEFAULTS.checkOutTime}`,
      cancellation: cancellationPolicies[profile.tier],
      pets: pickOf(petPolicies, profile.hotelId, 'pets'),
    },
    contact: { phone: phoneOf(place, seed), email: null, website: null },
    description: fillTemplate(
      pickOf(hotelDescriptionTemplates, profile.hotelId, 'description'),
      values,
    ),
    highlights: sampleOf(highlightTemplates, 4, profile.hotelId, 'highlights').map((text) =>
      fillTemplate(text, values),
    ),
    nearbyAttractions: sights
      .filter((sight) => sight.km <= NEARBY_KM)
      .map((sight) => ({
        name: sight.name,
        distance: formatDistance(sight.km),
        type: sight.label,
      })),
    validUntil: quoteValidUntil(profile.hotelId, quotedAt),
    referencePrice: reference,
    taxRate,
  };
}

/** The offline provider's hotels for a stay, cheapest first. */
export function searchOfflineHotels(query: HotelQuery, quotedAt: Date): ProviderHotel[] {
  const nights = daysBetween(query.checkIn, query.checkOut);
  if (nights < 1) return [];
  const quoteDay = dayNumberOf(quotedAt);
  return hotelsOfPlace(query.place)
    .filter((profile) => roomTypesFor(profile.stars).includes(query.roomType))
    .map((profile) =>
      buildHotel(
        profile,
        query.place,
        { checkIn: query.checkIn, checkOut: query.checkOut, nights, roomType: query.roomType },
        nightlyRates(profile, query.place, query.checkIn, quoteDay),
        quotedAt,
      ),
    )
    .sort((a, b) => (a.price ?? 0) - (b.price ?? 0));
}

/**
 * The same hotel with another room, dates or nights: (rate + room surcharge) × nights plus the
 * spec's check-in, check-out and nights adjustments relative to the original, then taxes.
 */
export function requoteOfflineHotel(
  original: ProviderHotel,
  change: HotelChange,
  quotedAt: Date,
): ProviderHotel | null {
  if (original.pricePerNight === null) return null;
  const standardNightly = original.pricePerNight - ROOM_SURCHARGE[original.roomType];
  const subtotal = requotedHotelSubtotal(standardNightly, original, change);
  if (subtotal === null) return null;
  const taxesAndFees = roundCents(subtotal * original.taxRate);
  const hotelId = original.id.split('|')[0] ?? original.id;
  const reference =
    original.referencePrice === null
      ? null
      : roundCents(
          (original.referencePrice / (1 + original.taxRate) / original.nights -
            ROOM_SURCHARGE[original.roomType] +
            ROOM_SURCHARGE[change.roomType]) *
            change.nights *
            (1 + original.taxRate),
        );
  return {
    ...original,
    id: `${hotelId}|${change.checkIn}|${change.checkOut}|${change.nights}|${change.roomType}|${dayNumberOf(quotedAt)}|rq`,
    checkIn: change.checkIn,
    checkOut: change.checkOut,
    nights: change.nights,
    roomType: change.roomType,
    pricePerNight: standardNightly + ROOM_SURCHARGE[change.roomType],
    taxesAndFees,
    price: roundCents(subtotal + taxesAndFees),
    validUntil: endOfQuoteDay(quotedAt),
    referencePrice: reference,
  };
}
