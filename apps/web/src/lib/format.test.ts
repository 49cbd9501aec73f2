import { describe, expect, it } from 'vitest';
import { createFormatter } from './format';

const us = createFormatter({ locale: 'en', currency: 'USD', timeZone: 'America/Los_Angeles' });
const tokyo = createFormatter({ locale: 'en', currency: 'JPY', timeZone: 'Asia/Tokyo' });

describe('money', () => {
  it('shows whole amounts without cents and others with them, in the reader currency', () => {
    expect(us.money(1240)).toBe('$1,240');
    expect(us.money(1240.5)).toBe('$1,240.50');
    expect(us.money(412, undefined, 'always')).toBe('$412.00');
    expect(us.money(99.99, undefined, 'never')).toBe('$100');
  });

  it('never shows cents for a currency without minor units', () => {
    expect(tokyo.money(1240.5)).toBe('¥1,241');
    expect(tokyo.money(412, undefined, 'always')).toBe('¥412');
  });

  it('follows the language and an amount’s own currency', () => {
    const german = createFormatter({ locale: 'de', currency: 'EUR' });
    expect(german.money(1240.5)).toBe('1.240,50\u00a0€');
    expect(us.money(10, 'EUR')).toBe('€10');
  });

  it('signs differences', () => {
    expect(us.difference(120)).toBe('+$120.00');
    expect(us.difference(-50)).toBe('-$50.00');
    expect(us.difference(0)).toBe('$0.00');
  });
});

describe('dates', () => {
  // 23:30 in Los Angeles is already the next afternoon in Tokyo.
  const instant = '2026-03-15T06:30:00.000Z';

  it('shows an instant in the reader time zone', () => {
    expect(us.date(instant)).toBe('Mar 14, 2026');
    expect(tokyo.date(instant)).toBe('Mar 15, 2026');
    expect(us.time(instant)).toBe('11:30 PM');
    expect(tokyo.time(instant)).toBe('3:30 PM');
    expect(us.dateTime(instant)).toBe('Mar 14, 2026, 11:30 PM');
    expect(tokyo.monthYear('2026-03-31T20:00:00Z')).toBe('April 2026');
  });

  it('keeps a place calendar date and clock time as written there, whatever the zone', () => {
    expect(tokyo.calendarDate('2026-03-14', 'long')).toBe('Sat, Mar 14, 2026');
    expect(us.calendarDate('2026-03-14', 'short')).toBe('Mar 14');
    expect(us.clock('14:15')).toBe('2:15 PM');
    expect(createFormatter({ locale: 'de', currency: 'EUR' }).clock('14:15')).toBe('14:15');
  });

  it('keeps each reader’s zone, language and currency apart while reusing formatters', () => {
    // Formatters are kept per locale and options: interleaved readers must not share one.
    for (let round = 0; round < 2; round += 1) {
      expect(us.time(instant)).toBe('11:30 PM');
      expect(tokyo.time(instant)).toBe('3:30 PM');
      expect(createFormatter({ locale: 'de', currency: 'EUR' }).money(5.5)).toBe('5,50\u00a0€');
      expect(us.money(5.5)).toBe('$5.50');
      expect(us.money(5.5, 'XYZ')).toBe('XYZ\u00a05.50');
    }
  });

  it('returns what it cannot read unchanged', () => {
    expect(us.date('soon')).toBe('soon');
    expect(us.calendarDate('2026-13-45')).toBe('2026-13-45');
    expect(us.clock('noon')).toBe('noon');
  });
});
