import { beforeAll, describe, expect, it } from 'vitest';
import { corpus, CORPUS_TODAY, type Expected } from './understanding-corpus';
import { understandRequest, type PlaceMention, type Understanding } from './understand-request';

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
    understandRequest('flights to Paris', context('en'));
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
});
