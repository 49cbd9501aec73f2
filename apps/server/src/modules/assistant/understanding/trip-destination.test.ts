import { describe, expect, it } from 'vitest';
import { tripDestinationOf } from './trip-destination';

describe('tripDestinationOf (part 2 §4)', () => {
  it.each([
    ['I want to go to Lisbon', 'Lisbon'],
    ['trip to Lisbon', 'Lisbon'],
    ['planning a vacation to Rio de Janeiro', 'Rio de Janeiro'],
    ["I'd love to visit New York in the fall", 'New York'],
    ['holiday to Santorini', 'Santorini'],
    ['travel to Kalamazoo next month', 'Kalamazoo'],
    // The list match takes precedence over the word after "to".
    ['what to pack for Tokyo', 'Tokyo'],
    ['Barcelona with friends', 'Barcelona'],
    // Between two cities, the one the person goes to.
    ['flights from London to Paris', 'Paris'],
    // A country after a phrase is the word the rule names.
    ['trip to Japan', 'Japan'],
    ['vacation to Portugal', 'Portugal'],
    // Misspellings and names in the other interface languages.
    ['holiday to Barcelna', 'Barcelona'],
    ['un viaje a Londres', 'London'],
    ['eine Reise nach München', 'Munich'],
    ['voyage à Lisbonne', 'Lisbon'],
    ['ロンドンへ旅行したい', 'London'],
  ])('%s → %s', (text, destination) => {
    expect(tripDestinationOf(text)).toBe(destination);
  });

  it.each([
    'I want to go somewhere nice',
    'I need to book a hotel',
    'what would you like to do',
    'hello',
    'how much can I spend?',
    'trip to the moon',
  ])('names no destination in "%s"', (text) => {
    expect(tripDestinationOf(text)).toBeUndefined();
  });
});
