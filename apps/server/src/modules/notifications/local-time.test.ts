import { describe, expect, it } from 'vitest';
import { isoWeekOf, localTime } from './local-time';

describe('isoWeekOf', () => {
  it.each([
    ['2026-11-23', '2026-W48'],
    ['2026-11-29', '2026-W48'],
    ['2026-11-30', '2026-W49'],
    // Weeks belong to the year of their Thursday.
    ['2026-12-31', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2025-12-29', '2026-W01'],
  ])('%s is in %s', (date, week) => {
    expect(isoWeekOf(date)).toBe(week);
  });
});

describe('localTime', () => {
  it('reads the day, hour and weekday on the user’s clock', () => {
    const at = new Date('2026-11-23T00:30:00Z'); // Monday in Tokyo, Sunday in Los Angeles
    expect(localTime('Asia/Tokyo', at)).toEqual({
      date: '2026-11-23',
      hour: 9,
      isoWeekday: 1,
      isoWeek: '2026-W48',
    });
    expect(localTime('America/Los_Angeles', at)).toEqual({
      date: '2026-11-22',
      hour: 16,
      isoWeekday: 7,
      isoWeek: '2026-W47',
    });
  });

  it('follows daylight saving time', () => {
    expect(localTime('Europe/Paris', new Date('2026-07-06T06:30:00Z')).hour).toBe(8);
    expect(localTime('Europe/Paris', new Date('2026-11-23T06:30:00Z')).hour).toBe(7);
  });

  it('reads an unknown zone as the fallback', () => {
    const at = new Date('2026-11-23T12:00:00Z');
    expect(localTime('Mars/Olympus', at, 'Asia/Tokyo')).toEqual(localTime('Asia/Tokyo', at));
  });
});
