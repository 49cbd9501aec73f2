import type { TripIdea } from '@vowa/shared/travel/trip-quote-schemas';
import { describe, expect, it } from 'vitest';
import { chooseIdeas, focusOf } from './trip-suggestions';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const experience = (name: string, type: 'restaurant' | 'tour' | 'attraction'): TripIdea => ({
  kind: 'experience',
  name,
  experienceType: type,
  rating: 4.8,
  price: usd(50),
  quoteId: `q-${name}`,
  change: null,
});
const ideas: TripIdea[] = [
  experience('Louvre tour', 'tour'),
  experience('Eiffel Tower', 'attraction'),
  experience('Bistro dinner', 'restaurant'),
  {
    kind: 'dates',
    checkIn: '2026-12-29',
    flights: usd(1500),
    saving: usd(170),
    quoteIds: ['q-a', 'q-b'],
    change: { setting: 'checkIn', checkIn: '2026-12-29' },
  },
  {
    kind: 'hotel_category',
    hotelCategory: 'budget',
    hotelName: 'Kipstay',
    stars: 3,
    stay: usd(1000),
    difference: usd(-300),
    quoteId: 'q-budget',
    change: { setting: 'hotelCategory', hotelCategory: 'budget' },
  },
  {
    kind: 'hotel_category',
    hotelCategory: 'luxury',
    hotelName: 'Grand',
    stars: 5,
    stay: usd(3000),
    difference: usd(1700),
    quoteId: 'q-luxury',
    change: { setting: 'hotelCategory', hotelCategory: 'luxury' },
  },
  {
    kind: 'city',
    city: 'Lyon',
    country: 'France',
    countryCode: 'FR',
    distanceKm: 392,
    flight: usd(109),
    quoteId: 'q-lyon',
    change: { setting: 'addCity', city: 'Lyon' },
  },
];

describe('what a request leans towards', () => {
  it.each([
    ['How can I make it cheaper?', 'save'],
    ['¿Algo más barato?', 'save'],
    ['Je veux économiser', 'save'],
    ['Geht es günstiger?', 'save'],
    ['もっと安くしたい', 'save'],
    ['A luxury upgrade please', 'comfort'],
    ['Quelque chose de luxe', 'comfort'],
    ['高級ホテルがいい', 'comfort'],
    ['Another city nearby?', 'explore'],
    ['Eine Stadt in der Nähe?', 'explore'],
    ['Good food and museums', 'experiences'],
    ['Surprise me', 'general'],
  ])('%s → %s', (message, focus) => {
    expect(focusOf(message)).toBe(focus);
  });
});

describe('choosing the ideas', () => {
  it('gives two to four, at most two experiences and one hotel category', () => {
    for (const message of ['Surprise me', 'cheaper', 'luxury', 'food', 'another city']) {
      const chosen = chooseIdeas(ideas, message);
      expect(chosen.length).toBeGreaterThanOrEqual(2);
      expect(chosen.length).toBeLessThanOrEqual(4);
      expect(chosen.filter((idea) => idea.kind === 'experience').length).toBeLessThanOrEqual(2);
      expect(chosen.filter((idea) => idea.kind === 'hotel_category').length).toBeLessThanOrEqual(1);
    }
  });

  it('leads with what was asked for', () => {
    expect(chooseIdeas(ideas, 'cheaper please')[0]?.kind).toBe('dates');
    expect(chooseIdeas(ideas, 'cheaper please')[1]).toMatchObject({ hotelCategory: 'budget' });
    expect(chooseIdeas(ideas, 'a luxury stay')[0]).toMatchObject({ hotelCategory: 'luxury' });
    expect(chooseIdeas(ideas, 'another city?')[0]?.kind).toBe('city');
    expect(chooseIdeas(ideas, 'somewhere to eat')[0]).toMatchObject({ name: 'Bistro dinner' });
  });

  it('answers with what there is when few ideas exist', () => {
    expect(chooseIdeas(ideas.slice(0, 1), 'cheaper')).toHaveLength(1);
    expect(chooseIdeas([], 'cheaper')).toEqual([]);
  });
});
