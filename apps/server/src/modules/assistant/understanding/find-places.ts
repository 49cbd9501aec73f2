import uFuzzy from '@leeoniya/ufuzzy';
import type { PlaceMention } from './understand-request';
import { foldKey, hasJapaneseScript, latinTokens, type Token } from './fold-text';
import { airportEntry, COMMON_WORDS, placeIndex, type PlaceEntry } from './place-index';

export type FoundPlace = {
  mention: PlaceMention;
  start: number;
  end: number;
  /** What the words around the name say it is: "from X", "nach X", "Xから". */
  role?: 'origin' | 'destination';
  /** Marked only by "in", "at", "en": weaker than "to" when both name a destination. */
  weak?: boolean;
  /** Named as another choice for the place before it: "Paris or Rome", "パリかローマ". */
  alternative?: boolean;
};

// "I live in Reading, flights to Malaga": "in" names where someone is, "to" where they go.
const WEAK_DESTINATION_BEFORE = new Set(['in', 'at', 'en', 'around', 'near', 'ins']);

const OR_BETWEEN = /^\s*,?\s*(?:or|o|ou|oder|either|か|または|それとも)\s*$/i;

// The word before a place that says which end of the journey it is, in the five languages
// (folded: "à" is "a"). Spanish and French "de" mean "from" before a place.
const ORIGIN_BEFORE = new Set(
  'from leaving departing ex desde de del depuis d von ab aus vom saliendo partant'.split(' '),
);
const DESTINATION_BEFORE = new Set(
  (
    'to into visit visiting in at towards a al hacia para en visitar conocer au aux pour vers ' +
    'visiter nach zu zum zur ins besuchen bis around near'
  ).split(' '),
);
// Japanese particles after a place: から and 発 mark the origin; へ, まで, 行き, に, の, で the
// destination ("パリのホテル" is a hotel in Paris).
const JA_ORIGIN_AFTER = /^\s*(から|発)/;
const JA_DESTINATION_AFTER = /^\s*(へ|まで|行き|に|の|で)/;

// Capitalised three-letter words that are not airport codes in a request.
const NOT_AIRPORTS = new Set(
  (
    'THE AND FOR YOU ARE CAN NOT ALL ANY BUT HOW WHO WHY OUT NEW OLD BIG TOP BUY PAY FLY ' +
    'USD EUR GBP JPY AUD CAD CHF MXN ONE TWO SIX TEN DAY MAY JUN JUL AUG SEP OCT NOV DEC JAN ' +
    'FEB MAR APR HEY YES WAS HAS HIS HER OUR SHE WHO GET SEE VIP NON DIE DER DAS UND MIT VON ' +
    'LES DES UNE QUE PAR SUR LOS LAS UNA POR CON DEL MAS JAL ANA KLM SAS TAP'
  ).split(' '),
);

/** Every place the text names, in order, with the role its wording gives it. */
export function findPlaces(text: string): FoundPlace[] {
  const tokens = latinTokens(text);
  const found = findLatinPlaces(text, tokens);
  if (hasJapaneseScript(text)) found.push(...findJapanesePlaces(text, found));
  found.sort((a, b) => a.start - b.start);
  const normalized = text.normalize('NFKC');
  found.forEach((place, index) => {
    const before = found[index - 1];
    if (before && OR_BETWEEN.test(normalized.slice(before.end, place.start))) {
      place.alternative = true;
    }
  });
  return found;
}

function roleBefore(tokens: Token[], index: number): FoundPlace['role'] {
  const before = tokens[index - 1]?.key;
  if (!before) return undefined;
  // "out of JFK": "of" says nothing alone ("the city of Paris"), "out of" means from.
  if (before === 'of' && tokens[index - 2]?.key === 'out') return 'origin';
  if (ORIGIN_BEFORE.has(before)) return 'origin';
  if (DESTINATION_BEFORE.has(before)) return 'destination';
  return undefined;
}

function mentionOf(entry: PlaceEntry, text: string): PlaceMention {
  const iata = entry.iata();
  return {
    text,
    kind: entry.kind,
    name: entry.name,
    ...(iata ? { iata } : {}),
    countryCode: entry.countryCode,
  };
}

function isCapitalised(token: Token): boolean {
  return /^\p{Lu}/u.test(token.text);
}

/**
 * Whether a name that is not safe everywhere may be taken here: after a preposition such as
 * "to" or "nach", or written with a capital letter (not as the first word, which is always
 * capitalised). Names that are ordinary words need both.
 */
function mayTake(entry: PlaceEntry, key: string, tokens: Token[], index: number): boolean {
  if (entry.anywhere) return true;
  if (key.length < 4) return false;
  const marked = roleBefore(tokens, index) !== undefined;
  const capital = isCapitalised(tokens[index] as Token);
  if (COMMON_WORDS.has(key)) return marked && capital;
  return marked || (capital && index > 0);
}

function findLatinPlaces(text: string, tokens: Token[]): FoundPlace[] {
  const found: FoundPlace[] = [];
  for (let index = 0; index < tokens.length;) {
    const match = placeAt(tokens, index);
    if (match) {
      const first = tokens[index] as Token;
      const last = tokens[index + match.length - 1] as Token;
      found.push({
        mention: mentionOf(match.entry, text.normalize('NFKC').slice(first.start, last.end)),
        start: first.start,
        end: last.end,
        role: roleBefore(tokens, index),
        weak: WEAK_DESTINATION_BEFORE.has(tokens[index - 1]?.key ?? ''),
      });
      index += match.length;
    } else index += 1;
  }
  return found;
}

function placeAt(tokens: Token[], index: number): { entry: PlaceEntry; length: number } | null {
  const token = tokens[index] as Token;
  const { latin, caseSensitive } = placeIndex();
  // Longest name first, so "New York" wins over "York" and "Rio de Janeiro" over "Rio".
  for (let length = Math.min(5, tokens.length - index); length >= 1; length -= 1) {
    const key = foldKey(
      tokens
        .slice(index, index + length)
        .map((part) => part.key)
        .join(' '),
    );
    const entry = latin.get(key);
    if (entry && mayTake(entry, key, tokens, index)) return { entry, length };
  }
  const exact = caseSensitive.get(token.text);
  if (exact) return { entry: exact, length: 1 };
  if (/^[A-Z]{3}$/.test(token.text) && !NOT_AIRPORTS.has(token.text)) {
    const airport = airportEntry(token.text);
    if (airport) return { entry: airport, length: 1 };
  }
  return fuzzyPlaceAt(tokens, index);
}

function findJapanesePlaces(text: string, taken: FoundPlace[]): FoundPlace[] {
  const normalized = text.normalize('NFKC');
  const found: FoundPlace[] = [];
  const overlaps = (start: number, end: number) =>
    [...taken, ...found].some((place) => start < place.end && end > place.start);
  for (const [name, entry] of placeIndex().japanese) {
    for (
      let start = normalized.indexOf(name);
      start >= 0;
      start = normalized.indexOf(name, start + 1)
    ) {
      const end = start + name.length;
      if (overlaps(start, end)) continue;
      const after = normalized.slice(end);
      const role = JA_ORIGIN_AFTER.test(after)
        ? 'origin'
        : JA_DESTINATION_AFTER.test(after)
          ? 'destination'
          : undefined;
      found.push({ mention: mentionOf(entry, name), start, end, role });
    }
  }
  return found;
}

let fuzzyMatcher: { finder: uFuzzy; names: string[] } | undefined;

/**
 * A misspelt place ("Barcelna", "Lisbn") after a preposition or written with a capital:
 * uFuzzy finds names within one typo, then an edit distance check keeps only close ones, so
 * "to book" never becomes a city.
 */
function fuzzyPlaceAt(
  tokens: Token[],
  index: number,
): { entry: PlaceEntry; length: number } | null {
  const token = tokens[index] as Token;
  const marked = roleBefore(tokens, index) !== undefined;
  if (!marked && !(isCapitalised(token) && index > 0)) return null;
  if (token.key.length < 5 || !/^[a-z]+$/.test(token.key) || COMMON_WORDS.has(token.key))
    return null;
  fuzzyMatcher ??= {
    finder: new uFuzzy({ intraMode: 1, intraIns: 1, intraSub: 1, intraTrn: 1, intraDel: 1 }),
    names: placeIndex().fuzzyNames,
  };
  const { finder, names } = fuzzyMatcher;
  const candidates = finder.filter(names, token.key) ?? [];
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const name = names[candidate] as string;
    if (name[0] !== token.key[0] || name.includes(' ')) continue;
    const distance = editDistance(token.key, name);
    if (distance <= (name.length >= 8 ? 2 : 1) && (!best || distance < best.distance)) {
      best = { name, distance };
    }
  }
  const entry = best ? placeIndex().latin.get(best.name) : undefined;
  return entry ? { entry, length: 1 } : null;
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const previous = rows[i - 1] as number[];
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
