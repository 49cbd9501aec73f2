import { airlineName, operatingAirlineCodes } from '../../travel/geo/airports';
import type { RequestDetails } from './understand-request';
import { countFrom, NUMBER_WORD_PATTERN } from './number-words';

type Cabin = NonNullable<RequestDetails['cabin']>;
type TimeOfDay = NonNullable<RequestDetails['timeOfDay']>;

// Most specific first: "premium economy" before "economy", "first class" before "first".
const CABINS: Array<[RegExp, Cabin]> = [
  [
    /\bpremium(?:[- ]?economy| eco| economica| economique)?\b|プレミアムエコノミー|プレエコ/,
    'premium',
  ],
  [
    /\b(?:business|biz class|ejecutiva|affaires|businessklasse|business class)\b|ビジネス/,
    'business',
  ],
  [
    /\b(?:first class|first|primera clase|primera|premiere classe|premiere|erste klasse|ersten klasse|erster klasse|first-class)\b|ファースト/,
    'first',
  ],
  [
    /\b(?:economy|coach|eco class|turista|economica|clase turista|economique|classe eco|economy class|economyklasse)\b|エコノミー/,
    'economy',
  ],
];

/** The cabin class named, if any ("first" only as a class, not "first week"). */
export function parseCabin(folded: string): Cabin | undefined {
  for (const [pattern, cabin] of CABINS) {
    const match = pattern.exec(folded);
    if (!match) continue;
    if (cabin === 'first' && /^(first|primera|premiere)$/.test(match[0])) {
      const after = folded.slice(match.index + match[0].length);
      if (!/^\s*(?:class|clase|classe)/.test(after)) continue;
    }
    return cabin;
  }
  return undefined;
}

const NON_STOP =
  /\b(?:non[- ]?stop|direct|directo|directos|directa|sin escalas?|sans escales?|directs?|direkt|direktflug|direktfluge|ohne umsteigen|no (?:layovers?|stops|connections))\b|直行便|直行|乗り継ぎなし|乗継なし/;

/** Whether the person asked for non-stop flights only. */
export function parseNonStop(folded: string): boolean | undefined {
  return NON_STOP.test(folded) ? true : undefined;
}

// Time of day words; "mañana" alone is tomorrow in Spanish and "morgen" tomorrow in German,
// so only their "in the morning" forms count.
const TIMES: Array<[RegExp, TimeOfDay]> = [
  [
    /\b(?:red[- ]?eye|overnight|late night|de madrugada|madrugada|de nuit|nachts|nachtflug)\b|深夜|夜行/,
    'night',
  ],
  [
    /\b(?:morning|early flight|por la manana|en la manana|de la manana|matin|matinee|morgens|vormittags?|am morgen|fruh)\b|朝(?!食)|午前/,
    'morning',
  ],
  [/\b(?:afternoon|por la tarde|en la tarde|apres[- ]midi|nachmittags?)\b|午後/, 'afternoon'],
  [
    /\b(?:evening|tonight|por la noche|de noche|en la noche|soir|soiree|abends?|am abend)\b|夕方|夜/,
    'evening',
  ],
  [/\b(?:night|noche|nuit|nacht)\b/, 'night'],
];

const PER_NIGHT = /\b(?:(?:a|per|each|por|par|pro)\s+(?:night|noche|nuit|nacht)|la nuit)\b/g;
const GREETINGS =
  /\b(?:good (?:morning|afternoon|evening|night)|buenas (?:tardes|noches)|bonsoir|guten (?:morgen|abend))\b|おはよう|こんばんは/g;

/** The part of the day the person wants to leave. */
export function parseTimeOfDay(folded: string): TimeOfDay | undefined {
  // "3 nights" is a length of stay and "good morning" a greeting, not a time to fly.
  const text = folded
    .replace(GREETINGS, ' ')
    .replace(PER_NIGHT, ' ')
    .replace(
      new RegExp(`\\b(\\d+|${NUMBER_WORD_PATTERN})\\s+(nights?|noches?|nuits?|nachte?n?)\\b`, 'g'),
      ' ',
    );
  return TIMES.find(([pattern]) => pattern.test(text))?.[1];
}

const STARS = new RegExp(
  `\\b(\\d|${NUMBER_WORD_PATTERN})[- ]?(?:stars?|estrellas?|etoiles?|sterne?n?)\\b|(\\d|[一二三四五])つ星|星(\\d)`,
);

/** A hotel class: "4-star", "cinco estrellas", "4 étoiles", "5 Sterne", "5つ星". */
export function parseHotelStars(folded: string): number | undefined {
  const match = STARS.exec(folded);
  if (!match) return undefined;
  const stars = countFrom(match[1] ?? match[2] ?? match[3]);
  return stars && stars >= 1 && stars <= 5 ? stars : undefined;
}

type AirlineName = { pattern: RegExp; code: string; name: string };
let airlineNames: AirlineName[] | undefined;

// Names people use that differ from the database's: short names and Japanese names.
const AIRLINE_NICKNAMES: Record<string, string> = {
  delta: 'DL',
  united: 'UA',
  american: 'AA',
  jal: 'JL',
  日本航空: 'JL',
  ana: 'NH',
  全日空: 'NH',
  swiss: 'LX',
  klm: 'KL',
  easyjet: 'U2',
  ryanair: 'FR',
  lufthansa: 'LH',
  iberia: 'IB',
  emirates: 'EK',
  qantas: 'QF',
  southwest: 'WN',
  jetblue: 'B6',
  'air france': 'AF',
  'british airways': 'BA',
  'virgin atlantic': 'VS',
  'turkish airlines': 'TK',
  tap: 'TP',
  vueling: 'VY',
  'air canada': 'AC',
  'singapore airlines': 'SQ',
  'cathay pacific': 'CX',
  etihad: 'EY',
  'ita airways': 'AZ',
  alitalia: 'AZ',
  'aer lingus': 'EI',
  finnair: 'AY',
  'korean air': 'KE',
  eurowings: 'EW',
  norwegian: 'DY',
  sas: 'SK',
  'air india': 'AI',
  latam: 'LA',
};

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function loadAirlineNames(): AirlineName[] {
  const entries: AirlineName[] = [];
  for (const code of operatingAirlineCodes()) {
    const name = airlineName(code);
    if (!name) continue;
    const folded = name.toLowerCase();
    entries.push({ pattern: new RegExp(`\\b${escape(folded)}\\b`), code, name });
  }
  for (const [nickname, code] of Object.entries(AIRLINE_NICKNAMES)) {
    const name = airlineName(code) ?? nickname;
    const pattern = /^[a-z ]+$/.test(nickname)
      ? new RegExp(`\\b${nickname}\\b(?! (?:states|kingdom|arab|express))`)
      : new RegExp(escape(nickname));
    entries.push({ pattern, code, name });
  }
  // Longer names first, so "Air France" is not read as "Air India"'s prefix or the like.
  return entries.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
}

/**
 * The airline the person wants, by name ("with Lufthansa", "Delta", "日本航空") or by its code
 * in capitals ("on BA", "LH flights"); codes only count for airlines that fly in the inventory.
 */
export function parseAirline(original: string, folded: string): RequestDetails['airline'] {
  airlineNames ??= loadAirlineNames();
  const byName = airlineNames.find((entry) => entry.pattern.test(folded));
  if (byName) return { code: byName.code, name: byName.name };
  for (const match of original.matchAll(
    /\b(?:on|with|fly|flying|con|avec|mit|by)\s+([A-Z0-9]{2})\b/g,
  )) {
    const code = match[1] as string;
    const known = operatingAirlineCodes().includes(code);
    const name = known ? airlineName(code) : null;
    if (name) return { code, name };
  }
  return undefined;
}
