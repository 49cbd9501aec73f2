import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertTriangle,
  BedDouble,
  Bell,
  CalendarDays,
  Check,
  Clock,
  MapPin,
  PencilLine,
  Plane,
  SlidersHorizontal,
  Star,
  Ticket,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { Flight } from '@vowa/shared/travel/travel-schemas';
import { PhotoCredit } from '../../components/photo-credit';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { focusRing } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { artworkAlt } from '../../lib/destination-image';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';
import { ConfidenceNote } from './confidence-note';
import { isSamePlaceName } from '@vowa/shared/travel/place-names';
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
  maxTripBudget = null,
  onCustomize,
  onBookNow,
  onWatch,
  onAutoBook,
  autoBookingEnabled = false,
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
  /** The person's maximum trip budget in `currency`: a trip above it says so. */
  maxTripBudget?: number | null;
  /** Customize & Book: the customisation dialog, whose Book Trip starts the booking. */
  onCustomize?: () => void;
  /** Book Now: the trip as shown, through the booking dialog. */
  onBookNow?: () => void;
  /** Watch price: an alert when the trip's price drops to the person's target (issue 16). */
  onWatch?: () => void;
  /** Auto-Book: Vowa books the trip at the target; replaces Book Now where it applies. */
  onAutoBook?: () => void;
  /** The person's auto-booking switch: an eligible trip offers Auto-Book only when it is on. */
  autoBookingEnabled?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { trip } = view;
  const placeName = usePlaceName();
  const countryName = useCountryName();
  const destination = placeName(trip.destination);
  const country = countryName(trip.countryCode, trip.country);
  const titleId = useId();
  const money = (amount: number) => format.money(amount, currency);
  const showMarket = trip.originalPrice > trip.price;
  const modified = view.flightModified || view.hotelModified;
  const autoBook = trip.autoBookEligible && autoBookingEnabled && onAutoBook ? onAutoBook : null;
  const overBudget =
    maxTripBudget !== null && trip.price > maxTripBudget ? trip.price - maxTripBudget : null;
  const flightTime = (flight: Flight) =>
    t('travel.card.flightTime', {
      time: format.clock(flight.departure.time),
      travelClass: t(`travel.classes.${flight.class}`),
    });

  return (
    <Card role="article" aria-labelledby={titleId} className="flex w-full flex-col overflow-hidden">
      <div className="relative aspect-[16/9] bg-linear-to-br from-sky-700 to-violet-600">
        <TravelImage
          src={trip.image}
          alt={artworkAlt(t, trip.image) ?? t('travel.card.imageAlt', { destination, country })}
          className="absolute inset-0 size-full"
          eager={firstInView}
        />
        {trip.imageCredit ? (
          <PhotoCredit
            credit={trip.imageCredit}
            className="absolute right-3 bottom-2 max-w-[calc(100%-1.5rem)] rounded-md bg-slate-950/75 px-2 py-1 text-white"
          />
        ) : null}
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
        ) : modified ? (
          // A changed trip that no longer beats the market price says so, rather than the
          // badge quietly going away.
          <Badge
            tone="neutral"
            data-testid="no-saving"
            className="absolute top-3 right-3 border-transparent bg-white/95 text-slate-900 shadow-sm"
          >
            {t('travel.card.noSaving')}
          </Badge>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {/* The trips are the first level under the page's h1 (the deals below have their own h2). */}
            <h2 id={titleId} className="text-xl leading-tight font-semibold">
              {destination}
            </h2>
            {/* A country named like its destination (Singapore, Saint Lucia) is said once. */}
            {isSamePlaceName(trip.destination, trip.country) ? null : (
              <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-muted">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                {country}
              </p>
            )}
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
              ) : modified ? (
                <span className="text-sm text-ink-muted">
                  {t('travel.card.marketPrice', { amount: money(trip.originalPrice) })}
                </span>
              ) : null}
            </p>
            <p className="mt-0.5 text-xs text-ink-muted">
              {trip.marketPriceSource === 'history'
                ? t('travel.card.marketHistory', { count: trip.historyQuotes })
                : t('travel.card.marketReference')}
            </p>
          </div>
          <div className="text-sm sm:text-right">
            <ConfidenceNote trip={trip} currency={currency} />
            <p className="text-ink-muted">{t('travel.card.nights', { count: trip.nights })}</p>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-raised/70 p-3 text-sm">
          <div>
            <dt className="flex items-center gap-1 text-xs text-ink-muted">
              <CalendarDays aria-hidden="true" className="size-3.5" />
              {t('travel.card.departs')}
            </dt>
            <dd className="font-medium" data-testid="trip-departs">
              {format.calendarDate(trip.departureDate, 'short')}
            </dd>
            <dd className="text-xs text-ink-muted">{flightTime(trip.flightDetails.outbound)}</dd>
            <dd className="text-xs text-ink-muted">
              {t('travel.card.route', {
                from: placeName(trip.departureCity),
                to: placeName(trip.arrivalCity),
              })}
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-1 text-xs text-ink-muted">
              <CalendarDays aria-hidden="true" className="size-3.5" />
              {t('travel.card.returns')}
            </dt>
            <dd className="font-medium" data-testid="trip-returns">
              {format.calendarDate(trip.returnDate, 'short')}
            </dd>
            <dd className="text-xs text-ink-muted">{flightTime(trip.flightDetails.return)}</dd>
            <dd className="text-xs text-ink-muted">
              {t('travel.card.route', {
                from: placeName(trip.arrivalCity),
                to: placeName(trip.departureCity),
              })}
            </dd>
          </div>
        </dl>

        {overBudget !== null && maxTripBudget !== null ? (
          <p
            data-testid="over-budget"
            className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('travel.card.overBudget', {
              budget: money(maxTripBudget),
              amount: money(overBudget),
            })}
          </p>
        ) : null}
        {view.stayMismatch ? (
          <p
            data-testid="stay-mismatch"
            className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('travel.card.stayMismatch', {
              from: format.calendarDate(view.stayMismatch.checkIn, 'short'),
              to: format.calendarDate(view.stayMismatch.checkOut, 'short'),
            })}
          </p>
        ) : null}

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
          <p className="flex items-center gap-1.5 text-sm font-medium text-violet-800 dark:text-violet-200">
            <Zap aria-hidden="true" className="size-4" />
            {t('travel.card.autoBook')}
          </p>
        ) : null}

        {onCustomize || onBookNow || onWatch ? (
          <div className="mt-auto flex flex-col gap-2 pt-1 sm:flex-row sm:flex-wrap">
            {onWatch ? (
              <Button variant="ghost" className="flex-1" onClick={onWatch}>
                <Bell aria-hidden="true" className="size-4" />
                {t('travel.card.watchPrice')}
              </Button>
            ) : null}
            {onCustomize ? (
              <Button variant="outline" className="flex-1" onClick={onCustomize}>
                <SlidersHorizontal aria-hidden="true" className="size-4" />
                {t('bookings.customizeAndBook')}
              </Button>
            ) : null}
            {autoBook ? (
              <Button className="flex-1" onClick={autoBook}>
                <Zap aria-hidden="true" className="size-4" />
                {t('travel.card.autoBookNow')}
              </Button>
            ) : onBookNow ? (
              <Button className="flex-1" onClick={onBookNow}>
                {t('bookings.bookNow')}
              </Button>
            ) : null}
          </div>
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
