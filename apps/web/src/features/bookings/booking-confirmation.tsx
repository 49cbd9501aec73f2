import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@vowa/shared/bookings/booking-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { knownBrand } from '../../lib/card-brand';
import { formatMinor } from '../../lib/minor-units';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import { useLiveBooking } from './booking-api';
import { kindIcons } from './booking-items';

const ANNOUNCE_AFTER_MS = 100;

/**
 * The booking confirmed: the spec's sentence with the real total (part 2 §8), Vowa's and each
 * provider's reference, the card it was paid with, and the way to My Trips. A booking the
 * providers are still confirming is read again until it is final.
 */
export function BookingConfirmation({
  booking: answered,
  onClose,
}: {
  booking: Booking;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const booking = useLiveBooking(answered);
  const confirmed = booking.status === 'confirmed';
  const failed = booking.status === 'failed';
  // The live region is on the page (and known to screen readers) before its sentence arrives,
  // so the sentence is announced.
  const [announce, setAnnounce] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounce(true), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <section aria-labelledby="booking-done-heading" className="space-y-4">
      <h3
        id="booking-done-heading"
        className="text-lg font-semibold outline-none"
        tabIndex={-1}
        data-step-heading
      >
        {confirmed ? t('bookings.done.heading') : t('bookings.done.processingHeading')}
      </h3>
      <div role="status" aria-live="polite" aria-atomic="true">
        {announce ? (
          <Banner tone={confirmed ? 'success' : failed ? 'error' : 'info'} live={false}>
            {confirmed
              ? t('bookings.done.success', {
                  destination: placeName(booking.destination),
                  total: formatMinor(format, booking.total),
                })
              : failed
                ? t('bookings.errors.failed')
                : t('bookings.done.processing')}
          </Banner>
        ) : null}
      </div>
      <dl className="grid gap-3 rounded-xl bg-raised/70 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">{t('bookings.done.reference')}</dt>
          <dd className="font-mono text-base font-semibold" data-testid="booking-reference">
            {booking.reference}
          </dd>
        </div>
        {booking.payment.brand && booking.payment.last4 ? (
          <div>
            <dt className="text-ink-muted">{t('bookings.done.paidWith')}</dt>
            <dd className="font-semibold">
              {t('bookings.card', {
                brand: t(`bookings.brands.${knownBrand(booking.payment.brand)}`),
                last4: booking.payment.last4,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      <ul className="divide-y divide-line rounded-xl border border-line">
        {booking.items.map((item) => {
          const Icon = kindIcons[item.kind];
          return (
            <li key={item.quoteId} className="flex items-start gap-3 p-3 text-sm">
              <Icon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-violet-700 dark:text-violet-300"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{item.title}</p>
                <p className="text-ink-muted">
                  {item.providerReference
                    ? t('bookings.done.providerReference', { reference: item.providerReference })
                    : t('bookings.done.awaitingReference')}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-ink-muted">{t('bookings.done.mailNote')}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('bookings.close')}
        </Button>
        <Button asChild>
          <Link to="/trips" onClick={onClose}>
            {t('bookings.done.myTrips')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
