import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BedDouble,
  CalendarPlus,
  Clock,
  Plane,
  Receipt as ReceiptIcon,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import type {
  Booking,
  BookingItemKind,
  BookingStatus,
} from '@vowa/shared/bookings/booking-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-client';
import { knownBrand } from '../../lib/card-brand';
import { errorCodeText } from '../../lib/error-text';
import { formatMinor } from '../../lib/minor-units';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { remaining } from './time-left';
import { downloadCalendarFile } from './trips-api';

const kindIcons: Record<BookingItemKind, LucideIcon> = {
  flight: Plane,
  hotel: BedDouble,
  experience: Ticket,
};

const statusTones: Record<BookingStatus, 'success' | 'neutral' | 'warning' | 'accent'> = {
  confirmed: 'success',
  cancelled: 'neutral',
  failed: 'warning',
  processing: 'accent',
  awaiting_payment: 'accent',
};

/** "Mar 14, 14:15": an item's local date and time, as written where it happens. */
function useWhen() {
  const format = useFormat();
  return (value: string) => {
    const date = format.calendarDate(value.slice(0, 10), 'medium');
    const time = /T(\d{2}:\d{2})/.exec(value)?.[1];
    return time ? `${date}, ${format.clock(time)}` : date;
  };
}

/** One booking in My Trips: status, itinerary, the free-cancellation countdown, receipt, ICS. */
export function TripBookingCard({
  booking,
  now,
  onAnnounce,
}: {
  booking: Booking;
  now: number;
  onAnnounce: (message: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const countryName = useCountryName();
  const when = useWhen();
  const titleId = useId();
  const [cancelling, setCancelling] = useState(false);
  // After a cancellation the Cancel button that opened the dialog goes away: focus goes to the
  // trip's title instead (once the dialog has handed it back), and the page announces the result.
  const title = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(false);
  useEffect(() => {
    if (!focusTitle) return;
    const timer = window.setTimeout(() => {
      title.current?.focus();
      setFocusTitle(false);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusTitle]);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const destination = placeName(booking.destination);
  const left =
    booking.status === 'confirmed' ? remaining(booking.freeCancellationUntil, now) : null;
  const started = Date.parse(`${booking.startDate}T00:00:00Z`) <= now;
  const canCancel = booking.status === 'confirmed' && !started;

  const download = async () => {
    setDownloadError(null);
    try {
      await downloadCalendarFile(booking);
    } catch (error) {
      setDownloadError(errorMessage(error));
    }
  };

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className="p-5 sm:p-6"
      data-testid="trip-booking"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} ref={title} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t('trips.tripTo', { destination })}
          </h3>
          <p className="text-sm text-ink-muted">
            {[
              countryName(booking.countryCode, booking.country),
              t('trips.dates', {
                from: format.calendarDate(booking.startDate),
                to: format.calendarDate(booking.endDate),
              }),
              t('trips.travellers', { count: booking.travelerCount }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-1 text-sm">
            {t('trips.reference')}{' '}
            <span className="font-mono font-semibold">{booking.reference}</span>
          </p>
        </div>
        <Badge tone={statusTones[booking.status]} data-testid="trip-status">
          {t(`trips.statuses.${booking.status}`)}
        </Badge>
      </div>

      {booking.status === 'failed' ? (
        <p className="mt-3 text-sm text-ink-muted">
          {errorCodeText(booking.failureCode ?? undefined) ?? t('trips.failedText')}
        </p>
      ) : null}

      <h4 className="mt-5 text-sm font-semibold text-ink-muted">{t('trips.itinerary')}</h4>
      <ol className="mt-2 divide-y divide-line rounded-xl border border-line">
        {booking.items.map((item) => {
          const Icon = kindIcons[item.kind];
          return (
            <li key={item.quoteId} className="flex gap-3 p-3 text-sm">
              <Icon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-violet-700 dark:text-violet-300"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <span className="sr-only">{t(`bookings.kinds.${item.kind}`)}: </span>
                  {item.title}
                </p>
                <p className="text-ink-muted">{item.detail}</p>
                <p className="text-ink-muted">
                  {item.startsAt === item.endsAt
                    ? when(item.startsAt)
                    : `${when(item.startsAt)} – ${when(item.endsAt)}`}
                </p>
                {item.providerReference ? (
                  <p className="text-ink-muted">
                    {t('bookings.done.providerReference', { reference: item.providerReference })}
                  </p>
                ) : null}
              </div>
              <span className="shrink-0 font-semibold">{formatMinor(format, item)}</span>
            </li>
          );
        })}
      </ol>

      <ReceiptDetails booking={booking} />

      {left ? (
        <p
          className="mt-4 flex items-center gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-100"
          data-testid="free-cancellation"
        >
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {t('trips.freeCancellation', {
            hours: left.hours,
            minutes: left.minutes,
            time: format.dateTime(booking.freeCancellationUntil ?? ''),
          })}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {booking.status === 'confirmed' ? (
          <Button variant="outline" onClick={() => void download()}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t('trips.addToCalendar')}
          </Button>
        ) : null}
        {canCancel ? (
          <Button variant="danger" onClick={() => setCancelling(true)}>
            {t('trips.cancel')}
          </Button>
        ) : null}
      </div>
      {downloadError ? (
        <p role="alert" className="mt-2 text-right text-sm text-red-700 dark:text-red-400">
          {downloadError}
        </p>
      ) : null}
      {cancelling ? (
        <CancelBookingDialog
          booking={booking}
          onClose={() => setCancelling(false)}
          onCancelled={(message) => {
            setCancelling(false);
            setFocusTitle(true);
            onAnnounce(message);
          }}
        />
      ) : null}
    </Card>
  );
}

/** What was charged, on which card, with the payment's reference, refund and conversion. */
function ReceiptDetails({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { payment, display, total, refund } = booking;
  return (
    <details className="group mt-4 rounded-xl bg-raised/70 p-3 text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 font-semibold">
        <ReceiptIcon aria-hidden="true" className="size-4" />
        {t('trips.receipt.title')}
        <span className="ml-auto">{formatMinor(format, total)}</span>
      </summary>
      <dl className="mt-3 grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">{t('trips.receipt.charged')}</dt>
          <dd className="font-semibold" data-testid="receipt-total">
            {t('trips.receipt.chargedIn', {
              amount: formatMinor(format, total),
              currency: total.currency,
            })}
          </dd>
          {display && display.currency !== total.currency ? (
            <dd className="text-xs text-ink-muted">
              {t('bookings.review.converted', {
                amount: format.money(display.amount, display.currency, 'always'),
                rate: format.number(display.exchangeRate.rate, { maximumFractionDigits: 4 }),
                from: total.currency,
                to: display.currency,
              })}
            </dd>
          ) : null}
        </div>
        {payment.brand && payment.last4 ? (
          <div>
            <dt className="text-ink-muted">{t('trips.receipt.card')}</dt>
            <dd className="font-semibold">
              {t('bookings.card', {
                brand: t(`bookings.brands.${knownBrand(payment.brand)}`),
                last4: payment.last4,
              })}
            </dd>
          </div>
        ) : null}
        {payment.reference ? (
          <div>
            <dt className="text-ink-muted">{t('trips.receipt.paymentReference')}</dt>
            <dd className="font-mono break-all">{payment.reference}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-ink-muted">{t('trips.receipt.paymentStatus')}</dt>
          <dd>{t(`trips.paymentStatuses.${payment.status}`)}</dd>
        </div>
        {refund ? (
          <div>
            <dt className="text-ink-muted">{t('trips.receipt.refund')}</dt>
            <dd className="font-semibold">{formatMinor(format, refund)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-ink-muted">{t('trips.receipt.booked')}</dt>
          <dd>{format.dateTime(booking.createdAt)}</dd>
        </div>
      </dl>
    </details>
  );
}
