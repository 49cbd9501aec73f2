import { beforeAll, describe, expect, it } from 'vitest';
import { corpus, CORPUS_TODAY, type Expected } from './understanding-corpus';
import {
  prepareUnderstanding,
  understandRequest,
  type PlaceMention,
  type Understanding,
} from './understand-request';

const context = (language: Understanding['language'], previous?: Understanding) => ({
  language,
  today: CORPUS_TODAY,
  timeZone: 'Europe/Madrid',
  ...(previous ? { previous } : {}),
});

// Places compare by airport code, countries by ISO code: what the search tools need.
const placeKey = (place: PlaceMention | undefined) =>
  place ? (place.kind === 'country' ? place.countryCode : place.iata) : undefined;

/** The understanding in the corpus's compact form, leaving out what was not read. */
function project({ details }: Understanding): Expected {
  const projected: Expected = {
    from: placeKey(details.origin),
    to: placeKey(details.destination),
    depart: details.departDate,
    ret: details.returnDate,
    nights: details.nights,
    month: details.month,
    travellers: details.travellers,
    cabin: details.cabin,
    budget: details.budget
      ? details.budget.currency
        ? [details.budget.amount, details.budget.currency]
        : [details.budget.amount]
      : undefined,
    airline: details.airline?.code,
    nonStop: details.nonStop ? true : undefined,
    time: details.timeOfDay,
    stars: details.hotelStars,
  };
  return Object.fromEntries(
    Object.entries(projected).filter(([, value]) => value !== undefined),
  ) as Expected;
}

describe('understandRequest', () => {
  beforeAll(() => {
    // Load the gazetteer, airports and indexes once, outside any one case's time.
    prepareUnderstanding();
  });

  it('has at least 40 requests in each language and 300 in all', () => {
    const counts = new Map<string, number>();
    for (const [language] of corpus) counts.set(language, (counts.get(language) ?? 0) + 1);
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    for (const language of ['en', 'es', 'fr', 'de', 'ja']) {
      expect(counts.get(language)).toBeGreaterThanOrEqual(40);
    }
  });

  it.each(corpus)('[%s] %s', (language, text, intent, expected) => {
    const understanding = understandRequest(text, context(language));
    expect({ intent: understanding.intent, details: project(understanding) }).toEqual({
      intent,
      details: expected,
    });
    expect(understanding.language).toBe(language);
  });

  describe('a conversation', () => {
    /** Each turn read with the one before as `previous`; the last understanding. */
    function converse(language: Understanding['language'], turns: string[]): Understanding[] {
      const results: Understanding[] = [];
      for (const turn of turns)
        results.push(understandRequest(turn, context(language, results.at(-1))));
      return results;
    }

    it('keeps places and dates while the person changes one thing at a time', () => {
      const [first, people, hotels, cabin, origin, place] = converse('en', [
        'flights from NYC to Lisbon next Friday for 2',
        'make it 3 people',
        'and hotels there?',
        'what about business class?',
        'actually from Boston',
        'what about Porto?',
      ]).map((understanding) => ({
        intent: understanding.intent,
        details: project(understanding),
      }));
      const trip = { from: 'JFK', to: 'LIS', depart: '2026-05-22' };
      expect(first).toEqual({ intent: 'flights', details: { ...trip, travellers: 2 } });
      expect(people).toEqual({ intent: 'flights', details: { ...trip, travellers: 3 } });
      expect(hotels).toEqual({ intent: 'hotels', details: { ...trip, travellers: 3 } });
      expect(cabin).toEqual({
        intent: 'flights',
        details: { ...trip, travellers: 3, cabin: 'business' },
      });
      expect(origin?.details).toEqual({ ...trip, from: 'BOS', travellers: 3, cabin: 'business' });
      expect(place?.details).toEqual({
        ...trip,
        from: 'BOS',
        to: 'OPO',
        travellers: 3,
        cabin: 'business',
      });
    });

    it('asks for what is missing until it is said', () => {
      const [ask, month] = converse('en', ['flights to Rome', 'in March']);
      expect(ask?.missing).toEqual(['origin', 'departDate']);
      expect(month?.missing).toEqual(['origin']);
      expect(project(month as Understanding)).toEqual({ to: 'FCO', month: '2027-03' });
    });

    it('replaces the dates when new ones are given, and a new length moves the return', () => {
      const [, longer] = converse('en', [
        'hotels in Paris from June 10 to June 14',
        'for a week instead',
      ]);
      expect(project(longer as Understanding)).toEqual({
        to: 'CDG',
        depart: '2026-06-10',
        ret: '2026-06-17',
        nights: 7,
      });
    });

    it.each([
      [
        'es',
        ['vuelos a Roma del 14 al 18 de julio', 'somos 4', '¿y hoteles allí?'],
        'hotels',
        { to: 'FCO', depart: '2026-07-14', ret: '2026-07-18', nights: 4, travellers: 4 },
      ],
      [
        'fr',
        ['vols pour Lisbonne en mars', 'et des hôtels là-bas ?', 'plutôt 5 étoiles'],
        'hotels',
        { to: 'LIS', month: '2027-03', stars: 5 },
      ],
      [
        'de',
        [
          'Flüge nach Wien nächsten Freitag',
          'und Hotels dort?',
          'für 3 Personen',
          'lieber ab München',
        ],
        'flights',
        { from: 'MUC', to: 'VIE', depart: '2026-05-22', travellers: 3 },
      ],
      [
        'ja',
        ['来週の金曜日に東京からソウルへの航空券', '3人にして', 'そこのホテルは？'],
        'hotels',
        { from: 'HND', to: 'ICN', depart: '2026-05-22', travellers: 3 },
      ],
    ] as const)('follows a conversation in %s', (language, turns, intent, expected) => {
      const last = converse(language, [...turns]).at(-1) as Understanding;
      expect({ intent: last.intent, details: project(last) }).toEqual({
        intent,
        details: expected,
      });
    });

    it('starts afresh after a greeting or thanks, which carry no details', () => {
      const [, thanks] = converse('en', ['flights to Rome in March', 'thanks!']);
      expect(thanks).toMatchObject({ intent: 'thanks', details: {}, missing: [] });
    });
  });

  it('keeps the interface language when the words do not tell', () => {
    expect(understandRequest('Lisboa?', context('es')).language).toBe('es');
    expect(understandRequest('JFK', context('de')).language).toBe('de');
  });

  it('does not take ordinary words for places', () => {
    for (const text of [
      'I want to go somewhere nice',
      'I need to book something',
      'can you help me plan',
    ]) {
      const { details } = understandRequest(text, context('en'));
      expect(details.destination).toBeUndefined();
      expect(details.origin).toBeUndefined();
    }
  });

  it('names the place as written and as the search needs it', () => {
    const { details } = understandRequest('vuelos de Nueva York a Múnich', context('es'));
    expect(details.origin).toEqual({
      text: 'Nueva York',
      kind: 'city',
      name: 'New York',
      iata: 'JFK',
      countryCode: 'US',
    });
    expect(details.destination).toEqual({
      text: 'Múnich',
      kind: 'city',
      name: 'Munich',
      iata: 'MUC',
      countryCode: 'DE',
    });
  });
});
