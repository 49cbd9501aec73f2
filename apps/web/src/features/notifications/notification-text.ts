import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppNotification } from '@vowa/shared/notifications/notification-schemas';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';

/** What a notification says and where it leads: worded here, from its kind and facts. */
export type NotificationView = {
  title: string;
  body: string;
  /** The screen that shows more (and where a fix is, for a failed auto-booking). */
  to: string;
};

/** Where the Payment methods card is (Settings, below the tabs). */
export const PAYMENT_METHODS_PATH = '/settings#payment-methods-title';

/** The screen a failed auto-booking's reason is fixed on. */
function fixFor(reason: string): string {
  if (reason === 'needs_card' || reason === 'card_declined') return PAYMENT_METHODS_PATH;
  if (reason === 'auto_booking_off') return '/financial/budget';
  return '/watches';
}

/**
 * `word(notification)` in the reader's language: places translated, money in the currency it
 * was quoted or charged in (never converted: it is what the provider asked).
 */
export function useNotificationWording(): (notification: AppNotification) => NotificationView {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const countryName = useCountryName();

  return useCallback(
    (notification: AppNotification): NotificationView => {
      const money = ({ amount, currency }: { amount: number; currency: string }) =>
        format.money(amount, currency);
      const place = (data: { destination: string; country: string; countryCode: string }) => ({
        destination: placeName(data.destination),
        country: countryName(data.countryCode, data.country),
      });
      switch (notification.kind) {
        case 'booking_confirmed': {
          const { data } = notification;
          const values = { ...place(data), total: money(data.total), reference: data.reference };
          const kind = data.automatic ? 'bookingAutomatic' : 'bookingConfirmed';
          return {
            title: t(`notifications.kinds.${kind}.title`, values),
            body: t(`notifications.kinds.${kind}.body`, values),
            to: '/trips',
          };
        }
        case 'booking_cancelled': {
          const { data } = notification;
          const values = { ...place(data), refund: money(data.refund), reference: data.reference };
          return {
            title: t('notifications.kinds.bookingCancelled.title', values),
            body: t('notifications.kinds.bookingCancelled.body', values),
            to: '/trips',
          };
        }
        case 'price_drop': {
          const { data } = notification;
          const values = { ...place(data), price: money(data.price), target: money(data.target) };
          return {
            title: t('notifications.kinds.priceDrop.title', values),
            body: t('notifications.kinds.priceDrop.body', values),
            to: '/watches',
          };
        }
        case 'trip_fits_budget': {
          const { data } = notification;
          const values = { ...place(data), price: money(data.price), budget: money(data.budget) };
          return {
            title: t('notifications.kinds.fitsBudget.title', values),
            body: t('notifications.kinds.fitsBudget.body', values),
            to: '/watches',
          };
        }
        case 'auto_booking_failed': {
          const { data } = notification;
          return {
            title: t('notifications.kinds.autoBookingFailed.title', place(data)),
            body: t(`notifications.kinds.autoBookingFailed.reasons.${data.reason}`),
            to: fixFor(data.reason),
          };
        }
        case 'deals': {
          const { data } = notification;
          return {
            title: t('notifications.kinds.deals.title', { count: data.count }),
            body: data.best
              ? t('notifications.kinds.deals.best', {
                  ...place(data.best),
                  price: money(data.best.price),
                })
              : t('notifications.kinds.deals.none'),
            to: '/travel/suggestions',
          };
        }
      }
    },
    [t, format, placeName, countryName],
  );
}

const MINUTE = 60_000;

/** "Just now", "5 min ago", "3 h ago", then the date and time in the reader's zone. */
export function useNotificationTime(): (iso: string, now?: number) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return useCallback(
    (iso: string, now = Date.now()) => {
      const elapsed = now - new Date(iso).getTime();
      if (!Number.isFinite(elapsed)) return iso;
      if (elapsed < MINUTE) return t('notifications.time.now');
      if (elapsed < 60 * MINUTE)
        return t('notifications.time.minutes', { count: Math.floor(elapsed / MINUTE) });
      if (elapsed < 24 * 60 * MINUTE)
        return t('notifications.time.hours', { count: Math.floor(elapsed / (60 * MINUTE)) });
      return format.dateTime(iso);
    },
    [t, format],
  );
}
