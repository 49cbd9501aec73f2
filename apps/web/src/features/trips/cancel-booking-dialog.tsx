import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@vowa/shared/bookings/booking-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../lib/api-client';
import { bookingKeys } from '../../lib/booking-keys';
import { formatMinor } from '../../lib/minor-units';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import { cancelBooking, useCancellationTerms } from './trips-api';

/**
 * Cancel, after saying what it refunds now: everything within Vowa's 24-hour window, else what
 * the providers' own policies give back, in their words. One key per opening, so a retry or a
 * second click never refunds twice.
 */
export function CancelBookingDialog({
  booking,
  onClose,
  onCancelled,
}: {
  booking: Booking;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const queryClient = useQueryClient();
  const terms = useCancellationTerms(booking.id);
  const keyRef = useRef(crypto.randomUUID());
  const [changed, setChanged] = useState(false);
  const cancel = useMutation({
    mutationFn: () => {
      if (!terms.data) throw new Error('No cancellation terms');
      return cancelBooking(booking.id, keyRef.current, terms.data.refund);
    },
    onSuccess: (cancelled) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      onCancelled(
        t('trips.cancelDialog.done', {
          amount: formatMinor(format, cancelled.refund ?? { ...cancelled.total, amountMinor: 0 }),
        }),
      );
    },
    onError: (error) => {
      // The terms moved (the window closed meanwhile): read them again and ask again, with a
      // new key, since nothing was cancelled.
      if (error instanceof ApiError && error.code === 'cancellation_terms_changed') {
        keyRef.current = crypto.randomUUID();
        setChanged(true);
        void terms.refetch();
      }
    },
  });
  const data = terms.data;
  const refund = data ? formatMinor(format, data.refund) : '';

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !cancel.isPending) onClose();
      }}
      title={t('trips.cancelDialog.title', { destination: placeName(booking.destination) })}
      closeLabel={t('bookings.close')}
      fitOnPhones
    >
      <div className="space-y-4">
        {terms.isPending ? (
          <div role="status" className="space-y-2">
            <span className="text-sm text-ink-muted">{t('trips.cancelDialog.checking')}</span>
            <Skeleton className="h-16" />
          </div>
        ) : terms.isError ? (
          <Banner tone="error">{errorMessage(terms.error)}</Banner>
        ) : data && !data.cancellable ? (
          <Banner tone="info">
            {t(`trips.cancelDialog.notCancellable.${data.reason ?? 'not_confirmed'}`)}
          </Banner>
        ) : data ? (
          <>
            {changed ? <Banner tone="info">{t('trips.cancelDialog.termsChanged')}</Banner> : null}
            <p data-testid="cancel-terms">
              {data.free
                ? t('trips.cancelDialog.free', { amount: refund })
                : t('trips.cancelDialog.policy', {
                    amount: refund,
                    penalty: formatMinor(format, data.penalty),
                  })}
            </p>
            {!data.free ? (
              <ul className="list-disc space-y-1 pl-5 text-sm text-ink-muted">
                {data.items.map((item, index) => (
                  <li key={index}>
                    <span className="font-medium text-ink">{item.title}</span>
                    {': '}
                    {item.penaltyText ??
                      (item.refundable
                        ? t('trips.cancelDialog.itemRefund', {
                            amount: formatMinor(format, {
                              amountMinor: item.refundAmountMinor,
                              currency: item.currency,
                            }),
                          })
                        : t('trips.cancelDialog.itemNoRefund'))}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
        {cancel.isError &&
        !(
          cancel.error instanceof ApiError && cancel.error.code === 'cancellation_terms_changed'
        ) ? (
          <Banner tone="error">{errorMessage(cancel.error)}</Banner>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
            {t('trips.cancelDialog.keep')}
          </Button>
          {data?.cancellable ? (
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() => {
                if (!cancel.isPending) cancel.mutate();
              }}
            >
              {t('trips.cancelDialog.confirm')}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
