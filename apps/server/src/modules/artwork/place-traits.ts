import { createHash } from 'node:crypto';
import {
  ARTWORK_VARIANTS,
  type ArtworkClimate,
  type ArtworkLandmark,
  type ArtworkLandscape,
  type ArtworkPalette,
  type ArtworkScene,
  type ArtworkSky,
} from '@vowa/shared/artwork/artwork-scene';
import type { BucketCategory } from '@vowa/shared/bucket-lists/bucket-list-constants';

/** What the artwork needs to know about a place: its country, where it is, what it is for. */
export type ArtworkPlace = {
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  latitude: number;
  longitude: number;
  category?: BucketCategory;
};

// ---------- Cultural regions, by country ----------

const codes = (list: string) => new Set(list.split(' '));

const EAST_ASIA = codes('JP CN KR KP TW HK MO MN VN');
const BUDDHIST_SOUTHEAST_ASIA = codes('TH LA KH MM');
const MARITIME_SOUTHEAST_ASIA = codes('MY SG ID PH BN TL');
const SOUTH_ASIA = codes('IN NP BT LK BD PK MV');
const MIDDLE_EAST = codes('AE OM JO SA QA KW BH YE IQ IR SY LB IL PS');
const NORTH_AFRICA = codes('MA DZ TN LY EG');
const CENTRAL_ASIA = codes('UZ KZ KG TJ TM AZ AF');
const ORTHODOX_EUROPE = codes('RU UA BY BG RS RO GE AM MD MK ME GR CY');
const WESTERN_EUROPE = codes(
  'FR BE NL LU DE AT CH LI GB IE DK SE NO FI IS EE LV LT PL CZ SK HU SI HR BA AL XK MT IT ES PT VA SM MC AD FO GL',
);
const MESOAMERICA = codes('MX GT BZ HN SV');
const ANDES = codes('PE BO EC');
const LATIN_AMERICA = codes('MX GT BZ HN SV NI CR PA CU DO PR CO VE EC PE BO CL AR UY PY BR');
const DUTCH_CARIBBEAN = codes('AW CW SX BQ');
const ENGLISH_CARIBBEAN = codes('JM BS BB LC GD VC AG KN TT KY TC VG AI DM BM');
const NORTH_AMERICA = codes('US CA');
const OCEANIA = codes('AU NZ FJ PF WS TO CK VU NC PG');
const SUB_SAHARAN_AFRICA = codes(
  'ZA NA BW ZW ZM KE TZ UG RW ET GH NG SN CI MG MU SC CV MZ MW AO CM GA CD CG BJ TG ML BF NE',
);
const ISLAMIC = new Set([
  ...MIDDLE_EAST,
  ...NORTH_AFRICA,
  ...CENTRAL_ASIA,
  ...codes('TR MY ID BN MV AL BA XK PK BD SN'),
]);
ISLAMIC.delete('IL');
/** Deserts and dry lands, whatever the latitude says. */
const ARID_COUNTRIES = codes('AE OM QA SA KW BH YE EG LY JO NA');
/** Small island countries and territories: a beach there is islands in the sea. */
const ISLAND_NATIONS = codes('MV SC MU FJ PF WS TO CK VU BS BB AW CW SX KY LC JM MT CY IS PH ID');

/**
 * Where each landmark's culture lives: a landmark is only drawn for a place in its countries.
 * Skylines, lighthouses, waterfalls and plain scenery belong everywhere. The Moai belong to
 * Easter Island alone (`landmarkFits` checks the place too).
 */
export const landmarkCountries: Record<ArtworkLandmark, ReadonlySet<string> | 'anywhere'> = {
  'gothic-cathedral': new Set([...WESTERN_EUROPE, ...NORTH_AMERICA]),
  castle: new Set([...WESTERN_EUROPE, 'CA']),
  'gabled-houses': codes('NL BE DE DK NO SE FI EE LV LT PL GB IE CZ AW CW SX BQ'),
  'steeple-church': new Set([...codes('US CA GB IE AU NZ'), ...ENGLISH_CARIBBEAN]),
  'domed-basilica': new Set([...WESTERN_EUROPE, ...NORTH_AMERICA, ...LATIN_AMERICA]),
  'classical-temple': codes('GR IT TR'),
  'cycladic-village': codes('GR'),
  'moorish-palace': codes('ES PT MA'),
  'orthodox-church': ORTHODOX_EUROPE,
  mosque: ISLAMIC,
  pagoda: EAST_ASIA,
  stupa: new Set([...BUDDHIST_SOUTHEAST_ASIA, ...codes('LK NP BT MN IN ID')]),
  'hindu-temple': codes('IN NP LK ID KH'),
  'indian-palace': codes('IN PK BD'),
  pyramids: codes('EG'),
  'egyptian-temple': codes('EG'),
  'step-pyramid': MESOAMERICA,
  'andean-ruins': ANDES,
  'colonial-church': new Set([...LATIN_AMERICA, ...codes('PH ES PT')]),
  'rock-facade': codes('JO'),
  moai: codes('CL'),
  skyline: 'anywhere',
  lighthouse: 'anywhere',
  'overwater-bungalows': codes('MV PF FJ SC MU CK WS TO VU'),
  wildlife: SUB_SAHARAN_AFRICA,
  waterfall: 'anywhere',
  none: 'anywhere',
};

/** Whether a landmark belongs to the place's culture (the rule the artwork is tested by). */
export function landmarkFits(
  landmark: ArtworkLandmark,
  place: Pick<ArtworkPlace, 'name' | 'countryCode'>,
) {
  if (landmark === 'moai' && !/easter island|rapa nui|hanga roa/i.test(place.name)) return false;
  const countries = landmarkCountries[landmark];
  return countries === 'anywhere' || countries.has(place.countryCode.toUpperCase());
}

function paletteOf(countryCode: string): ArtworkPalette {
  const code = countryCode.toUpperCase();
  if (EAST_ASIA.has(code)) return 'east-asian';
  if (BUDDHIST_SOUTHEAST_ASIA.has(code) || MARITIME_SOUTHEAST_ASIA.has(code)) {
    return 'southeast-asian';
  }
  if (SOUTH_ASIA.has(code)) return 'south-asian';
  if (MIDDLE_EAST.has(code) || NORTH_AFRICA.has(code) || CENTRAL_ASIA.has(code) || code === 'TR') {
    return 'middle-eastern';
  }
  if (ORTHODOX_EUROPE.has(code) && code !== 'GR' && code !== 'CY') return 'eastern';
  if (codes('GR CY IT ES PT MT HR MC SM VA AL').has(code)) return 'mediterranean';
  if (WESTERN_EUROPE.has(code)) return 'northern';
  if (LATIN_AMERICA.has(code) || DUTCH_CARIBBEAN.has(code) || ENGLISH_CARIBBEAN.has(code)) {
    return 'latin';
  }
  if (NORTH_AMERICA.has(code)) return 'north-american';
  if (OCEANIA.has(code)) return 'oceanian';
  if (SUB_SAHARAN_AFRICA.has(code)) return 'african';
  return 'northern';
}

/** The building a place of this country shows when nothing more particular is known. */
function regionalLandmark(
  countryCode: string,
  category: BucketCategory | undefined,
): ArtworkLandmark {
  const code = countryCode.toUpperCase();
  const nature =
    category === 'beach' ||
    category === 'nature' ||
    category === 'mountain' ||
    category === 'adventure';
  if (nature) {
    if (SUB_SAHARAN_AFRICA.has(code) && category !== 'beach') return 'wildlife';
    return category === 'beach' ? 'lighthouse' : 'none';
  }
  if (EAST_ASIA.has(code)) return 'pagoda';
  if (BUDDHIST_SOUTHEAST_ASIA.has(code)) return 'stupa';
  if (code === 'IN' || code === 'NP' || code === 'LK') return 'hindu-temple';
  if (code === 'BT') return 'stupa';
  if (ISLAMIC.has(code)) return 'mosque';
  if (code === 'GR') return 'classical-temple';
  if (ORTHODOX_EUROPE.has(code)) return 'orthodox-church';
  if (MESOAMERICA.has(code) || LATIN_AMERICA.has(code) || code === 'PH') return 'colonial-church';
  if (WESTERN_EUROPE.has(code)) return 'gothic-cathedral';
  if (DUTCH_CARIBBEAN.has(code)) return 'gabled-houses';
  if (NORTH_AMERICA.has(code) || OCEANIA.has(code) || ENGLISH_CARIBBEAN.has(code)) {
    return category === 'city' ? 'skyline' : 'steeple-church';
  }
  if (SUB_SAHARAN_AFRICA.has(code)) return 'wildlife';
  return 'none';
}

function landscapeFor(countryCode: string, category: BucketCategory | undefined): ArtworkLandscape {
  switch (category) {
    case 'beach':
      return ISLAND_NATIONS.has(countryCode.toUpperCase()) ? 'islands' : 'coast';
    case 'mountain':
    case 'adventure':
      return 'mountains';
    case 'nature':
      return 'lake';
    default:
      return ARID_COUNTRIES.has(countryCode.toUpperCase()) ? 'desert' : 'river';
  }
}

function climateFor(place: ArtworkPlace, landscape: ArtworkLandscape): ArtworkClimate {
  const latitude = Math.abs(place.latitude);
  if (ARID_COUNTRIES.has(place.countryCode.toUpperCase()) || landscape === 'desert') return 'arid';
  if (latitude < 26) return 'tropical';
  if (latitude >= 61) return 'cold';
  if (place.category === 'mountain' && latitude >= 38) return 'cold';
  return 'temperate';
}

/**
 * What is known about the curated destinations beyond their country and position: their
 * landmark, landscape and climate where the regional default would be vague or wrong. Keyed by
 * `country code|name`, lower case. Every landmark here belongs to the place's own culture.
 */
type Traits = Partial<Pick<ArtworkScene, 'landmark' | 'landscape' | 'climate' | 'sky'>>;

const t = (
  landmark: ArtworkLandmark,
  landscape?: ArtworkLandscape,
  climate?: ArtworkClimate,
  sky?: ArtworkSky,
): Traits => ({
  landmark,
  ...(landscape ? { landscape } : {}),
  ...(climate ? { climate } : {}),
  ...(sky ? { sky } : {}),
});

// prettier-ignore
const KNOWN_PLACES: Record<string, Traits> = {
  // Europe
  'fr|paris': t('gothic-cathedral', 'river'),
  'gb|london': t('gothic-cathedral', 'river', 'temperate', 'grey'),
  'it|rome': t('classical-temple', 'plains'),
  'es|barcelona': t('gothic-cathedral', 'coast'),
  'nl|amsterdam': t('gabled-houses', 'river', 'temperate', 'grey'),
  'cz|prague': t('castle', 'river'),
  'at|vienna': t('gothic-cathedral', 'river'),
  'hu|budapest': t('gothic-cathedral', 'river'),
  'pt|lisbon': t('moorish-palace', 'coast'),
  'pt|porto': t('gabled-houses', 'river'),
  'pt|faro': t('lighthouse', 'coast'),
  'pt|madeira': t('none', 'mountains', 'temperate'),
  'es|madrid': t('domed-basilica', 'plains'),
  'es|seville': t('moorish-palace', 'river', 'temperate', 'clear'),
  'es|málaga': t('moorish-palace', 'coast'),
  'es|granada': t('moorish-palace', 'mountains', 'temperate'),
  'es|valencia': t('gothic-cathedral', 'coast'),
  'es|bilbao': t('gothic-cathedral', 'river'),
  'es|san sebastián': t('none', 'coast'),
  'es|palma de mallorca': t('gothic-cathedral', 'coast'),
  'es|ibiza': t('castle', 'islands'),
  'es|tenerife': t('none', 'mountains', 'temperate'),
  'gr|athens': t('classical-temple', 'plains', 'temperate', 'clear'),
  'gr|santorini': t('cycladic-village', 'islands'),
  'gr|mykonos': t('cycladic-village', 'islands'),
  'gr|heraklion': t('classical-temple', 'coast'),
  'gr|rhodes': t('castle', 'coast'),
  'gr|corfu': t('castle', 'islands'),
  'hr|dubrovnik': t('castle', 'coast'),
  'hr|split': t('classical-temple', 'coast'),
  'hr|zagreb': t('gothic-cathedral', 'plains'),
  'it|venice': t('domed-basilica', 'lake'),
  'it|florence': t('domed-basilica', 'river', 'temperate', 'clear'),
  'it|milan': t('gothic-cathedral', 'plains'),
  'it|naples': t('none', 'coast'),
  'it|catania': t('none', 'mountains', 'temperate'),
  'it|palermo': t('domed-basilica', 'coast'),
  'it|bologna': t('domed-basilica', 'plains'),
  'de|berlin': t('domed-basilica', 'river', 'temperate', 'grey'),
  'de|munich': t('gothic-cathedral', 'plains'),
  'de|hamburg': t('gabled-houses', 'river', 'temperate', 'grey'),
  'ch|zurich': t('gothic-cathedral', 'lake'),
  'ch|geneva': t('gothic-cathedral', 'lake'),
  'at|innsbruck': t('none', 'mountains', 'cold'),
  'it|bolzano': t('none', 'mountains', 'cold'),
  'at|salzburg': t('castle', 'river'),
  'be|brussels': t('gabled-houses', 'plains'),
  'dk|copenhagen': t('gabled-houses', 'coast'),
  'se|stockholm': t('gabled-houses', 'islands'),
  'no|oslo': t('none', 'coast', 'temperate'),
  'no|bergen': t('gabled-houses', 'mountains', 'temperate', 'grey'),
  'no|tromsø': t('none', 'mountains', 'cold', 'aurora'),
  'fi|helsinki': t('gothic-cathedral', 'coast'),
  'fi|rovaniemi': t('none', 'plains', 'cold', 'aurora'),
  'is|reykjavik': t('none', 'mountains', 'cold', 'aurora'),
  'ie|dublin': t('gothic-cathedral', 'river', 'temperate', 'grey'),
  'gb|edinburgh': t('castle', 'plains', 'temperate', 'grey'),
  'gb|belfast': t('none', 'coast', 'temperate', 'grey'),
  'fr|nice': t('none', 'coast'),
  'fr|marseille': t('domed-basilica', 'coast'),
  'fr|lyon': t('domed-basilica', 'river'),
  'fr|bordeaux': t('domed-basilica', 'river'),
  'pl|kraków': t('castle', 'river'),
  'pl|warsaw': t('gabled-houses', 'river'),
  'ee|tallinn': t('gabled-houses', 'coast'),
  'lv|riga': t('gabled-houses', 'river', 'temperate'),
  'lt|vilnius': t('gothic-cathedral', 'river'),
  'si|ljubljana': t('castle', 'lake'),
  'mt|valletta': t('domed-basilica', 'coast'),
  'cy|larnaca': t('orthodox-church', 'coast'),
  'tr|istanbul': t('mosque', 'coast'),
  'tr|antalya': t('mosque', 'coast'),
  'tr|cappadocia': t('none', 'red-rock', 'arid'),
  'bg|sofia': t('orthodox-church', 'mountains'),
  'ro|bucharest': t('orthodox-church', 'plains'),
  'rs|belgrade': t('orthodox-church', 'river'),
  'me|kotor': t('castle', 'coast'),
  'al|tirana': t('mosque', 'mountains'),
  'ge|tbilisi': t('orthodox-church', 'river'),
  // North America, Mexico and the Caribbean
  'us|new york': t('skyline', 'river'),
  'us|los angeles': t('skyline', 'coast'),
  'us|san francisco': t('skyline', 'coast'),
  'us|las vegas': t('skyline', 'desert', 'arid'),
  'us|miami': t('skyline', 'coast', 'tropical'),
  'us|orlando': t('none', 'lake', 'tropical'),
  'us|chicago': t('skyline', 'lake'),
  'us|boston': t('steeple-church', 'coast'),
  'us|washington, d.c.': t('domed-basilica', 'river'),
  'us|new orleans': t('steeple-church', 'river'),
  'us|seattle': t('skyline', 'coast', 'temperate', 'grey'),
  'us|honolulu': t('none', 'islands', 'tropical'),
  'us|maui': t('none', 'islands', 'tropical'),
  'us|denver': t('skyline', 'mountains', 'temperate'),
  'us|nashville': t('steeple-church', 'river'),
  'us|san diego': t('lighthouse', 'coast'),
  'us|phoenix': t('none', 'desert', 'arid'),
  'us|salt lake city': t('none', 'mountains', 'cold'),
  'us|austin': t('domed-basilica', 'river'),
  'us|charleston': t('steeple-church', 'coast'),
  'us|savannah': t('steeple-church', 'river'),
  'us|key west': t('lighthouse', 'islands', 'tropical'),
  'us|anchorage': t('none', 'mountains', 'cold'),
  'ca|toronto': t('skyline', 'lake'),
  'ca|vancouver': t('skyline', 'mountains', 'temperate'),
  'ca|montreal': t('gothic-cathedral', 'river'),
  'ca|quebec city': t('castle', 'river', 'cold', 'snow'),
  'ca|halifax': t('lighthouse', 'coast'),
  'ca|victoria': t('none', 'coast'),
  'mx|cancún': t('step-pyramid', 'jungle', 'tropical'),
  'mx|mexico city': t('colonial-church', 'mountains', 'temperate'),
  'mx|puerto vallarta': t('none', 'coast', 'tropical'),
  'mx|los cabos': t('none', 'coast', 'arid'),
  'mx|oaxaca': t('colonial-church', 'mountains', 'temperate'),
  'mx|guadalajara': t('colonial-church', 'plains', 'temperate'),
  'mx|mérida': t('step-pyramid', 'jungle', 'tropical'),
  'pr|san juan': t('colonial-church', 'coast', 'tropical'),
  'cu|havana': t('domed-basilica', 'coast', 'tropical'),
  'aw|aruba': t('none', 'islands', 'arid'),
  'cw|curaçao': t('gabled-houses', 'coast', 'tropical'),
  'sx|sint maarten': t('none', 'islands', 'tropical'),
  'lc|saint lucia': t('none', 'mountains', 'tropical'),
  // Central and South America
  'br|são paulo': t('skyline', 'plains', 'temperate'),
  'br|rio de janeiro': t('none', 'coast', 'tropical'),
  'br|salvador': t('colonial-church', 'coast', 'tropical'),
  'br|foz do iguaçu': t('waterfall', 'jungle', 'tropical'),
  'br|florianópolis': t('none', 'islands', 'temperate'),
  'br|manaus': t('none', 'jungle', 'tropical'),
  'ar|buenos aires': t('skyline', 'river', 'temperate'),
  'ar|mendoza': t('none', 'mountains', 'arid'),
  'ar|bariloche': t('none', 'lake', 'cold'),
  'ar|el calafate': t('none', 'lake', 'cold', 'snow'),
  'ar|ushuaia': t('lighthouse', 'mountains', 'cold'),
  'cl|santiago': t('skyline', 'mountains', 'temperate'),
  'cl|punta arenas': t('none', 'mountains', 'cold'),
  'cl|easter island': t('moai', 'coast', 'temperate'),
  'cl|san pedro de atacama': t('none', 'desert', 'arid'),
  'pe|lima': t('colonial-church', 'coast', 'temperate', 'grey'),
  'pe|cusco': t('andean-ruins', 'mountains', 'temperate'),
  'co|bogotá': t('colonial-church', 'mountains', 'temperate'),
  'co|cartagena': t('colonial-church', 'coast', 'tropical'),
  'co|medellín': t('skyline', 'mountains', 'temperate'),
  'ec|quito': t('colonial-church', 'mountains', 'temperate'),
  'ec|galápagos islands': t('none', 'islands', 'tropical'),
  'bo|la paz': t('andean-ruins', 'mountains', 'cold'),
  'bo|uyuni': t('none', 'plains', 'cold', 'clear'),
  'cr|san josé': t('none', 'jungle', 'tropical'),
  'cr|guanacaste': t('none', 'coast', 'tropical'),
  'pa|panama city': t('skyline', 'coast', 'tropical'),
  'bz|belize city': t('step-pyramid', 'jungle', 'tropical'),
  'gt|antigua guatemala': t('colonial-church', 'mountains', 'tropical'),
  'hn|roatán': t('none', 'islands', 'tropical'),
  // Asia
  'jp|tokyo': t('skyline', 'river'),
  'jp|osaka': t('pagoda', 'river'),
  'jp|kyoto': t('pagoda', 'mountains'),
  'jp|sapporo': t('none', 'mountains', 'cold', 'snow'),
  'jp|okinawa': t('none', 'islands', 'tropical'),
  'jp|hiroshima': t('pagoda', 'coast'),
  'kr|busan': t('pagoda', 'coast'),
  'kr|jeju': t('none', 'islands', 'temperate'),
  'cn|beijing': t('pagoda', 'mountains'),
  'cn|shanghai': t('skyline', 'river'),
  'cn|guilin': t('none', 'river', 'temperate'),
  'hk|hong kong': t('skyline', 'coast', 'tropical'),
  'tw|taipei': t('skyline', 'mountains'),
  'th|bangkok': t('stupa', 'river', 'tropical'),
  'th|phuket': t('none', 'islands', 'tropical'),
  'th|krabi': t('none', 'islands', 'tropical'),
  'vn|ho chi minh city': t('skyline', 'river', 'tropical'),
  'vn|hanoi': t('pagoda', 'lake', 'tropical'),
  'vn|da nang': t('none', 'coast', 'tropical'),
  'kh|siem reap': t('hindu-temple', 'jungle', 'tropical'),
  'la|luang prabang': t('stupa', 'river', 'tropical'),
  'sg|singapore': t('skyline', 'coast', 'tropical'),
  'my|kuala lumpur': t('skyline', 'jungle', 'tropical'),
  'my|penang': t('none', 'islands', 'tropical'),
  'my|langkawi': t('none', 'islands', 'tropical'),
  'id|bali': t('hindu-temple', 'islands', 'tropical'),
  'id|yogyakarta': t('stupa', 'jungle', 'tropical'),
  'ph|cebu': t('colonial-church', 'islands', 'tropical'),
  'ph|palawan': t('none', 'islands', 'tropical'),
  'ph|boracay': t('none', 'islands', 'tropical'),
  'in|delhi': t('indian-palace', 'plains', 'temperate', 'haze'),
  'in|agra': t('indian-palace', 'river', 'temperate', 'haze'),
  'in|jaipur': t('indian-palace', 'desert', 'arid'),
  'in|mumbai': t('skyline', 'coast', 'tropical'),
  'in|goa': t('none', 'coast', 'tropical'),
  'in|kochi': t('none', 'coast', 'tropical'),
  'in|udaipur': t('indian-palace', 'lake', 'arid'),
  'in|varanasi': t('hindu-temple', 'river', 'temperate', 'haze'),
  'np|kathmandu': t('stupa', 'mountains', 'temperate'),
  'in|leh': t('stupa', 'mountains', 'cold'),
  'lk|colombo': t('stupa', 'coast', 'tropical'),
  'mv|maldives': t('overwater-bungalows', 'islands', 'tropical'),
  'bt|paro': t('stupa', 'mountains', 'temperate'),
  'kz|almaty': t('none', 'mountains', 'cold'),
  'uz|samarkand': t('mosque', 'desert', 'arid'),
  // Middle East and Africa
  'ae|dubai': t('skyline', 'desert', 'arid'),
  'ae|abu dhabi': t('mosque', 'coast', 'arid'),
  'om|muscat': t('mosque', 'mountains', 'arid'),
  'jo|amman': t('mosque', 'desert', 'arid'),
  'jo|aqaba': t('rock-facade', 'red-rock', 'arid'),
  'il|tel aviv': t('skyline', 'coast', 'temperate'),
  'eg|cairo': t('pyramids', 'desert', 'arid'),
  'eg|luxor': t('egyptian-temple', 'river', 'arid'),
  'eg|sharm el sheikh': t('none', 'coast', 'arid'),
  'eg|hurghada': t('none', 'coast', 'arid'),
  'ma|marrakech': t('mosque', 'desert', 'arid'),
  'ma|fes': t('moorish-palace', 'mountains', 'arid'),
  'ma|casablanca': t('mosque', 'coast', 'temperate'),
  'tn|tunis': t('mosque', 'coast', 'temperate'),
  'za|cape town': t('none', 'coast', 'temperate'),
  'za|johannesburg': t('skyline', 'plains', 'temperate'),
  'zw|victoria falls': t('waterfall', 'river', 'tropical'),
  'ke|nairobi': t('wildlife', 'plains', 'tropical'),
  'tz|arusha': t('wildlife', 'plains', 'tropical'),
  'tz|zanzibar': t('none', 'islands', 'tropical'),
  'mu|mauritius': t('none', 'islands', 'tropical'),
  'sc|seychelles': t('none', 'islands', 'tropical'),
  'rw|kigali': t('none', 'mountains', 'tropical'),
  'gh|accra': t('lighthouse', 'coast', 'tropical'),
  'na|windhoek': t('wildlife', 'desert', 'arid'),
  // Oceania
  'au|sydney': t('skyline', 'coast'),
  'au|melbourne': t('skyline', 'river'),
  'au|brisbane': t('skyline', 'river'),
  'au|gold coast': t('skyline', 'coast'),
  'au|cairns': t('none', 'jungle', 'tropical'),
  'au|perth': t('skyline', 'coast'),
  'au|uluru': t('none', 'red-rock', 'arid'),
  'au|hobart': t('none', 'mountains', 'temperate'),
  'au|adelaide': t('none', 'plains', 'temperate'),
  'au|darwin': t('none', 'jungle', 'tropical'),
  'nz|auckland': t('skyline', 'coast'),
  'nz|queenstown': t('none', 'lake', 'cold'),
  'nz|christchurch': t('steeple-church', 'plains'),
  'nz|wellington': t('none', 'coast', 'temperate', 'grey'),
  'nz|rotorua': t('none', 'lake', 'temperate'),
  'fj|fiji': t('overwater-bungalows', 'islands', 'tropical'),
  'pf|tahiti': t('none', 'islands', 'tropical'),
  'pf|bora bora': t('overwater-bungalows', 'islands', 'tropical'),
  'ck|rarotonga': t('none', 'islands', 'tropical'),
};

function digestOf(place: ArtworkPlace): number {
  return createHash('sha256')
    .update(`${place.name.trim().toLowerCase()}|${place.countryCode.trim().toLowerCase()}`)
    .digest()
    .readUInt32BE(0);
}

/** The skies a climate allows, the first being its most usual. */
function skiesFor(climate: ArtworkClimate, latitude: number): ArtworkSky[] {
  switch (climate) {
    case 'tropical':
      return ['clear', 'sunset'];
    case 'arid':
      return ['clear', 'haze', 'sunset'];
    case 'cold':
      return Math.abs(latitude) >= 63 ? ['aurora', 'snow'] : ['snow', 'clear'];
    case 'temperate':
      return ['clear', 'sunset', 'grey'];
  }
}

/**
 * The scene that fits a place: its known traits first, otherwise its country's architecture
 * (by cultural region), its category's landscape and the climate its latitude and region give.
 * Deterministic: the same place always gets the same picture.
 */
export function sceneForPlace(place: ArtworkPlace): ArtworkScene {
  const known =
    KNOWN_PLACES[`${place.countryCode.toLowerCase()}|${place.name.trim().toLowerCase()}`] ?? {};
  const landscape = known.landscape ?? landscapeFor(place.countryCode, place.category);
  let landmark = known.landmark ?? regionalLandmark(place.countryCode, place.category);
  if (!landmarkFits(landmark, place)) landmark = 'none';
  if (landmark === 'lighthouse' && !['coast', 'islands'].includes(landscape)) landmark = 'none';
  const climate = known.climate ?? climateFor(place, landscape);
  const digest = digestOf(place);
  const skies = skiesFor(climate, place.latitude);
  const sky = known.sky ?? skies[digest % skies.length]!;
  return {
    landmark,
    landscape,
    climate,
    sky,
    palette: paletteOf(place.countryCode),
    variant: (digest >>> 8) % ARTWORK_VARIANTS,
  };
}

/** The traits the artwork knows for a place by name, if it is one of the curated ones. */
export function isKnownPlace(name: string, countryCode: string): boolean {
  return `${countryCode.toLowerCase()}|${name.trim().toLowerCase()}` in KNOWN_PLACES;
}
