import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { createFormatter } from '../../lib/format';
import { reasonSentence } from './advice-wording';

const format = createFormatter({ locale: 'en', currency: 'USD', timeZone: 'UTC' });
const say = (code: string, params: Record<string, number | string>) =>
  reasonSentence({ code: code as 'steady', params }, 'EUR', i18n.getFixedT('en'), format);

describe('buy-or-wait wording', () => {
  it('words each reason with the numbers of its params, money in the history currency', () => {
    expect(say('at_or_below_target', { price: 1180, target: 1200 })).toBe(
      'At €1,180, the price is at or below your target of €1,200.',
    );
    expect(say('lowest_seen', { amount: 1180, days: 12 })).toBe(
      'At €1,180, this is the lowest price in 12 days of records.',
    );
    expect(say('falling', { percent: 7, days: 14 })).toBe('Prices fell 7% over the last 14 days.');
    expect(say('rising', { percent: 4, days: 14 })).toBe('Prices rose 4% over the last 14 days.');
    expect(say('steady', { percent: 1, days: 9 })).toBe('Prices held steady over the last 9 days.');
    expect(say('departure_close', { days: 1 })).toBe(
      'Departure is 1 day away: fares usually climb from here.',
    );
    expect(say('sweet_spot', { days: 75 })).toBe(
      'Departure is 75 days away: two to four months ahead is usually the cheapest time to book.',
    );
    expect(say('far_ahead', { days: 200 })).toBe(
      'Departure is 200 days away: prices tend to come down before then.',
    );
    expect(say('little_history', { days: 3 })).toBe(
      'Only 3 days of prices so far: take this as a first guess.',
    );
    expect(say('volatile', { percent: 11 })).toBe('Prices swing by about 11% from day to day.');
    expect(say('above_median', { percent: 6, median: 1250, lowest: 1100 })).toBe(
      'It is 6% above the usual price of €1,250; it has been as low as €1,100.',
    );
    expect(say('below_median', { percent: 5, median: 1250 })).toBe(
      'It is 5% below the usual price of €1,250.',
    );
  });

  it('names the cheaper weekday in the reader’s language', () => {
    expect(say('cheaper_weekday', { weekday: 2, percent: 6 })).toBe(
      'Prices recorded on Tuesday have been 6% lower on average.',
    );
    const german = createFormatter({ locale: 'de', currency: 'EUR', timeZone: 'UTC' });
    expect(
      reasonSentence(
        { code: 'cheaper_weekday', params: { weekday: 0, percent: 6 } },
        'EUR',
        i18n.getFixedT('en'),
        german,
      ),
    ).toContain('Sonntag');
  });

  it('says nothing rather than inventing a number that is missing, or a reason it does not know', () => {
    expect(say('lowest_seen', { days: 12 })).toBeNull();
    expect(say('cheaper_weekday', { percent: 6 })).toBeNull();
    expect(say('a_reason_from_the_future', { percent: 6 })).toBeNull();
  });
});
