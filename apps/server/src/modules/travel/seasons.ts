import {
  MAX_DAYS_AHEAD,
  SUGGESTION_LEAD_DAYS,
  SUGGESTION_MIN_LEAD_DAYS,
} from '@vowa/shared/travel/travel-constants';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { DestinationCategory } from './offline/data/destinations';
import { seedOf } from './offline/seeded-random';

/** What the season of a destination depends on: where it is, which country, what it is for. */
export type SeasonPlace = {
  latitude: number;
  longitude: number;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  category: DestinationCategory;
};

/** The months (1–12) a destination is at its best, and why. */
export type BestSeason = { months: readonly number[]; why: string };

const months = (...list: number[]) => list;
const codes = (list: string) => new Set(list.split(' '));

const MONSOON_ASIA = codes('IN LK BD MM TH KH LA VN MV');
const HIMALAYA = codes('NP BT');
const EAST_ASIA = codes('JP KR CN TW');
const GULF = codes('AE QA OM SA BH KW');
const NORTH_AFRICA = codes('MA TN DZ');
const CENTRAL_ASIA = codes('KZ UZ KG TJ TM');
const EAST_AFRICA = codes('KE TZ RW UG ET');
const SOUTHERN_AFRICA_DRY = codes('ZW ZM NA BW');
const SOUTH_PACIFIC = codes('FJ PF CK WS TO VU NC');
const ANDES_DRY = codes('PE BO');

/**
 * A destination's best months, from its climate: the dry season in the tropics (no monsoon, no
 * hurricanes or cyclones), spring and autumn where summers are hot or winters cold, summer for
 * beaches and the far north, the southern hemisphere's seasons turned round. Ordered rules by
 * region, then a fallback by latitude.
 */
export function bestSeasonOf(place: SeasonPlace): BestSeason {
  const { latitude: lat, longitude: lon, category } = place;
  const code = place.countryCode.toUpperCase();
  const beach = category === 'beach';

  // ---------- The Americas' tropics and the hurricane belt ----------
  if (lat > 18 && lat < 23 && lon > -161 && lon < -154) {
    return { months: months(4, 5, 6, 7, 8, 9, 10), why: 'Hawaii: dry, sunny months' };
  }
  if (lat >= 7 && lat < 31.5 && lon > -118 && lon < -58) {
    return {
      months: months(12, 1, 2, 3, 4),
      why: 'Dry season, outside the hurricane season (June to November)',
    };
  }
  if (ANDES_DRY.has(code) || (code === 'CL' && lat > -25 && lat < -20)) {
    if (code === 'PE' && lat > -13 && lon < -76) {
      return { months: months(12, 1, 2, 3, 4), why: 'The coast’s sunny summer' };
    }
    return { months: months(5, 6, 7, 8, 9, 10), why: 'Dry season in the Andes' };
  }
  if (code === 'EC' || (code === 'CO' && lat < 8)) {
    return code === 'EC'
      ? { months: months(6, 7, 8, 9), why: 'Dry season' }
      : { months: months(12, 1, 2, 3), why: 'Dry season' };
  }
  if (code === 'BR' && lat > -10 && lon < -50) {
    return { months: months(7, 8, 9, 10, 11), why: 'Dry season in the Amazon' };
  }

  // ---------- Asia ----------
  if (HIMALAYA.has(code) || (code === 'IN' && lat > 32)) {
    return code === 'IN'
      ? { months: months(6, 7, 8, 9), why: 'The high mountain summer, when passes are open' }
      : { months: months(3, 4, 10, 11), why: 'Clear skies before and after the monsoon' };
  }
  if (code === 'VN' && lat > 14 && lat < 18) {
    return { months: months(2, 3, 4, 5, 6, 7, 8), why: 'Dry season on the central coast' };
  }
  if (code === 'TH' && beach && lon > 99.5) {
    return { months: months(1, 2, 3, 4, 5, 6, 7, 8), why: 'Dry season on the Gulf coast' };
  }
  if (code === 'IN' && lat > 23) {
    return { months: months(10, 11, 12, 1, 2, 3), why: 'Cool, dry months after the monsoon' };
  }
  if (MONSOON_ASIA.has(code)) {
    return { months: months(11, 12, 1, 2, 3), why: 'Dry season, outside the monsoon' };
  }
  if (code === 'PH') {
    return { months: months(12, 1, 2, 3, 4, 5), why: 'Dry season, outside the typhoons' };
  }
  if (code === 'ID' || code === 'TL') {
    return { months: months(5, 6, 7, 8, 9), why: 'Dry season' };
  }
  if (code === 'MY' || code === 'SG' || code === 'BN') {
    return { months: months(1, 2, 3, 6, 7, 8), why: 'The drier months' };
  }
  if (code === 'HK' || code === 'MO') {
    return { months: months(10, 11, 12, 3, 4), why: 'Mild, dry months outside the typhoons' };
  }
  if (EAST_ASIA.has(code)) {
    if (lat > 42) return { months: months(6, 7, 8, 9), why: 'The northern summer' };
    if (beach) return { months: months(5, 6, 9, 10), why: 'Warm sea outside the typhoons' };
    return { months: months(3, 4, 5, 10, 11), why: 'Spring and autumn' };
  }
  if (CENTRAL_ASIA.has(code)) {
    return category === 'mountain'
      ? { months: months(6, 7, 8, 9), why: 'The mountain summer' }
      : { months: months(4, 5, 6, 9, 10), why: 'Spring and autumn' };
  }

  // ---------- The Middle East and Africa ----------
  if (GULF.has(code)) {
    return { months: months(11, 12, 1, 2, 3), why: 'The mild winter, away from the summer heat' };
  }
  if (code === 'EG') {
    return beach
      ? { months: months(3, 4, 5, 10, 11), why: 'Warm sea without the summer heat' }
      : { months: months(10, 11, 12, 1, 2, 3), why: 'The cool months' };
  }
  if (code === 'JO') {
    return lat < 30.5
      ? { months: months(11, 12, 1, 2, 3, 4), why: 'The mild winter' }
      : { months: months(3, 4, 5, 10, 11), why: 'Spring and autumn' };
  }
  if (NORTH_AFRICA.has(code)) {
    return { months: months(3, 4, 5, 9, 10, 11), why: 'Spring and autumn' };
  }
  if (EAST_AFRICA.has(code)) {
    return beach
      ? { months: months(6, 7, 8, 9, 10, 12, 1, 2), why: 'The dry seasons' }
      : { months: months(6, 7, 8, 9, 10, 1, 2), why: 'The dry seasons, the best for safaris' };
  }
  if (SOUTHERN_AFRICA_DRY.has(code)) {
    return { months: months(5, 6, 7, 8, 9, 10), why: 'Dry season' };
  }
  if (code === 'ZA') {
    return lon < 22
      ? { months: months(11, 12, 1, 2, 3), why: 'The Cape’s dry summer' }
      : { months: months(3, 4, 5, 9, 10, 11), why: 'Spring and autumn' };
  }
  if (code === 'MU' || code === 'RE') {
    return { months: months(5, 6, 7, 8, 9, 10, 11), why: 'Dry season, outside the cyclones' };
  }
  if (code === 'SC') {
    return { months: months(4, 5, 10, 11), why: 'Calm seas between the trade winds' };
  }
  if (code === 'GH' || code === 'SN' || code === 'NG' || code === 'CI') {
    return { months: months(11, 12, 1, 2, 3), why: 'Dry season' };
  }

  // ---------- Oceania ----------
  if (SOUTH_PACIFIC.has(code)) {
    return { months: months(5, 6, 7, 8, 9, 10), why: 'Dry season, outside the cyclones' };
  }
  if (code === 'AU') {
    if (lat > -20) return { months: months(5, 6, 7, 8, 9), why: 'Dry season in the tropics' };
    if (lon > 125 && lon < 140 && lat > -30) {
      return { months: months(4, 5, 6, 7, 8, 9), why: 'The cooler months in the desert' };
    }
    if (beach) return { months: months(11, 12, 1, 2, 3), why: 'The southern summer' };
    if (lat < -40) return { months: months(12, 1, 2, 3), why: 'The southern summer' };
    return { months: months(3, 4, 5, 9, 10, 11), why: 'Spring and autumn' };
  }
  if (code === 'NZ') return { months: months(11, 12, 1, 2, 3), why: 'The southern summer' };

  // ---------- The far north: summer; the aurora in winter for Arctic adventures ----------
  if (lat >= 64 && category === 'adventure') {
    return { months: months(12, 1, 2, 3), why: 'Dark winter nights for the northern lights' };
  }
  if (lat >= 59) return { months: months(6, 7, 8), why: 'The long days of the northern summer' };

  // ---------- Southern South America ----------
  if (lat <= -38) return { months: months(11, 12, 1, 2, 3), why: 'The southern summer' };
  if (lat < -20 && lat > -38) {
    return beach || category === 'historical'
      ? { months: months(12, 1, 2, 3), why: 'The southern summer' }
      : { months: months(3, 4, 5, 9, 10, 11), why: 'Spring and autumn' };
  }
  if (lat < 0) return { months: months(9, 10, 11, 12, 1, 2), why: 'Dry season' };

  // ---------- North America ----------
  if (code === 'US' || code === 'CA') {
    if (beach) return { months: months(5, 6, 7, 8, 9, 10), why: 'Summer by the sea' };
    if (lat >= 32 && lat < 38 && lon > -118 && lon < -105) {
      return {
        months: months(3, 4, 5, 10, 11),
        why: 'Spring and autumn, away from the desert heat',
      };
    }
    if (category === 'mountain' || lat >= 43) {
      return { months: months(6, 7, 8, 9), why: 'Summer' };
    }
    return { months: months(4, 5, 6, 9, 10), why: 'Spring and autumn' };
  }

  // ---------- Europe and the Mediterranean ----------
  if (lat < 34 && lon > -20 && lon < -10) {
    return {
      months: months(3, 4, 5, 6, 9, 10, 11),
      why: 'Spring-like all year; outside the wettest months',
    };
  }
  if (beach) {
    return lat < 38
      ? { months: months(5, 6, 7, 8, 9, 10), why: 'Summer by the sea' }
      : { months: months(6, 7, 8, 9), why: 'Summer by the sea' };
  }
  if (category === 'mountain') return { months: months(6, 7, 8, 9), why: 'The mountain summer' };
  if (lat < 45)
    return { months: months(4, 5, 6, 9, 10), why: 'Spring and autumn, away from the summer heat' };
  if (lat < 59) return { months: months(5, 6, 7, 8, 9), why: 'Late spring to early autumn' };

  // ---------- Anywhere else: by latitude ----------
  return fallbackSeason(lat);
}

function fallbackSeason(lat: number): BestSeason {
  if (lat >= 0 && lat < 23.5) return { months: months(12, 1, 2, 3, 4), why: 'Dry season' };
  if (lat < 0 && lat > -23.5) return { months: months(5, 6, 7, 8, 9, 10), why: 'Dry season' };
  if (lat >= 23.5 && lat < 35) return { months: months(3, 4, 5, 10, 11), why: 'Spring and autumn' };
  if (lat >= 35) return { months: months(5, 6, 7, 8, 9), why: 'Summer' };
  return { months: months(11, 12, 1, 2, 3), why: 'The southern summer' };
}

const monthOf = (isoDate: string) => Number(isoDate.slice(5, 7));
const weekdayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/**
 * When a trip of `nights` nights could leave: up to `count` nearby dates (a flexible-dates
 * search: every other day, or for a short trip the Thursday and Friday of successive weeks, a
 * long weekend) within the destination's next good season, the whole trip inside it, at the
 * earliest SUGGESTION_MIN_LEAD_DAYS from today and within what is on sale. Destinations that
 * share a season leave at different points of its first six weeks (by `seed`).
 */
export function departureDates(input: {
  today: string;
  season: readonly number[];
  nights: number;
  seed: string;
  count: number;
}): string[] {
  const { today, season, nights, seed } = input;
  const first = SUGGESTION_MIN_LEAD_DAYS;
  // A little margin under what is on sale: the Modify dialog offers dates up to two days later.
  const last = MAX_DAYS_AHEAD - nights - 3;
  const inSeason = (offset: number) => {
    const leave = addDays(today, offset);
    return season.includes(monthOf(leave)) && season.includes(monthOf(addDays(leave, nights)));
  };
  let start = first;
  while (start <= last && !inSeason(start)) start += 1;
  if (start > last) return [addDays(today, SUGGESTION_LEAD_DAYS)];
  let end = start;
  while (end + 1 <= last && inSeason(end + 1)) end += 1;

  const count = Math.max(1, input.count);
  const weekend = nights <= 4;
  const span = weekend ? 7 * Math.ceil(count / 2) : 2 * (count - 1);
  const room = Math.max(0, end - start - span);
  const hash = seedOf('departure', seed);
  const from = start + (hash % (Math.min(room, 42) + 1));

  const offsets: number[] = [];
  if (weekend) {
    let thursday = from;
    while (weekdayOf(addDays(today, thursday)) !== 4) thursday += 1;
    for (let week = 0; offsets.length < count; week += 1) {
      offsets.push(thursday + 7 * week);
      if (offsets.length < count) offsets.push(thursday + 7 * week + 1);
    }
  } else {
    for (let index = 0; index < count; index += 1) offsets.push(from + 2 * index);
  }
  const dates = offsets
    .filter((day) => day >= start && day <= end)
    .map((day) => addDays(today, day));
  return dates.length > 0 ? dates : [addDays(today, start)];
}
