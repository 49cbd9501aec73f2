/** Hotel tiers, cheapest first; brands, amenities, services and policies are keyed by them. */
export const hotelTiers = ['budget', 'midscale', 'upscale', 'luxury'] as const;
export type HotelTier = (typeof hotelTiers)[number];

/**
 * A hotel brand the engine names generated hotels after. Every brand is invented: the offline
 * inventory's details (rates, addresses, phone numbers, reviews) are generated, and a real
 * chain's name must never be attached to them (`realHotelBrands` lists the ones to avoid).
 * `pattern` is how the brand's hotels are named, with `{city}` (e.g. 'Larkspur {city}').
 */
export type HotelBrand = {
  name: string;
  stars: 3 | 4 | 5;
  tier: HotelTier;
  pattern: string;
};

/** The placeholders hotel text may use; the engine fills every one of them. */
export const hotelPlaceholders = [
  'name',
  'city',
  'country',
  'place',
  'stars',
  'highlight',
  'distance',
] as const;

/** Invented hotel brands by tier, with their usual star rating. */
// prettier-ignore
export const hotelBrands: readonly HotelBrand[] = [
  { name: 'Nook Hotels', stars: 3, tier: 'budget', pattern: 'Nook {city} Centre' },
  { name: 'Kipstay', stars: 3, tier: 'budget', pattern: 'Kipstay {city}' },
  { name: 'Hopscotch Rooms', stars: 3, tier: 'budget', pattern: 'Hopscotch Rooms {city}' },
  { name: 'Brightbunk', stars: 3, tier: 'budget', pattern: 'Brightbunk {city} City' },
  { name: 'Pebblestay', stars: 3, tier: 'budget', pattern: 'Pebblestay {city}' },
  { name: 'Wayrest Inns', stars: 3, tier: 'budget', pattern: 'Wayrest Inn {city}' },
  { name: 'Larkspur Hotels', stars: 4, tier: 'midscale', pattern: 'Larkspur {city}' },
  { name: 'Bellwether', stars: 4, tier: 'midscale', pattern: 'Bellwether Hotel {city}' },
  { name: 'Halcyon Court', stars: 4, tier: 'midscale', pattern: 'Halcyon Court {city}' },
  { name: 'Tidewater Hotels', stars: 4, tier: 'midscale', pattern: 'Tidewater Hotel {city}' },
  { name: 'Copperleaf', stars: 4, tier: 'midscale', pattern: 'Copperleaf {city} Centre' },
  { name: 'Quillon Hotels', stars: 4, tier: 'midscale', pattern: 'Quillon {city}' },
  { name: 'Amberline', stars: 4, tier: 'midscale', pattern: 'Amberline Hotel {city}' },
  { name: 'Northlight Hotels', stars: 4, tier: 'midscale', pattern: 'Northlight {city}' },
  { name: 'Aldermoor', stars: 4, tier: 'upscale', pattern: 'Aldermoor {city}' },
  { name: 'Vantage Crest', stars: 4, tier: 'upscale', pattern: 'Vantage Crest Hotel {city}' },
  { name: 'Silverbirch', stars: 4, tier: 'upscale', pattern: 'The Silverbirch {city}' },
  { name: 'Orrery House', stars: 4, tier: 'upscale', pattern: 'Orrery House {city}' },
  { name: 'Marlowe & Finch', stars: 4, tier: 'upscale', pattern: 'Marlowe & Finch {city}' },
  { name: 'Cobalt Quay', stars: 4, tier: 'upscale', pattern: 'Cobalt Quay {city}' },
  { name: 'Harrowgate Hotels', stars: 4, tier: 'upscale', pattern: 'Harrowgate {city}' },
  { name: 'Esterel Collection', stars: 5, tier: 'upscale', pattern: 'Esterel {city}' },
  { name: 'The Aurelian', stars: 5, tier: 'luxury', pattern: 'The Aurelian {city}' },
  { name: 'Solenne', stars: 5, tier: 'luxury', pattern: 'Solenne {city}' },
  { name: 'Ivory Lantern', stars: 5, tier: 'luxury', pattern: 'Ivory Lantern {city}' },
  { name: 'Maison Verrier', stars: 5, tier: 'luxury', pattern: 'Maison Verrier {city}' },
  { name: 'Celestine Palace', stars: 5, tier: 'luxury', pattern: 'Celestine Palace {city}' },
  { name: 'Halden & Vane', stars: 5, tier: 'luxury', pattern: 'Halden & Vane {city}' },
  { name: 'Opaline', stars: 5, tier: 'luxury', pattern: 'The Opaline {city}' },
  { name: 'Saffron Terrace', stars: 5, tier: 'luxury', pattern: 'Saffron Terrace {city}' },
  { name: 'Belvane', stars: 5, tier: 'luxury', pattern: 'Belvane {city}' },
  { name: 'Wrenfield Reserve', stars: 5, tier: 'luxury', pattern: 'Wrenfield Reserve {city}' },
];

/**
 * Name patterns for independent (unbranded) hotels, with `{city}`: invented names, deliberately
 * language-neutral so they read naturally in any destination, and unlike the names of famous
 * real hotels ("Grand Hotel Stockholm", "Park Hotel Tokyo").
 */
export const independentHotelNames: readonly string[] = [
  '{city} Lantern House',
  'Hotel Amberly {city}',
  'The Wren {city}',
  'Hotel Linnea {city}',
  'The Marigold {city}',
  '{city} Juniper Hotel',
  'Hotel Solstice {city}',
  'The Quiet Heron {city}',
  '{city} Garden Rooms',
  'Hotel Calloway {city}',
  'The Fernleigh {city}',
  '{city} Little Compass Hotel',
  'Hotel Tamsin {city}',
];

/**
 * Facilities a hotel of each tier may list; each tier's list is complete on its own (not
 * cumulative), so the engine can draw a subset from it directly.
 */
export const amenitiesByTier: Readonly<Record<HotelTier, readonly string[]>> = {
  budget: [
    'Free Wi-Fi',
    '24-hour front desk',
    'Air conditioning',
    'Breakfast available',
    'Non-smoking rooms',
    'Elevator',
    'Bar',
    'Parking',
    'Laundry',
  ],
  midscale: [
    'Free Wi-Fi',
    '24-hour front desk',
    'Air conditioning',
    'Breakfast available',
    'Non-smoking rooms',
    'Elevator',
    'Restaurant',
    'Bar',
    'Fitness center',
    'Parking',
    'Laundry',
    'Business center',
    'Meeting rooms',
    'Family rooms',
  ],
  upscale: [
    'Free Wi-Fi',
    '24-hour front desk',
    'Air conditioning',
    'Breakfast available',
    'Non-smoking rooms',
    'Restaurant',
    'Bar',
    'Room service',
    'Fitness center',
    'Indoor pool',
    'Outdoor pool',
    'Spa',
    'Sauna',
    'Concierge',
    'Business center',
    'Meeting rooms',
    'Executive lounge',
    'Airport shuttle',
    'Parking',
    'Laundry',
    'Accessible rooms',
  ],
  luxury: [
    'Free Wi-Fi',
    '24-hour front desk',
    'Air conditioning',
    'Breakfast available',
    'Fine-dining restaurant',
    'Restaurant',
    'Bar',
    'Rooftop terrace',
    '24-hour room service',
    'Fitness center',
    'Indoor pool',
    'Outdoor pool',
    'Spa',
    'Sauna',
    'Steam room',
    'Concierge',
    'Business center',
    'Meeting rooms',
    'Executive lounge',
    'Airport shuttle',
    'Valet parking',
    'Laundry',
    'Accessible rooms',
  ],
};

/** Guest services a hotel of each tier may list; complete per tier, like `amenitiesByTier`. */
export const servicesByTier: Readonly<Record<HotelTier, readonly string[]>> = {
  budget: [
    'Luggage storage',
    'Express check-in/check-out',
    'Wake-up service',
    'Daily housekeeping',
    'Ticket service',
  ],
  midscale: [
    'Luggage storage',
    'Express check-in/check-out',
    'Wake-up service',
    'Daily housekeeping',
    'Ironing service',
    'Laundry service',
    'Tour desk',
    'Ticket service',
    'Car rental desk',
  ],
  upscale: [
    'Luggage storage',
    'Express check-in/check-out',
    'Daily housekeeping',
    'Laundry service',
    'Dry cleaning',
    'Currency exchange',
    'Concierge service',
    'Tour desk',
    'Valet parking',
    'Babysitting',
    'Airport transfers',
    'Business services',
  ],
  luxury: [
    'Luggage storage',
    'Private check-in/check-out',
    'Twice-daily housekeeping',
    'Turndown service',
    'Laundry service',
    'Dry cleaning',
    'Currency exchange',
    'Concierge service',
    'Butler service',
    'Valet parking',
    'Babysitting',
    'Limousine service',
    'Personal shopper',
    'Multilingual staff',
  ],
};

/**
 * Hotel description paragraphs, with `{name}`, `{city}`, `{country}`, `{place}` (the city and
 * its country, the country left out when it is the city: 'Singapore'), `{stars}` (a number),
 * `{highlight}` (one of the destination's sights) and `{distance}` (how far the hotel is from it,
 * the same figure its nearby list shows). None calls a sight close without saying how far.
 */
export const hotelDescriptionTemplates: readonly string[] = [
  '{name} is a {stars}-star hotel in {city}, {distance} from {highlight}. Rooms are quiet and comfortably furnished, and the front desk is happy to help plan a day out.',
  'Set in {city}, {name} is a practical base for exploring {country}. {highlight} is {distance} away, and breakfast is served every morning.',
  'Guests choose {name} for its location and friendly service. The {stars}-star property has well-kept rooms with free Wi-Fi, and {highlight} is {distance} away.',
  'This {stars}-star hotel pairs modern rooms with a relaxed atmosphere. From {name}, {highlight} is {distance} away, and the rest of {city} is easy to reach by public transport.',
  'Popular with leisure and business travellers alike, {name} sits {distance} from {highlight}. After a day out in {city}, guests can unwind in the lounge or rest in a spacious room.',
  '{name} offers comfortable accommodation in {place}. It is well placed for sightseeing, {distance} from {highlight}, with plenty of places to eat in the surrounding streets.',
  'Whether the stay in {city} is a weekend or a fortnight, {name} has rooms to suit. The {stars}-star hotel is {distance} from {highlight}.',
  'Bright rooms, attentive staff and a good address make {name} a reliable choice in {city}, {distance} from {highlight}.',
];

/**
 * Short selling points shown as a hotel's highlights, with the description placeholders
 * (`{distance}` reads '450 m', '1.2 km' or '24 km'). None assumes a facility a budget hotel may
 * lack; 'Walking distance to {highlight}' is only used within 1.5 km.
 */
export const hotelHighlightTemplates: readonly string[] = [
  '{distance} from {highlight}',
  'Walking distance to {highlight}',
  'Central location in {city}',
  'Rated for its breakfast',
  'Free Wi-Fi throughout',
  'Quiet, soundproofed rooms',
  'Friendly, multilingual staff',
  'Well connected by public transport',
  'Good value for a {stars}-star stay',
  'Highly rated for cleanliness',
  'Comfortable beds and blackout curtains',
  'Family rooms available',
  'Popular with couples visiting {city}',
  'Restaurants and cafés on the doorstep',
  'Easy base for day trips around {country}',
];

/** The cancellation policy text of each tier's standard flexible rate. */
export const cancellationPolicies: Readonly<Record<HotelTier, string>> = {
  budget:
    'Free cancellation until 18:00 local time on the day before arrival. Later cancellations and no-shows are charged the first night.',
  midscale:
    'Free cancellation up to 24 hours before check-in. Later cancellations and no-shows are charged the first night.',
  upscale:
    'Free cancellation up to 48 hours before check-in. Later cancellations and no-shows are charged one night including taxes.',
  luxury:
    'Free cancellation up to 72 hours before arrival. Later cancellations and no-shows are charged the first night; some peak dates require a deposit.',
};

/** Pet policy texts a hotel may have; none names a price, since prices are in the shown currency. */
export const petPolicies: readonly string[] = [
  'Pets are not allowed.',
  'Pets are not allowed. Assistance animals are welcome.',
  'Pets are allowed on request. Charges may apply.',
  'Small dogs and cats are welcome on request for an extra cleaning fee.',
  'Pets are allowed free of charge.',
  'Dogs up to 10 kg are welcome in selected rooms; please tell the hotel before arrival.',
];

// Street-name patterns by country (ISO 3166-1 alpha-2), `{n}` being the house number. Names are
// ones found in many towns of the country, so they suit any city there.
const englishStreets = [
  '{n} High Street',
  '{n} Station Road',
  '{n} Church Street',
  '{n} King Street',
  '{n} Queen Street',
  '{n} Victoria Road',
];
const frenchStreets = [
  '{n} Rue de la République',
  '{n} Avenue Victor Hugo',
  '{n} Boulevard Gambetta',
  '{n} Rue Nationale',
  '{n} Place de la Gare',
  '{n} Rue du Général de Gaulle',
];
const germanStreets = [
  'Hauptstraße {n}',
  'Bahnhofstraße {n}',
  'Schillerstraße {n}',
  'Goethestraße {n}',
  'Marktplatz {n}',
  'Kaiserstraße {n}',
];
const spanishStreets = [
  'Calle Mayor, {n}',
  'Calle Real, {n}',
  'Avenida de la Constitución, {n}',
  'Plaza Mayor, {n}',
  'Calle del Sol, {n}',
];
const latinAmericanStreets = [
  'Avenida Independencia {n}',
  'Calle Bolívar {n}',
  'Avenida San Martín {n}',
  'Calle Sucre {n}',
  'Avenida del Libertador {n}',
  'Calle Real {n}',
];
const arabicFrenchStreets = [
  '{n} Avenue Mohammed V',
  '{n} Boulevard Hassan II',
  '{n} Rue Ibn Batouta',
];

// prettier-ignore
const streetPatterns: Readonly<Record<string, readonly string[]>> = {
  GB: englishStreets,
  IE: ['{n} Main Street', "{n} O'Connell Street", '{n} Church Street', '{n} Bridge Street'],
  US: ['{n} Main Street', '{n} Market Street', '{n} Broadway', '{n} Washington Avenue', '{n} Park Avenue', '{n} Elm Street'],
  CA: ['{n} King Street', '{n} Queen Street', '{n} Main Street', '{n} Wellington Street'],
  AU: ['{n} George Street', '{n} Queen Street', '{n} Elizabeth Street', '{n} King Street', '{n} Beach Road'],
  NZ: ['{n} Queen Street', '{n} Victoria Street', '{n} Beach Road', '{n} High Street'],
  ZA: ['{n} Long Street', '{n} Main Road', '{n} Church Street', '{n} Jan Smuts Avenue'],
  FR: frenchStreets,
  MC: frenchStreets,
  BE: ['Rue Royale {n}', 'Rue de la Station {n}', 'Stationsstraat {n}', 'Kerkstraat {n}'],
  LU: ['{n} Avenue de la Gare', '{n} Grand-Rue', '{n} Boulevard Royal'],
  CH: ['Bahnhofstrasse {n}', 'Hauptstrasse {n}', 'Seestrasse {n}', 'Rue du Rhône {n}'],
  DE: germanStreets,
  AT: germanStreets,
  NL: ['Stationsweg {n}', 'Kerkstraat {n}', 'Dorpsstraat {n}', 'Marktplein {n}'],
  ES: spanishStreets,
  PT: ['Rua Direita, {n}', 'Avenida da República, {n}', 'Rua de Santo António, {n}', 'Praça da Liberdade, {n}'],
  BR: ['Rua XV de Novembro, {n}', 'Avenida Brasil, {n}', 'Rua Sete de Setembro, {n}', 'Avenida Getúlio Vargas, {n}'],
  IT: ['Via Roma, {n}', 'Via Garibaldi, {n}', 'Corso Vittorio Emanuele II, {n}', 'Via Mazzini, {n}', 'Piazza Cavour, {n}', 'Via Dante, {n}'],
  GR: ['Ermou {n}', 'Eleftheriou Venizelou {n}', 'Agiou Georgiou {n}', 'Leoforos Dimokratias {n}'],
  CY: ['Archbishop Makarios III Avenue {n}', 'Ermou {n}', 'Athinon Avenue {n}'],
  PL: ['ul. Długa {n}', 'ul. Mickiewicza {n}', 'ul. Kościuszki {n}', 'ul. Piłsudskiego {n}'],
  CZ: ['Masarykova {n}', 'Husova {n}', 'Palackého {n}', 'Nádražní {n}'],
  HU: ['Kossuth Lajos utca {n}', 'Petőfi Sándor utca {n}', 'Rákóczi út {n}', 'Dózsa György út {n}'],
  SE: ['Drottninggatan {n}', 'Storgatan {n}', 'Kungsgatan {n}', 'Järnvägsgatan {n}'],
  NO: ['Storgata {n}', 'Kongens gate {n}', 'Strandgaten {n}', 'Torggata {n}'],
  DK: ['Vestergade {n}', 'Østergade {n}', 'Nørregade {n}', 'Strandvejen {n}'],
  FI: ['Kauppakatu {n}', 'Rautatienkatu {n}', 'Hallituskatu {n}', 'Koskikatu {n}'],
  IS: ['Laugavegur {n}', 'Hafnarstræti {n}', 'Skólavörðustígur {n}'],
  TR: ['Atatürk Caddesi No: {n}', 'Cumhuriyet Caddesi No: {n}', 'İnönü Caddesi No: {n}'],
  MX: ['Avenida Juárez {n}', 'Calle Hidalgo {n}', 'Calle Morelos {n}', 'Avenida Independencia {n}'],
  AR: latinAmericanStreets,
  BO: latinAmericanStreets,
  CL: latinAmericanStreets,
  CO: latinAmericanStreets,
  CR: latinAmericanStreets,
  CU: latinAmericanStreets,
  DO: latinAmericanStreets,
  EC: latinAmericanStreets,
  GT: latinAmericanStreets,
  HN: latinAmericanStreets,
  PA: latinAmericanStreets,
  PE: latinAmericanStreets,
  PR: latinAmericanStreets,
  UY: latinAmericanStreets,
  KR: ['{n} Jungang-ro', '{n} Jungang-daero', '{n} Haean-ro'],
  CN: ['{n} Renmin Road', '{n} Zhongshan Road', '{n} Jiefang Road', '{n} Jianshe Road'],
  HK: ['{n} Nathan Road', "{n} Queen's Road Central", '{n} Des Voeux Road Central'],
  MO: ['{n} Avenida de Almeida Ribeiro', '{n} Rua do Campo'],
  TW: ['No. {n}, Zhongshan Road', 'No. {n}, Minsheng Road', 'No. {n}, Zhongzheng Road'],
  TH: ['{n} Ratchadamnoen Road', '{n} Charoen Rat Road', '{n} Beach Road'],
  VN: ['{n} Lê Lợi', '{n} Trần Hưng Đạo', '{n} Hai Bà Trưng', '{n} Nguyễn Huệ'],
  ID: ['Jl. Jenderal Sudirman No. {n}', 'Jl. Diponegoro No. {n}', 'Jl. Gajah Mada No. {n}'],
  MY: ['{n} Jalan Besar', '{n} Jalan Merdeka', '{n} Jalan Sultan'],
  SG: ['{n} Orchard Road', '{n} Beach Road', '{n} Victoria Street'],
  PH: ['{n} Rizal Avenue', '{n} Mabini Street', '{n} Bonifacio Street', '{n} Del Pilar Street'],
  IN: ['{n} MG Road', '{n} Station Road', '{n} Nehru Road', '{n} Gandhi Marg'],
  AE: ['{n} Sheikh Zayed Road', '{n} Al Wasl Road', '{n} Corniche Road'],
  MA: arabicFrenchStreets,
  TN: ['{n} Avenue Habib Bourguiba', '{n} Avenue de la Liberté', '{n} Rue de Rome'],
  EG: ['{n} Corniche El Nil', '{n} Tahrir Street', '{n} El Gomhoreya Street'],
  IL: ['{n} Herzl Street', '{n} Ben Yehuda Street', '{n} Allenby Street'],
};

const defaultStreets = [
  '{n} Central Avenue',
  '{n} Market Street',
  '{n} Park Avenue',
  '{n} Church Street',
  '{n} Station Road',
];

// Japanese addresses read chōme-block-building then district; these districts exist in most cities.
const japaneseDistricts = ['Chūō', 'Honchō', 'Motomachi', 'Sakaemachi', 'Ekimae'];

/**
 * A plausible street line for a hotel in the given country (ISO alpha-2, any case): `n` is the
 * house number, `seed` picks the street. Deterministic; unknown countries get English-style
 * generic names. Japan uses the chōme-ban-gō form ('2-14-5 Chūō').
 */
export function streetAddress(countryCode: string, n: number, seed: number): string {
  const number = Math.max(1, Math.floor(Math.abs(n)));
  const index = Math.floor(Math.abs(seed));
  const code = countryCode.toUpperCase();
  if (code === 'JP') {
    const district = japaneseDistricts[index % japaneseDistricts.length] ?? 'Chūō';
    const chome = (index % 4) + 1;
    const block = ((number - 1) % 30) + 1;
    const building = ((number + index) % 15) + 1;
    return `${chome}-${block}-${building} ${district}`;
  }
  const patterns = streetPatterns[code] ?? defaultStreets;
  const pattern = patterns[index % patterns.length] ?? '{n} Central Avenue';
  return pattern.replace('{n}', String(number));
}
