import type { TFunction } from 'i18next';
import type { AdviceReason } from '@vowa/shared/watches/watch-schemas';
import type { Formatter } from '../../lib/format';

const numberParam = (params: AdviceReason['params'], name: string): number | null => {
  const value = params[name];
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

/**
 * One reason as a sentence, its numbers taken from the reason's params (money in the history's
 * currency, weekdays named in the reader's language). A reason whose numbers are missing, or a
 * code this version does not know, says nothing rather than something made up.
 */
export function reasonSentence(
  reason: AdviceReason,
  currency: string,
  t: TFunction,
  format: Formatter,
): string | null {
  const { params } = reason;
  const num = (name: string) => numberParam(params, name);
  const money = (name: string) => {
    const value = num(name);
    return value === null ? null : format.money(value, currency);
  };
  const all = <T extends Record<string, string | number | null>>(values: T) =>
    Object.values(values).every((value) => value !== null)
      ? (values as { [K in keyof T]: NonNullable<T[K]> })
      : null;
  const sentence = (key: string, values: Record<string, string | number | null>) => {
    const complete = all(values);
    return complete
      ? t(`watches.advice.reasons.${key}` as 'watches.advice.reasons.steady', complete)
      : null;
  };
  switch (reason.code as string) {
    case 'at_or_below_target':
      return sentence('at_or_below_target', { price: money('price'), target: money('target') });
    case 'lowest_seen':
      return sentence('lowest_seen', { amount: money('amount'), count: num('days') });
    case 'below_median':
      return sentence('below_median', { percent: num('percent'), median: money('median') });
    case 'above_median':
      return sentence('above_median', {
        percent: num('percent'),
        median: money('median'),
        lowest: money('lowest'),
      });
    case 'falling':
    case 'rising':
    case 'steady':
      return sentence(reason.code, { percent: num('percent') ?? 0, count: num('days') });
    case 'departure_close':
    case 'sweet_spot':
    case 'far_ahead':
      return sentence(reason.code, { count: num('days') });
    case 'cheaper_weekday': {
      const weekday = num('weekday');
      return sentence('cheaper_weekday', {
        percent: num('percent'),
        weekday: weekday === null ? null : format.weekday(weekday),
      });
    }
    case 'little_history':
      return sentence('little_history', { count: num('days') });
    case 'volatile':
      return sentence('volatile', { percent: num('percent') });
    default:
      return null;
  }
}
