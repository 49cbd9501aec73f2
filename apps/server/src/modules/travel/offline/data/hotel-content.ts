/** Hotel tiers, cheapest first; brands, amenities, services and policies are keyed by them. */
export const hotelTiers = ['budget', 'midscale', 'upscale', 'luxury'] as const;
export type HotelTier = (typeof hotelTiers)[number];

/**
 * A real hotel brand the engine can name generated hotels after. `pattern` is how the brand's
 * hotels are usually named, with `{city}` (e.g. 'W {city}', '{city} Marriott Hotel').
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
  'stars',
  'highlight',
  'distance',
] as const;

/** International hotel brands by tier, with their usual star rating. */
// prettier-ignore
export const hotelBrands: readonly HotelBrand[] = [
  { name: 'ibis', stars: 3, tier: 'budget', pattern: 'ibis {city} Centre' },
  { name: 'Holiday Inn Express', stars: 3, tier: 'budget', pattern: 'Holiday Inn Express {city}' },
  { name: 'Premier Inn', stars: 3, tier: 'budget', pattern: 'Premier Inn {city} City Centre' },
  { name: 'Hampton by Hilton', stars: 3, tier: 'budget', pattern: 'Hampton by Hilton {city}' },
  { name: 'Motel One', stars: 3, tier: 'budget', pattern: 'Motel One {city}' },
  { name: 'Moxy', stars: 3, tier: 'budget', pattern: 'Moxy {city}' },
  { name: 'Novotel', stars: 4, tier: 'midscale', pattern: 'Novotel {city} Centre' },
  { name: 'Mercure', stars: 4, tier: 'midscale', pattern: 'Mercure {city} Centre' },
  { name: 'Courtyard by Marriott', stars: 4, tier: 'midscale', pattern: 'Courtyard by Marriott {city}' },
  { name: 'Holiday Inn', stars: 4, tier: 'midscale', pattern: 'Holiday Inn {city}' },
  { name: 'NH Hotels', stars: 4, tier: 'midscale', pattern: 'NH {city}' },
  { name: 'Hotel Indigo', stars: 4, tier: 'midscale', pattern: 'Hotel Indigo {city}' },
  { name: 'citizenM', stars: 4, tier: 'midscale', pattern: 'citizenM {city}' },
  { name: 'Radisson', stars: 4, tier: 'midscale', pattern: 'Radisson Hotel {city}' },
  { name: 'Hilton', stars: 4, tier: 'upscale', pattern: 'Hilton {city}' },
  { name: 'Marriott', stars: 4, tier: 'upscale', pattern: '{city} Marriott Hotel' },
  { name: 'Hyatt Regency', stars: 4, tier: 'upscale', pattern: 'Hyatt Regency {city}' },
  { name: 'Sheraton', stars: 4, tier: 'upscale', pattern: 'Sheraton {city} Hotel' },
  { name: 'Radisson Blu', stars: 4, tier: 'upscale', pattern: 'Radisson Blu Hotel, {city}' },
  { name: 'Meliá', stars: 4, tier: 'upscale', pattern: 'Meliá {city}' },
  { name: 'Pullman', stars: 4, tier: 'upscale', pattern: 'Pullman {city}' },
  { name: 'Crowne Plaza', stars: 4, tier: 'upscale', pattern: 'Crowne Plaza {city}' },
  { name: 'Renaissance', stars: 4, tier: 'upscale', pattern: 'Renaissance {city} Hotel' },
  { name: 'The Westin', stars: 5, tier: 'upscale', pattern: 'The Westin {city}' },
  { name: 'Sofitel', stars: 5, tier: 'luxury', pattern: 'Sofitel {city}' },
  { name: 'InterContinental', stars: 5, tier: 'luxury', pattern: 'InterContinental {city}' },
  { name: 'JW Marriott', stars: 5, tier: 'luxury', pattern: 'JW Marriott {city}' },
  { name: 'Conrad', stars: 5, tier: 'luxury', pattern: 'Conrad {city}' },
  { name: 'Fairmont', stars: 5, tier: 'luxury', pattern: 'Fairmont {city}' },
  { name: 'Kempinski', stars: 5, tier: 'luxury', pattern: 'Kempinski Hotel {city}' },
  { name: 'Park Hyatt', stars: 5, tier: 'luxury', pattern: 'Park Hyatt {city}' },
  { name: 'W Hotels', stars: 5, tier: 'luxury', pattern: 'W {city}' },
  { name: 'Shangri-La', stars: 5, tier: 'luxury', pattern: 'Shangri-La {city}' },
  { name: 'Four Seasons', stars: 5, tier: 'luxury', pattern: 'Four Seasons Hotel {city}' },
  { name: 'The Ritz-Carlton', stars: 5, tier: 'luxury', pattern: 'The Ritz-Carlton, {city}' },
  { name: 'Mandarin Oriental', stars: 5, tier: 'luxury', pattern: 'Mandarin Oriental, {city}' },
  { name: 'The St. Regis', stars: 5, tier: 'luxury', pattern: 'The St. Regis {city}' },
  { name: 'Waldorf Astoria', stars: 5, tier: 'luxury', pattern: 'Waldorf Astoria {city}' },
];

/**
 * Name patterns for independent (unbranded) hotels, with `{city}`. Deliberately language-neutral
 * so they read naturally in any destination.
 */
export const independentHotelNames: readonly string[] = [
  '{city} Grand Hotel',
  'Grand Hotel {city}',
  'The {city} House',
  'Hotel Central {city}',
  '{city} Boutique Hotel',
  'The {city} Inn',
  'The Residence {city}',
  '{city} Garden Hotel',
  'Park Hotel {city}',
  'Hotel Royal {city}',
  '{city} Plaza Hotel',
  'The {city} Lodge',
  'Hotel Panorama {city}',
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
 * Hotel description paragraphs, with `{name}`, `{city}`, `{country}`, `{stars}` (a number) and
 * `{highlight}` (one of the destination's sights).
 */
export const hotelDescriptionTemplates: readonly string[] = [
  '{name} is a {stars}-star hotel in {city}, a short trip from {highlight}. Rooms are quiet and comfortably furnished, and the front desk is happy to help plan a day out.',
  'Set in a central part of {city}, {name} is a practical base for exploring {country}. {highlight} is within easy reach, and breakfast is served every morning.',
  'Guests choose {name} for its location and friendly service. The {stars}-star property has well-kept rooms with free Wi-Fi, and {highlight} is close by.',
  'This {stars}-star hotel pairs modern rooms with a relaxed atmosphere. From {name}, {highlight} and the rest of {city} are easy to reach on foot or by public transport.',
  'Popular with leisure and business travellers alike, {name} sits in a convenient part of {city}. After a day at {highlight}, guests can unwind in the lounge or rest in a spacious room.',
  '{name} offers comfortable accommodation in {city}, {country}. It is well placed for sightseeing, with {highlight} nearby and plenty of places to eat in the surrounding streets.',
  'Whether the stay in {city} is a weekend or a fortnight, {name} has rooms to suit. The {stars}-star hotel is a convenient starting point for a visit to {highlight}.',
  "Bright rooms, attentive staff and a good address make {name} a reliable choice in {city}. {highlight} and many of the area's other sights are a short journey away.",
];

/**
 * Short selling points shown as a hotel's highlights, with the description placeholders plus
 * `{distance}` (e.g. '450 m', '1.2 km'). None assumes a facility a budget hotel may lack.
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

/** The `type` labels of a hotel's nearby attractions. */
export const nearbyAttractionTypes: readonly string[] = [
  'Landmark',
  'Museum',
  'Park',
  'Shopping',
  'Restaurant district',
  'Transit',
  'Beach',
  'Viewpoint',
  'Historic site',
  'Market',
  'Nightlife',
  'Theatre',
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
