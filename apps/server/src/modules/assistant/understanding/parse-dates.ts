import * as chrono from 'chrono-node';
import {
  addDays,
  daysBetween,
  nextMonth,
  nextOccurrence,
  partsOf,
  toIsoDate,
  weekdayOf,
} from './calendar-dates';
import { foldText } from './fold-text';
import { countFrom, NUMBER_WORD_PATTERN } from './number-words';

export type Language = 'en' | 'es' | 'fr' | 'de' | 'ja';
export type DateDetails = {
  departDate?: string;
  returnDate?: string;
  nights?: number;
  month?: string;
};

// Month names in the five languages, folded (no accents: "März" is "marz", "août" "aout").
// "may" and "mar" are also words ("I may", Spanish "mar" = sea), so they need a day or "in".
const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  'january february march april may june july august september october november december',
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
  'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
  'januar februar marz april mai juni juli august september oktober november dezember',
  'jan feb _ apr _ jun jul aug sep oct nov dec',
];
for (const line of MONTH_NAMES) {
  line.split(' ').forEach((name, index) => {
    if (name !== '_') MONTHS[name] = index + 1;
  });
}
MONTHS.sept = 9;
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const ORDINAL = '(?:st|nd|rd|th|er|eme|o|º|\\.)?';
const RANGE_WORD =
  '(?:-|–|—|~|to|till|until|through|al|a|hasta el|au|jusqu au|bis|bis zum|y|et|and)';
const OF = '(?:of\\s+|de\\s+)?';

type Found = { depart?: string; return?: string; month?: string; nights?: number };
type Rule = (text: string, today: string) => { found: Found; span: [number, number] } | null;

function monthOf(name: string | undefined): number {
  return MONTHS[name ?? ''] ?? 0;
}

/** "14–18 July", "del 14 al 18 de julio", "du 14 au 18 juillet", "vom 14. bis 18. Juli". */
const dayRangeThenMonth: Rule = (text, today) => {
  const pattern = new RegExp(
    `\\b(\\d{1,2})${ORDINAL}\\s*${RANGE_WORD}\\s*(?:the\\s+)?(\\d{1,2})${ORDINAL}\\s*${OF}${MONTH}\\b`,
  );
  const match = pattern.exec(text);
  if (!match) return null;
  const month = monthOf(match[3]);
  const depart = nextOccurrence(today, Number(match[1]), month);
  const back = rollForward(depart, toIsoDate(partsOf(depart).year, month, Number(match[2])));
  return { found: { depart, return: back }, span: spanOf(match) };
};

/** "3 March to 10 April", "del 3 de marzo al 10 de abril". */
const dayMonthRange: Rule = (text, today) => {
  const pattern = new RegExp(
    `\\b(\\d{1,2})${ORDINAL}\\s*${OF}${MONTH}\\s*${RANGE_WORD}\\s*(?:the\\s+)?(\\d{1,2})${ORDINAL}\\s*${OF}${MONTH}\\b`,
  );
  const match = pattern.exec(text);
  if (!match) return null;
  const depart = nextOccurrence(today, Number(match[1]), monthOf(match[2]));
  const back = rollForward(
    depart,
    toIsoDate(partsOf(depart).year, monthOf(match[4]), Number(match[3])),
  );
  return { found: { depart, return: back }, span: spanOf(match) };
};

/** "July 14-18", "June 3 to June 10". */
const monthThenDayRange: Rule = (text, today) => {
  const pattern = new RegExp(
    `\\b${MONTH}\\s+(\\d{1,2})${ORDINAL}\\s*${RANGE_WORD}\\s*(?:${MONTH}\\s+)?(\\d{1,2})${ORDINAL}(?!\\d)`,
  );
  const match = pattern.exec(text);
  if (!match) return null;
  const depart = nextOccurrence(today, Number(match[2]), monthOf(match[1]));
  const month = match[3] ? monthOf(match[3]) : monthOf(match[1]);
  const back = rollForward(depart, toIsoDate(partsOf(depart).year, month, Number(match[4])));
  return { found: { depart, return: back }, span: spanOf(match) };
};

/** "from the 3rd to the 10th", "del 3 al 10", "du 3 au 10", "vom 3. bis 10.": days only. */
const dayOnlyRange: Rule = (text, today) => {
  const pattern = new RegExp(
    `\\b(?:from|between|del|entre el|du|vom|von)\\s+(?:the\\s+)?(\\d{1,2})${ORDINAL}\\s+(?:to|and|till|until|al|au|bis|zum)\\s+(?:the\\s+)?(\\d{1,2})${ORDINAL}(?!\\s*(?:\\d|€|\\$|%|people|personas|personnes|personen|adult|day|dia|jour|tag|night|noche|nuit|nacht|star|estrella|etoile|stern))`,
  );
  const match = pattern.exec(text);
  if (!match) return null;
  const depart = nextOccurrence(today, Number(match[1]));
  const { year, month } = partsOf(depart);
  const back = rollForward(depart, toIsoDate(year, month, Number(match[2])));
  return { found: { depart, return: back }, span: spanOf(match) };
};

/** Japanese "7月14日から18日", "7月14日〜7月18日". */
const japaneseRange: Rule = (text, today) => {
  const match = /(\d{1,2})月(\d{1,2})日?\s*(?:から|〜|~|-|–)\s*(?:(\d{1,2})月)?(\d{1,2})日/.exec(
    text,
  );
  if (!match) return null;
  const depart = nextOccurrence(today, Number(match[2]), Number(match[1]));
  const month = match[3] ? Number(match[3]) : Number(match[1]);
  const back = rollForward(depart, toIsoDate(partsOf(depart).year, month, Number(match[4])));
  return { found: { depart, return: back }, span: spanOf(match) };
};

const WEEKDAYS_JA = '日月火水木金土';

/** Japanese "来週の金曜日" (next week's Friday), "今週の土曜日": chrono ja reads only the day. */
const japaneseWeekday: Rule = (text, today) => {
  const match = /(再来週|来週|今週)の?([日月火水木金土])曜日?/.exec(text);
  if (!match) return null;
  const weeks = match[1] === '再来週' ? 2 : match[1] === '来週' ? 1 : 0;
  const target = WEEKDAYS_JA.indexOf(match[2] as string);
  // Weeks start on Monday in Japan; count from this week's Monday.
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const depart = addDays(monday, weeks * 7 + ((target + 6) % 7));
  return { found: { depart }, span: spanOf(match) };
};

/**
 * "This weekend" and "next weekend" in the five languages: leaving Friday, back Sunday,
 * as a weekend trip is usually planned. Said on a Saturday or Sunday, "this weekend" starts
 * today.
 */
const weekend: Rule = (text, today) => {
  const match =
    /\b(?:le |el )?(week[- ]?end|fin de semana) (prochain|que viene)\b|\b(this|next|este|el proximo|proximo|ce|le|dieses|diese|am|nachstes|nachste)\s+(weekend|fin de semana|week[- ]?end|wochenende)\b|(今週末|来週末|週末)/.exec(
      text,
    );
  if (!match) return null;
  const next = /next|proximo|nachst|prochain|que viene|来週末/.test(match[0]);
  const weekday = weekdayOf(today);
  let friday = addDays(today, (5 - weekday + 7) % 7);
  if (weekday === 6) friday = today;
  if (weekday === 0) friday = today;
  const sunday = weekday === 0 ? today : addDays(friday, weekday === 6 ? 1 : 2);
  const shift = next ? 7 : 0;
  return {
    found: { depart: addDays(friday, shift), return: addDays(sunday, shift) },
    span: spanOf(match),
  };
};

/** "Tonight" in the five languages: chrono fr and de miss "ce soir" and "heute Nacht". */
const tonight: Rule = (text, today) => {
  const match =
    /\b(?:tonight|esta noche|ce soir|cette nuit|heute abend|heute nacht)\b|今夜|今晩/.exec(text);
  return match ? { found: { depart: today }, span: spanOf(match) } : null;
};

/** "Next week" (a week from today, as chrono en reads it), which chrono es and fr miss. */
const nextWeek: Rule = (text, today) => {
  const match =
    /\b(?:next week|la semana que viene|la proxima semana|la semaine prochaine|nachste woche|nachsten woche|kommende woche)\b|来週(?!の?[日月火水木金土]|末)/.exec(
      text,
    );
  return match ? { found: { depart: addDays(today, 7) }, span: spanOf(match) } : null;
};

/** "12.06." or "12/06" in Spanish, French and German: day first. English is left to chrono. */
const dayFirstNumericDate: Rule = (text, today) => {
  const match = /(?<![\d./])(\d{1,2})[./](\d{1,2})(?:[./](\d{4}))?(?![\d/]|\.\d)/.exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  const depart = match[3]
    ? toIsoDate(Number(match[3]), month, day)
    : nextOccurrence(today, day, month);
  return { found: { depart }, span: spanOf(match) };
};

/** Japanese "明後日" / "あさって" (the day after tomorrow), which chrono ja does not read. */
const japaneseDayAfterTomorrow: Rule = (text, today) => {
  const match = /明後日|あさって/.exec(text);
  return match ? { found: { depart: addDays(today, 2) }, span: spanOf(match) } : null;
};

/**
 * A day of the month alone: "on the 25th", "el 25", "le 25", "am 25.": this month's, or next
 * month's once it has passed. Not when a month, a unit or an amount follows.
 */
const dayOfMonthOnly: Rule = (text, today) => {
  const match = new RegExp(
    `\\b(?:on the|the|el|le|am)\\s+(\\d{1,2})(?:st|nd|rd|th|er|\\.)?(?!\\s*(?:\\d|${MONTH}|de ${MONTH}|of|€|\\$|%|people|personas|personnes|personen|days?|dias|jours|tage|nights?|noches|nuits|nachte|stars?|estrellas|etoiles|sterne|euros?|dollars?))`,
  ).exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  if (day < 1 || day > 31) return null;
  return { found: { depart: nextOccurrence(today, day) }, span: spanOf(match) };
};

const DATE_RULES: Rule[] = [
  japaneseRange,
  japaneseWeekday,
  japaneseDayAfterTomorrow,
  dayMonthRange,
  dayRangeThenMonth,
  monthThenDayRange,
  dayOnlyRange,
  weekend,
  tonight,
  nextWeek,
];

// Tried only when neither the rules above nor chrono found a day.
const LAST_RESORT_RULES: Rule[] = [dayOfMonthOnly];

function spanOf(match: RegExpExecArray): [number, number] {
  return [match.index, match.index + match[0].length];
}

/** An end date that would fall before the start belongs to the next month or year. */
function rollForward(start: string, end: string): string {
  if (end >= start) return end;
  const { year, month, day } = partsOf(end);
  const sameYear = partsOf(start).year === year;
  return sameYear && month === partsOf(start).month
    ? toIsoDate(year, month + 1, day)
    : toIsoDate(year + 1, month, day);
}

function spaces(phrase: string): string {
  return ' '.repeat(phrase.length);
}

function blank(text: string, [start, end]: [number, number]): string {
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
}

const DURATION_UNITS: Record<string, number> = {
  day: 1,
  days: 1,
  night: 1,
  nights: 1,
  week: 7,
  weeks: 7,
  dia: 1,
  dias: 1,
  noche: 1,
  noches: 1,
  semana: 7,
  semanas: 7,
  jour: 1,
  jours: 1,
  nuit: 1,
  nuits: 1,
  semaine: 7,
  semaines: 7,
  tag: 1,
  tage: 1,
  tagen: 1,
  nacht: 1,
  nachte: 1,
  nachten: 1,
  woche: 7,
  wochen: 7,
};

/**
 * How long the stay is: "for 10 days", "a week", "3 nights", "dos semanas", "quinze jours",
 * "zwei Wochen", "3泊", "10日間". N days count as N nights away (a week is seven nights), the
 * way hotel and flight searches take a length. "In 3 days" is a date, not a length.
 */
function parseNights(text: string): { nights: number; span: [number, number] } | undefined {
  const latin = new RegExp(
    `(?<!\\b(?:in|en|dans|dentro de|within)\\s)\\b(\\d{1,2}|${NUMBER_WORD_PATTERN}|a|one)[\\s-]+(${Object.keys(DURATION_UNITS).join('|')})\\b|\\b(fortnight)\\b`,
  );
  const match = latin.exec(text);
  if (match) {
    if (match[3]) return { nights: 14, span: spanOf(match) };
    const count = countFrom(match[1]);
    const unit = DURATION_UNITS[match[2] ?? ''];
    if (count && unit) return { nights: count * unit, span: spanOf(match) };
  }
  const japanese = /(\d{1,2}|[一二三四五六七八九十])(泊|日間|週間)/.exec(text);
  if (japanese) {
    const count = countFrom(japanese[1]) ?? 0;
    const nights = japanese[2] === '週間' ? count * 7 : count;
    return nights ? { nights, span: spanOf(japanese) } : undefined;
  }
  return undefined;
}

/** "In March", "en marzo", "im März", "3月に"; "next month" in every language. */
function parseMonth(text: string, today: string): string | undefined {
  const relative =
    /\b(next month|el mes que viene|el proximo mes|le mois prochain|nachsten monat|nachster monat)\b|来月/.exec(
      text,
    );
  if (relative) {
    const { year, month } = partsOf(today);
    return toIsoDate(year, month + 1, 1).slice(0, 7);
  }
  const named = new RegExp(`\\b${MONTH}\\b`, 'g');
  for (const match of text.matchAll(named)) {
    const name = match[1] ?? '';
    const before = text.slice(Math.max(0, match.index - 8), match.index);
    if (
      ['may', 'mai', 'mars'].includes(name) &&
      !/\b(in|for|during|en|im|in early|in late)\s+$/.test(before)
    )
      continue;
    return nextMonth(today, monthOf(name));
  }
  const japanese = /(\d{1,2})月(?![\d日])/.exec(text);
  return japanese ? nextMonth(today, Number(japanese[1])) : undefined;
}

// chrono reads "por la mañana" as tomorrow morning and "am Morgen" as tomorrow; in a travel
// request both are a time of day, which parse-preferences reads instead.
const TIME_OF_DAY_PHRASES =
  /\b(?:por la manana|de la manana|en la manana|am morgen|le matin|du matin|morning|afternoon|evening|night|por la tarde|tarde|noche|apres[- ]midi|matin|soir|nuit|nachmittag|vormittag|abend|nacht|morgens|abends)\b/g;
// Prices per night ("150 euros a night", "1泊2万円") are not a length of stay.
const PER_NIGHT =
  /\b(?:(?:a|per|each|por|par|pro)\s+(?:night|noche|nuit|nacht)|la nuit)\b|1泊(?=\d|あたり)/g;

function chronoDates(text: string, language: Language, today: string): Found {
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  const parser = chrono[language] ?? chrono.en;
  const results = parser.parse(text, reference, { forwardDate: true }).filter(isCalendarDay);
  const first = results[0];
  if (!first) return {};
  const depart = isoOf(first.start);
  const second = results[1]?.start;
  let end = first.end ? isoOf(first.end) : second ? isoOf(second) : undefined;
  // "leave on Monday and come back Thursday": chrono reads each weekday from today, so the
  // Thursday after that Monday is a week later than the one it gives.
  while (
    end &&
    end <= depart &&
    second &&
    !second.isCertain('day') &&
    second.isCertain('weekday')
  ) {
    end = addDays(end, 7);
  }
  return { depart, ...(end && end > depart ? { return: end } : {}) };
}

type ChronoComponents = chrono.ParsedComponents;

/** A result that names a day (or a weekday, or "tomorrow"), not only an hour or a month. */
function isCalendarDay(result: chrono.ParsedResult): boolean {
  const start = result.start;
  // Three-digit numbers ("hasta 300 dólares") are amounts, never days.
  if (/\b\d{3}\b/.test(result.text)) return false;
  if (start.isCertain('day') || start.isCertain('weekday')) return true;
  // "tomorrow", "next week" carry no digits and no month name; "March" alone is a month,
  // which parseMonth reads as a month rather than as the 1st.
  return !start.isCertain('month') && !/\d/.test(result.text);
}

function isoOf(components: ChronoComponents): string {
  return toIsoDate(
    components.get('year') ?? 0,
    components.get('month') ?? 1,
    components.get('day') ?? 1,
  );
}

/** Every date detail of a request, resolved against `today` (YYYY-MM-DD in the person's zone). */
export function parseDates(text: string, language: Language, today: string): DateDetails {
  let folded = foldText(text);
  const found: Found = {};
  const rules = language === 'en' ? DATE_RULES : [...DATE_RULES, dayFirstNumericDate];
  for (const rule of rules) {
    const result = rule(folded, today);
    if (!result) continue;
    Object.assign(found, result.found);
    folded = blank(folded, result.span);
    break;
  }
  folded = folded.replace(PER_NIGHT, spaces);
  const length = parseNights(folded);
  if (length) folded = blank(folded, length.span);
  if (!found.depart) {
    const withoutTimes = folded.replace(TIME_OF_DAY_PHRASES, spaces);
    Object.assign(found, chronoFallback(text, withoutTimes, language, today));
  }
  for (const rule of found.depart ? [] : LAST_RESORT_RULES) {
    const result = rule(folded, today);
    if (result) Object.assign(found, result.found);
  }
  const details: DateDetails = {};
  if (found.depart) details.departDate = found.depart;
  if (found.return) details.returnDate = found.return;
  if (length) details.nights = length.nights;
  if (details.departDate && details.returnDate) {
    details.nights = daysBetween(details.departDate, details.returnDate);
  } else if (details.departDate && details.nights) {
    details.returnDate = addDays(details.departDate, details.nights);
  }
  if (!details.departDate) {
    const month = parseMonth(folded, today);
    if (month) details.month = month;
  }
  return details;
}

/**
 * chrono on the words the rules left, in the request's language only: an English reading of
 * another language finds dates that are not there (French "mon" is Monday to it).
 */
function chronoFallback(
  original: string,
  folded: string,
  language: Language,
  today: string,
): Found {
  // chrono wants the accents ("próximo", "nächsten"), so it reads the original text with the
  // spans the rules took blanked out; folding keeps lengths, so positions still agree.
  const text = original.normalize('NFKC');
  const kept =
    text.length === folded.length
      ? text
          .split('')
          .map((char, index) => (folded[index] === ' ' && char !== ' ' ? ' ' : char))
          .join('')
      : text;
  return chronoDates(kept, language, today);
}
