import { memo, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BedDouble, CalendarDays, MapPin, Plane, Ticket } from 'lucide-react';
import { dealCategories, type DealCategory } from '@vowa/shared/travel/travel-constants';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { PhotoCredit } from '../../components/photo-credit';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';
import { useDeals } from './travel-api';
import { TravelImage } from './travel-parts';
import type { TripAdjustments } from './trip-adjustments';
import type { OpenedDialog } from './trip-dialogs';
import { DealReason } from './deal-reason';
import { ExpiryBadge } from './trip-card';
import { isSamePlaceName } from '@vowa/shared/travel/place-names';

/**
 * Part 2 §2 Deals list: today's best trips, filtered by category (default 'all'), each opening
 * the same flight, hotel and experience dialogs as the suggestion cards.
 */
export const DealsSection = memo(function DealsSection({
  adjustments,
  now,
  onOpen,
}: {
  adjustments: TripAdjustments;
  now: number;
  onOpen: (opened: OpenedDialog) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [category, setCategory] = useState<DealCategory>('all');
  const deals = useDeals(category);
  // Rendered from a deferred copy: the rows an answer brings are built in interruptible slices.
  const dealsData = useDeferredValue(deals.data);

  return (
    <section aria-labelledby={headingId} className="mt-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight">
            {t('travel.deals.title')}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{t('travel.deals.subtitle')}</p>
        </div>
        <Select
          label={t('travel.deals.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value as DealCategory)}
          options={dealCategories.map((value) => ({
            value,
            label: t(`travel.categories.${value}`),
          }))}
          className="w-full sm:w-56"
        />
      </div>

      <div className="mt-6" aria-busy={deals.isFetching || undefined}>
        {!dealsData && !deals.isError ? (
          <div role="status" className="grid gap-4 sm:grid-cols-2">
            <span className="sr-only">{t('travel.deals.loading')}</span>
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : deals.isError ? (
          <Banner
            tone="error"
            action={
              <Button size="sm" variant="outline" onClick={() => void deals.refetch()}>
                {t('travel.suggestions.retry')}
              </Button>
            }
          >
            {errorMessage(deals.error)}
          </Banner>
        ) : dealsData ? (
          dealsData.deals.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line px-6 py-10 text-center text-ink-muted">
              {t('travel.deals.empty')}
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {dealsData.deals.map((deal) => (
                <li key={deal.id}>
                  <DealRow
                    deal={deal}
                    adjustments={adjustments}
                    travelers={dealsData.travelers}
                    currency={dealsData.currency}
                    now={now}
                    onOpen={onOpen}
                  />
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </section>
  );
});

const DealRow = memo(function DealRow({
  deal,
  adjustments,
  travelers,
  currency,
  now,
  onOpen,
}: {
  deal: TripSuggestion;
  adjustments: TripAdjustments;
  travelers: number;
  currency: string;
  now: number;
  onOpen: (opened: OpenedDialog) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const { trip } = adjustments.view(deal, travelers);
  const placeName = usePlaceName();
  const countryName = useCountryName();
  const money = (amount: number) => format.money(amount, currency);
  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full gap-4 p-4">
      <TravelImage
        src={trip.image}
        alt=""
        className="hidden size-24 shrink-0 rounded-lg sm:block"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="truncate text-lg font-semibold">
              {placeName(trip.destination)}
            </h3>
            {isSamePlaceName(trip.destination, trip.country) ? null : (
              <p className="flex items-center gap-1 text-sm text-ink-muted">
                <MapPin aria-hidden="true" className="size-3.5" />
                {countryName(trip.countryCode, trip.country)}
              </p>
            )}
            {trip.imageCredit ? (
              <PhotoCredit credit={trip.imageCredit} className="hidden text-ink-muted sm:block" />
            ) : null}
          </div>
          <div className="text-right">
            <p className="text-lg font-bold">{money(trip.price)}</p>
            {trip.savings > 0 ? (
              <p className="text-xs font-semibold text-emerald-800 dark:text-emerald-300">
                {t('travel.deals.save', { amount: money(trip.savings) })}
              </p>
            ) : null}
          </div>
        </div>
        <DealReason deal={deal} currency={currency} now={now} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
          <span className="flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            {t('travel.card.dates', {
              from: format.calendarDate(trip.departureDate, 'short'),
              to: format.calendarDate(trip.returnDate, 'short'),
            })}
          </span>
          <span>{t('travel.card.nights', { count: trip.nights })}</span>
          <ExpiryBadge expiry={trip.dealExpiry} now={now} />
        </div>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onOpen({ kind: 'flight', trip: deal, leg: 'outbound' })}
          >
            <Plane aria-hidden="true" className="size-4" />
            {t('travel.card.flights')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'hotel', trip: deal })}>
            <BedDouble aria-hidden="true" className="size-4" />
            {t('travel.card.hotels')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={trip.experiences.length === 0}
            onClick={() => onOpen({ kind: 'experience', trip: deal, index: 0 })}
          >
            <Ticket aria-hidden="true" className="size-4" />
            {t('travel.card.experiences')}
          </Button>
        </div>
      </div>
    </Card>
  );
});
