import { addDays } from '@vowa/shared/travel/travel-rules';
import type { TripSuggestionsResponse } from '@vowa/shared/travel/trip-quote-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person } from '../../../test/api-helpers';
import { startFakeChatCompletions } from '../../../test/fake-chat-completions';
import { createTestApp, type TestApp } from '../../../test/test-app';

const NOW = new Date('2026-11-21T10:00:00Z');
const CHECK_IN = addDays('2026-11-21', 35);
const trip = {
  origin: 'JFK',
  destination: 'CDG',
  checkIn: CHECK_IN,
  nights: 7,
  travelers: 2,
  flightClass: 'economy',
  hotelCategory: 'mid-range',
  additionalCities: [],
  currency: 'USD',
};

async function ask(api: ReturnType<typeof as>, message: string, overrides: object = {}) {
  const response = await api.post('/api/llm/trip_suggestions', {
    trip: { ...trip, ...overrides },
    message,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TripSuggestionsResponse;
}

describe('POST /api/llm/trip_suggestions with the offline assistant', () => {
  let t: TestApp;
  let api: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    api = as(t.app, await person(t.app, 'Ada Asker'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a signed-in person and a non-blank request', async () => {
    const guest = await as(t.app, null).post('/api/llm/trip_suggestions', {
      trip,
      message: 'Ideas?',
    });
    expect(guest.statusCode).toBe(401);
    const blank = await api.post('/api/llm/trip_suggestions', { trip, message: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers with two to four varied ideas priced from recorded quotes', async () => {
    const answer = await ask(api, 'What would you suggest for this trip?');
    expect(answer.answeredBy).toBe('offline');
    expect(answer.reply).toContain('Paris');
    expect(answer.suggestions.length).toBeGreaterThanOrEqual(2);
    expect(answer.suggestions.length).toBeLessThanOrEqual(4);
    const kinds = answer.suggestions.map((idea) => idea.kind);
    expect(kinds.filter((kind) => kind === 'experience').length).toBeLessThanOrEqual(2);
    expect(new Set(kinds).size).toBeGreaterThanOrEqual(2);
    const hotel = answer.suggestions.find((idea) => idea.kind === 'hotel_category');
    if (hotel?.kind === 'hotel_category') {
      // The stay is a recorded quote: it can be priced again from its id.
      const requote = await api.post('/api/travel/requote', {
        kind: 'hotel',
        quoteId: hotel.quoteId,
        roomType: 'standard',
        checkIn: CHECK_IN,
        checkOut: addDays(CHECK_IN, 7),
        nights: 7,
        currency: 'USD',
      });
      expect(requote.statusCode, requote.body).toBe(200);
      expect((requote.json() as { originalPrice: number }).originalPrice).toBe(hotel.stay.amount);
    }
  });

  it('leads with savings for a request to spend less, in the person’s words', async () => {
    const answer = await ask(api, 'How can I make this cheaper?');
    const first = answer.suggestions[0]!;
    expect(['dates', 'hotel_category']).toContain(first.kind);
    if (first.kind === 'hotel_category') {
      expect(first.hotelCategory).toBe('budget');
      expect(first.difference!.amount).toBeLessThan(0);
      expect(first.change).toEqual({ setting: 'hotelCategory', hotelCategory: 'budget' });
    }
    if (first.kind === 'dates') {
      expect(first.saving.amount).toBeGreaterThan(0);
      expect(first.change).toEqual({ setting: 'checkIn', checkIn: first.checkIn });
    }
    expect(answer.reply).toMatch(/spend less/);
  });

  it('offers more comfort, and a nearby city to add, when asked', async () => {
    const comfort = await ask(api, 'I want a luxury stay');
    expect(comfort.suggestions[0]).toMatchObject({
      kind: 'hotel_category',
      hotelCategory: 'luxury',
    });
    const explore = await ask(api, 'Another city nearby?');
    const city = explore.suggestions[0]!;
    expect(city.kind).toBe('city');
    if (city.kind === 'city') {
      expect(city.countryCode).toBe('FR');
      expect(city.city).not.toBe('Paris');
      expect(city.change).toEqual({ setting: 'addCity', city: city.city });
    }
  });

  it('never suggests a city already on the trip', async () => {
    const first = await ask(api, 'Another city nearby?');
    const city = first.suggestions.find((idea) => idea.kind === 'city');
    if (city?.kind !== 'city') return;
    const again = await ask(api, 'Another city nearby?', { additionalCities: [city.city] });
    const next = again.suggestions.find((idea) => idea.kind === 'city');
    if (next?.kind === 'city') expect(next.city).not.toBe(city.city);
  });

  it('refuses a trip it cannot price with the quote route’s codes', async () => {
    const response = await api.post('/api/llm/trip_suggestions', {
      trip: { ...trip, additionalCities: ['Atlantis Undersea'] },
      message: 'Ideas?',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'unknown_additional_city' });
  });
});

describe('POST /api/llm/trip_suggestions with a configured model', () => {
  let t: TestApp;
  let api: ReturnType<typeof as>;
  let fake: Awaited<ReturnType<typeof startFakeChatCompletions>>;
  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp(
      {
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: 'test-key',
        LLM_MODEL: 'fake-model',
        LLM_TIMEOUT_MS: '3000',
      },
      { now: () => NOW },
    );
    api = as(t.app, await person(t.app, 'Mo Model'));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('lets the model answer when every number it names was quoted', async () => {
    fake.setMode('honest');
    const answer = await ask(api, 'What should I add?');
    expect(answer.answeredBy).toBe('model');
    expect(answer.reply).toMatch(/The best fare is/);
    const prompt = fake.requests.at(-1)?.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(prompt).toContain('What should I add?');
  });

  it('answers offline when the model invents a price or fails', async () => {
    fake.setMode('inventive');
    const invented = await ask(api, 'What should I add?');
    expect(invented.answeredBy).toBe('offline');
    expect(invented.reply).not.toContain('12345');
    fake.setMode('failing');
    const failed = await ask(api, 'What should I add?');
    expect(failed.answeredBy).toBe('offline');
    expect(failed.suggestions.length).toBeGreaterThanOrEqual(2);
  });
});
