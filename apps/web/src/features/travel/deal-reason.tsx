import { useTranslation } from 'react-i18next';
import { Award } from 'lucide-react';
import type { DealKind } from '@vowa/shared/travel/travel-constants';
import { daysBetween } from '@vowa/shared/travel/travel-rules';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { useFormat } from '../../lib/use-format';

const titleKeys = {
  'biggest-saving': 'biggestSaving',
  'value-per-night': 'valuePerNight',
  'long-haul': 'longHaul',
  weekend: 'weekend',
  'lowest-recorded': 'lowestRecorded',
  'top-rated': 'topRated',
  'leaving-soon': 'leavingSoon',
  'ending-soon': 'endingSoon',
} as const satisfies Record<DealKind, string>;

/** Today's date where the reader is, YYYY-MM-DD. */
function localToday(now: number): string {
  const date = new Date(now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Why a trip is one of Today's Best Deals: what it is the best of ("Weekend getaway") and the
 * figure that makes it so ("Thu, Jan 7 – Mon, Jan 11"), every figure from the trip's quotes.
 */
export function DealReason({
  deal,
  currency,
  now,
}: {
  deal: TripSuggestion;
  currency: string;
  now: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!deal.dealReason) return null;
  const money = (amount: number) => format.money(amount, currency);
  const key = titleKeys[deal.dealReason];
  const weekdayDate = (value: string) => format.calendarDate(value, 'long');
  const detail = (() => {
    switch (deal.dealReason) {
      case 'biggest-saving':
        return t('travel.deals.reasons.biggestSavingDetail', { amount: money(deal.savings) });
      case 'value-per-night':
        return t('travel.deals.reasons.valuePerNightDetail', {
          amount: money(deal.price / deal.nights),
        });
      case 'long-haul':
        return t('travel.deals.reasons.longHaulDetail', {
          distance: format.number(deal.distanceKm, {
            style: 'unit',
            unit: 'kilometer',
            maximumFractionDigits: 0,
          }),
          amount: money(deal.price),
        });
      case 'weekend':
        return t('travel.deals.reasons.weekendDetail', {
          from: weekdayDate(deal.departureDate),
          to: weekdayDate(deal.returnDate),
        });
      case 'lowest-recorded':
        return t('travel.deals.reasons.lowestRecordedDetail', {
          prices: t('travel.confidence.prices', { count: deal.historyQuotes }),
          days: t('travel.confidence.days', { count: deal.historyDays }),
        });
      case 'top-rated':
        return t('travel.deals.reasons.topRatedDetail', {
          rating: (deal.hotel.reviewScore ?? deal.hotel.rating).toFixed(1),
        });
      case 'leaving-soon':
        return t('travel.deals.reasons.leavingSoonDetail', {
          count: Math.max(0, daysBetween(localToday(now), deal.departureDate)),
        });
      case 'ending-soon':
        return t('travel.deals.reasons.endingSoonDetail', {
          time: format.dateTime(deal.dealExpiry),
        });
      default:
        return '';
    }
  })();

  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-sm" data-testid="deal-reason">
      <span className="sr-only">{t('travel.deals.reasons.label')}: </span>
      <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-400/15 dark:text-violet-100">
        <Award aria-hidden="true" className="size-3.5" />
        {t(`travel.deals.reasons.${key}`)}
      </span>{' '}
      <span className="text-ink-muted">{detail}</span>
    </p>
  );
}
