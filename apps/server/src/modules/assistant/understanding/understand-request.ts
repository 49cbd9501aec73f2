import { assignRoles } from './assign-roles';
import { intentFromSignals, intentSignals, type IntentSignals } from './classify-intent';
import { detectLanguage } from './detect-language';
import { findPlaces } from './find-places';
import { foldText } from './fold-text';
import { parseBudget } from './parse-budget';
import { parseDates, type Language } from './parse-dates';
import {
  parseAirline,
  parseCabin,
  parseHotelStars,
  parseNonStop,
  parseTimeOfDay,
} from './parse-preferences';
import { parseTravellers } from './parse-travellers';

export type AssistantIntent =
  | 'flights'
  | 'hotels'
  | 'experiences'
  | 'trip'
  | 'budget'
  | 'bucket_list'
  | 'bucket_list_add'
  | 'destination_info'
  | 'help'
  | 'greeting'
  | 'thanks'
  | 'unknown';

export type PlaceMention = {
  text: string;
  kind: 'city' | 'airport' | 'country';
  name: string;
  iata?: string;
  countryCode: string;
};

export type RequestDetails = {
  origin?: PlaceMention;
  destination?: PlaceMention;
  /** ISO YYYY-MM-DD, resolved against context.today in context.timeZone. */
  departDate?: string;
  returnDate?: string;
  nights?: number;
  /** 'YYYY-MM' for "in March" style requests without days. */
  month?: string;
  travellers?: number;
  cabin?: 'economy' | 'premium' | 'business' | 'first';
  /** The person's stated budget, e.g. "under $800", "800 euros", "5万円". */
  budget?: { amount: number; currency?: string };
  airline?: { code: string; name: string };
  nonStop?: boolean;
  timeOfDay?: 'morning' | 'afternoon' | 'evening' | 'night';
  hotelStars?: number;
};

export type Understanding = {
  intent: AssistantIntent;
  details: RequestDetails;
  language: Language;
  missing: Array<'destination' | 'origin' | 'departDate'>;
};

export type UnderstandingContext = {
  language: Language;
  /** Today's date (YYYY-MM-DD) on the person's clock. */
  today: string;
  timeZone: string;
  previous?: Understanding;
};

// Intents whose details carry over to the next turn: a follow-up refines a search.
const SEARCH_INTENTS = new Set<AssistantIntent>([
  'flights',
  'hotels',
  'experiences',
  'trip',
  'destination_info',
]);

// "there", "allí", "là-bas", "dort", "そこ": the place already talked about.
const THERE = /\b(?:there|same place|alli|alla|ahi|la bas|y aller|dort|dorthin|da)\b|そこ|現地/;

/**
 * Builds the place index, the misspelling matcher and the airline names now (about a second) rather than on the
 * first request, so the first person to write to the assistant does not wait for it. Call it
 * once when the server starts.
 */
export function prepareUnderstanding(): void {
  const today = new Date().toISOString().slice(0, 10);
  for (const [language, text] of WARM_UP_REQUESTS) {
    understandRequest(text, { language, today, timeZone: 'UTC' });
  }
}

// One request per language, touching every parser; chrono compiles some of its patterns on
// the first text that reaches them, which alone can take a tenth of a second.
const WARM_UP_REQUESTS: Array<[Language, string]> = [
  ['en', 'Hey there, can you find flights from Lisbn to Tokyo with Lufthansa next Friday at 9am?'],
  ['es', 'hola, vuelos de Madrid a Roma el próximo viernes por la mañana para 2'],
  ['fr', 'bonjour, des vols pour Paris demain soir pour 2 personnes'],
  ['de', 'Hallo, Flüge nach Berlin nächsten Freitag um 9 Uhr für 2 Personen'],
  ['ja', 'こんにちは、来週の金曜日に東京から大阪への航空券'],
  // chrono's slow first pass differs for a text without any date.
  ['en', 'Hey, can you help me find a cheap hotel in Rome in the summer?'],
  ['es', '¿me puedes ayudar a encontrar un hotel barato en Roma?'],
  ['fr', 'peux-tu m’aider à trouver un hôtel pas cher à Rome ?'],
  ['de', 'Kannst du mir helfen, ein günstiges Hotel in Rom zu finden?'],
  ['ja', 'ローマの安いホテルを探して'],
];

/**
 * What a free-text travel request asks for and with which details, in any of the five
 * interface languages. `context.today` is the person's date in `context.timeZone` (the caller
 * resolves it, so every relative date here is plain calendar arithmetic). With `previous`,
 * the request is read as a follow-up: what it does not change is kept.
 */
export function understandRequest(text: string, context: UnderstandingContext): Understanding {
  const folded = foldText(text);
  const language = detectLanguage(folded, context.language);
  const details = parseDetails(text, folded, language, context.today);
  const signals = intentSignals(folded);
  const said = weakBudget(intentFromSignals(signals), signals, details);
  const previous = context.previous;
  if (previous && isFollowUp(said, previous, details, folded)) {
    return followUp(previous, said, details, language);
  }
  const intent = said ?? intentFromDetails(details);
  const kept = keepsDetails(intent) ? details : {};
  const adjusted = adjustRoles(intent, kept);
  return { intent, details: adjusted, language, missing: missingFor(intent, adjusted) };
}

function parseDetails(
  text: string,
  folded: string,
  language: Language,
  today: string,
): RequestDetails {
  const details: RequestDetails = {
    ...assignRoles(findPlaces(text)),
    ...parseDates(text, language, today),
  };
  const travellers = parseTravellers(folded);
  if (travellers) details.travellers = travellers;
  const cabin = parseCabin(folded);
  if (cabin) details.cabin = cabin;
  const budget = parseBudget(folded);
  if (budget) details.budget = budget;
  const airline = parseAirline(text.normalize('NFKC'), folded);
  if (airline) details.airline = airline;
  if (parseNonStop(folded)) details.nonStop = true;
  const timeOfDay = parseTimeOfDay(folded);
  if (timeOfDay) details.timeOfDay = timeOfDay;
  const hotelStars = parseHotelStars(folded);
  if (hotelStars) details.hotelStars = hotelStars;
  return details;
}

/**
 * With no intent word, the details decide: a route (origin and destination) or a flight
 * detail (cabin, airline, non-stop) is a flight search; hotel stars a hotel search; a place
 * or a date alone, a trip. Nothing at all is not understood.
 */
function intentFromDetails(details: RequestDetails): AssistantIntent {
  if (details.origin && details.destination) return 'flights';
  if (details.cabin || details.airline || details.nonStop) return 'flights';
  if (details.hotelStars) return 'hotels';
  // "I have 2000 dollars, where can I go?": a budget alone asks for trip ideas within it.
  if (details.destination || details.departDate || details.month || details.budget) return 'trip';
  return 'unknown';
}

/**
 * "Budget" as a word alone ("Sydney in premium, budget 2500 AUD") states a limit for a
 * search; it is a budget question only without anything to search for.
 */
function weakBudget(
  said: AssistantIntent | undefined,
  signals: IntentSignals,
  details: RequestDetails,
): AssistantIntent | undefined {
  if (said !== 'budget' || signals.budget) return said;
  const searchable = intentFromDetails(details);
  return searchable === 'unknown' ? said : searchable;
}

function keepsDetails(intent: AssistantIntent): boolean {
  return !['greeting', 'thanks', 'help', 'unknown'].includes(intent);
}

/**
 * Hotels, experiences and destination questions have no origin: "hôtels de Paris" or
 * "hoteles de Madrid" name the place to stay even though "de" usually means "from".
 */
function adjustRoles(intent: AssistantIntent, details: RequestDetails): RequestDetails {
  const noOrigin = ['hotels', 'experiences', 'destination_info', 'bucket_list_add'].includes(
    intent,
  );
  if (!noOrigin || !details.origin) return details;
  const { origin, ...rest } = details;
  return rest.destination ? rest : { ...rest, destination: origin };
}

function isFollowUp(
  said: AssistantIntent | undefined,
  previous: Understanding,
  details: RequestDetails,
  folded: string,
): boolean {
  if (!SEARCH_INTENTS.has(previous.intent)) return false;
  if (said && !SEARCH_INTENTS.has(said)) return false;
  // A new search intent with its own destination and no "there" starts afresh only for the
  // place; dates and people said before still hold, so it merges too.
  return said !== undefined || Object.keys(details).length > 0 || THERE.test(folded);
}

/**
 * The previous request with what this one changes: "make it 3 people" changes the
 * travellers, "and hotels there?" the intent, "actually from Boston" the origin.
 */
function followUp(
  previous: Understanding,
  said: AssistantIntent | undefined,
  details: RequestDetails,
  language: Language,
): Understanding {
  const intent = said ?? impliedByDetails(previous.intent, details);
  const merged: RequestDetails = { ...previous.details };
  if (details.departDate || details.month) {
    delete merged.departDate;
    delete merged.returnDate;
    delete merged.month;
    if (!details.nights) delete merged.nights;
  }
  Object.assign(merged, details);
  if (details.nights && merged.departDate && !details.returnDate) {
    const depart = new Date(`${merged.departDate}T00:00:00Z`);
    depart.setUTCDate(depart.getUTCDate() + details.nights);
    merged.returnDate = depart.toISOString().slice(0, 10);
  }
  // The origin stays even for a hotel search: "flights too" after "and hotels there?" still
  // flies from where the person said.
  const adjusted = merged.destination ? merged : adjustRoles(intent, merged);
  return { intent, details: adjusted, language, missing: missingFor(intent, adjusted) };
}

/**
 * A follow-up without an intent word keeps the previous intent, unless what it changes only
 * makes sense for another search: a cabin, an airline, non-stop or a new origin after a
 * hotel search is about flights again; hotel stars after a flight search are about hotels.
 */
function impliedByDetails(previous: AssistantIntent, details: RequestDetails): AssistantIntent {
  const flightDetail = details.cabin || details.airline || details.nonStop || details.origin;
  if (flightDetail && (previous === 'hotels' || previous === 'experiences')) return 'flights';
  if (details.hotelStars && previous === 'flights') return 'hotels';
  return previous;
}

/**
 * What a search of this intent still needs. Flights need where and when (a month will do);
 * the origin is listed whenever absent and the caller fills it from the home airport.
 * Hotels need where and a check-in date or month; experiences, destination questions and
 * bucket-list additions need a place. A whole trip needs nothing: without a destination the
 * assistant suggests some within the budget, but it flies from somewhere.
 */
function missingFor(intent: AssistantIntent, details: RequestDetails): Understanding['missing'] {
  const missing: Understanding['missing'] = [];
  const when = details.departDate || details.month;
  if (intent === 'flights') {
    if (!details.destination) missing.push('destination');
    if (!details.origin) missing.push('origin');
    if (!when) missing.push('departDate');
  } else if (intent === 'hotels') {
    if (!details.destination) missing.push('destination');
    if (!when) missing.push('departDate');
  } else if (intent === 'trip') {
    if (!details.origin) missing.push('origin');
  } else if (['experiences', 'destination_info', 'bucket_list_add'].includes(intent)) {
    if (!details.destination) missing.push('destination');
  }
  return missing;
}
