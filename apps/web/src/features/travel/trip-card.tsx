import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BedDouble,
  CalendarDays,
  Check,
  Clock,
  MapPin,
  PencilLine,
  Plane,
  Star,
  Ticket,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { focusRing } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import { timeLeft } from './time-left';
import { TravelImage } from './travel-parts';
import type { TripView } from './trip-adjustments';

/** "Ends in 5h", or "Expired" once the quote has run out. */
export function ExpiryBadge({ expiry, now }: { expiry: string; now: number }) {
  const { t } = useTranslation();
  const left = timeLeft(expiry, now);
  const label = !left
    ? t('travel.card.expired')
    : left.unit === 'minutes'
      ? t('travel.card.endsInMinutes', { count: left.count })
      : left.unit === 'hours'
        ? t('travel.card.endsInHours', { count: left.count })
        : t('travel.card.endsInDays', { count: left.count });
  return (
    <Badge
      tone="neutral"
      className={cn(
        'border-transparent shadow-sm',
        left ? 'bg-white/95 text-slate-900' : 'bg-slate-900/90 text-white',
      )}
    >
      <Clock aria-hidden="true" className="size-3.5" />
      {label}
    </Badge>
  );
}

/**
 * A suggested trip (part 2 §2): picture, deal expiry and savings, destination, rating, the
 * total for the travellers against the market price, confidence, duration, dates, and the
 * Flights / Hotels / Experiences tiles that open their detail dialogs.
 */
export function TripCard({
  view,
  travelers,
  currency,
  now,
  onOpenFlights,
  onOpenHotel,
  onOpenExperiences,
  firstInView = false,
}: {
  view: TripView;
  travelers: number;
  currency: string;
  now: number;
  onOpenFlights: () => void;
  onOpenHotel: () => void;
  onOpenExperiences: () => void;
  /** Among the cards seen on arrival: its picture loads at once (it is the screen's LCP). */
  firstInView?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { trip } = view;
  const titleId = useId();
  const money = (amount: number) => format.money(amount, currency);
  const showMarket = trip.originalPrice > trip.price;

  return (
    <Card role="article" aria-labelledby={titleId} className="flex w-full flex-col overflow-hidden">
      <div className="relative aspect-[16/9] bg-linear-to-br from-sky-700 to-violet-600">
        <TravelImage
          src={trip.image}
          alt={t('travel.card.imageAlt', { destination: trip.destination, country: trip.country })}
          className="absolute inset-0 size-full"
          eager={firstInView}
        />
        <div className="absolute top-3 left-3">
          <ExpiryBadge expiry={trip.dealExpiry} now={now} />
        </div>
        {trip.savings > 0 ? (
          <Badge
            tone="success"
            className="absolute top-3 right-3 border-transparent bg-emerald-700 text-white shadow-sm dark:bg-emerald-700 dark:text-white"
          >
            {t('travel.card.save', { amount: money(trip.savings) })}
          </Badge>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {/* The trips are the first level under the page's h1 (the deals below have their own h2). */}
            <h2 id={titleId} className="text-xl leading-tight font-semibold">
              {trip.destination}
            </h2>
            <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-muted">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              {trip.country}
            </p>
          </div>
          <p className="flex shrink-0 items-center gap-1 text-sm font-semibold">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            <span aria-hidden="true">{trip.rating.toFixed(1)}</span>
            <span className="sr-only">
              {t('travel.card.rating', { rating: trip.rating.toFixed(1) })}
            </span>
          </p>
        </div>

        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-xs font-medium text-ink-muted">
              {t('travel.card.totalFor', { count: travelers })}
            </p>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-3xl font-bold tracking-tight" data-testid="trip-price">
                {money(trip.price)}
              </span>
              {showMarket ? (
                <>
                  <s aria-hidden="true" className="text-sm text-ink-muted">
                    {money(trip.originalPrice)}
                  </s>
                  <span className="sr-only">
                    {t('travel.card.marketPrice', { amount: money(trip.originalPrice) })}
                  </span>
                </>
              ) : null}
            </p>
            <p className="mt-0.5 text-xs text-ink-muted">
              {trip.marketPriceSource === 'history'
                ? t('travel.card.marketHistory', { count: trip.historyDays })
                : t('travel.card.marketReference')}
            </p>
          </div>
          <div className="text-sm sm:text-right">
            <p className="font-semibold text-violet-800 dark:text-violet-200">
              {t('travel.card.confidence', { percent: trip.confidence })}
            </p>
            <p className="text-ink-muted">{t('travel.card.nights', { count: trip.nights })}</p>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-raised/70 p-3 text-sm">
          <div>
            <dt className="flex items-center gap-1 text-xs text-ink-muted">
              <CalendarDays aria-hidden="true" className="size-3.5" />
              {t('travel.card.departs')}
            </dt>
            <dd className="font-medium">{format.calendarDate(trip.departureDate, 'short')}</dd>
            <dd className="text-xs text-ink-muted">
              {t('travel.card.route', { from: trip.departureCity, to: trip.arrivalCity })}
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-1 text-xs text-ink-muted">
              <CalendarDays aria-hidden="true" className="size-3.5" />
              {t('travel.card.returns')}
            </dt>
            <dd className="font-medium">{format.calendarDate(trip.returnDate, 'short')}</dd>
            <dd className="text-xs text-ink-muted">
              {t('travel.card.route', { from: trip.arrivalCity, to: trip.departureCity })}
            </dd>
          </div>
        </dl>

        <ul aria-label={t('travel.card.components')} className="grid grid-cols-3 gap-2">
          <Tile
            icon={Plane}
            label={t('travel.card.flights')}
            amount={money(trip.flightPrice)}
            onClick={onOpenFlights}
            modified={view.flightModified}
            selected={view.flightSelected}
          />
          <Tile
            icon={BedDouble}
            label={t('travel.card.hotels')}
            amount={money(trip.hotelPrice)}
            onClick={onOpenHotel}
            modified={view.hotelModified}
            selected={view.hotelSelected}
          />
          <Tile
            icon={Ticket}
            label={t('travel.card.experiences')}
            amount={money(trip.experiencePrice)}
            onClick={onOpenExperiences}
            disabled={trip.experiences.length === 0}
          />
        </ul>

        {trip.autoBookEligible ? (
          <p className="mt-auto flex items-center gap-1.5 text-sm font-medium text-violet-800 dark:text-violet-200">
            <Zap aria-hidden="true" className="size-4" />
            {t('travel.card.autoBook')}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function Tile({
  icon: Icon,
  label,
  amount,
  onClick,
  modified = false,
  selected = false,
  disabled = false,
}: {
  icon: LucideIcon;
  label: string;
  amount: string;
  onClick: () => void;
  modified?: boolean;
  selected?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const marks: ReactNode[] = [];
  if (modified) {
    marks.push(
      <span key="modified" className="inline-flex items-center gap-0.5">
        <PencilLine aria-hidden="true" className="size-3" />
        {t('travel.card.modified')}
      </span>,
    );
  }
  if (selected) {
    marks.push(
      <span key="selected" className="inline-flex items-center gap-0.5">
        <Check aria-hidden="true" className="size-3" />
        {t('travel.card.selected')}
      </span>,
    );
  }
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        disabled={disabled}
        className={cn(
          'flex h-full w-full flex-col items-center gap-1 rounded-xl border p-2.5 text-center transition-colors',
          selected
            ? 'border-violet-500 bg-violet-50 dark:border-violet-400 dark:bg-violet-400/10'
            : 'border-line hover:bg-raised',
          'disabled:cursor-not-allowed disabled:opacity-60',
          focusRing,
        )}
      >
        <Icon aria-hidden="true" className="size-5 text-violet-700 dark:text-violet-300" />
        {/* The visible texts are the name ("Flights $1,687 Modified"); the spaces between them
            take no room in the flex layout but keep the words apart for assistive technology. */}
        <span className="text-xs font-medium text-ink-muted">{label}</span>{' '}
        <span className="text-sm font-semibold text-ink">{amount}</span>
        {marks.length > 0 ? (
          <>
            {' '}
            <span className="flex flex-wrap justify-center gap-x-1.5 text-[0.6875rem] font-semibold text-violet-800 dark:text-violet-200">
              {marks.flatMap((mark, index) => (index === 0 ? [mark] : [' ', mark]))}
            </span>
          </>
        ) : null}
      </button>
    </li>
  );
}
