import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook as render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  notificationDataSchemas,
  type AppNotification,
} from '@vowa/shared/notifications/notification-schemas';
import i18n, { switchLanguage } from '../../lib/i18n';
import { loadPlaceNames } from '../../lib/use-place-names';
import { SessionContext, type Session } from '../../lib/session-context';
import { useNotificationTime, useNotificationWording } from './notification-text';

const place = { destination: 'Lisbon', country: 'Portugal', countryCode: 'PT' };
const at = '2026-11-20T10:00:00.000Z';
const note = (kind: AppNotification['kind'], data: unknown) =>
  ({ id: kind, kind, data, createdAt: at, readAt: null }) as AppNotification;

afterEach(() => i18n.changeLanguage('en'));

/** A guest's formatter (default currency, the browser's zone): the words are what is tested. */
const guest: Session = {
  user: null,
  status: 'guest',
  token: null,
  signIn: () => Promise.reject(new Error('not here')),
  signOut: () => Promise.resolve(),
};
function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={guest}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  );
}
const renderHook = <T,>(hook: () => T) => render(hook, { wrapper: Providers });

describe('wording notifications', () => {
  it('words every kind from its facts, with the money as quoted', () => {
    const { result } = renderHook(() => useNotificationWording());
    const word = result.current;
    expect(
      word(
        note('booking_cancelled', {
          bookingId: 'b1',
          reference: 'VW-1',
          ...place,
          refund: { amount: 120, currency: 'GBP' },
        }),
      ),
    ).toEqual({
      title: 'Booking cancelled: Lisbon',
      body: 'Booking VW-1 is cancelled. Refund: £120.',
      to: '/trips',
    });
    expect(
      word(
        note('booking_confirmed', {
          bookingId: 'b1',
          reference: 'VW-1',
          ...place,
          total: { amount: 980, currency: 'USD' },
          automatic: false,
        }),
      ).title,
    ).toBe('Trip booked: Lisbon');
    expect(
      word(
        note('trip_fits_budget', {
          watchId: 'w1',
          ...place,
          price: { amount: 1500, currency: 'USD' },
          budget: { amount: 2000, currency: 'USD' },
        }),
      ),
    ).toEqual({
      title: 'Lisbon fits your budget',
      body: 'A trip to Lisbon, Portugal now costs $1,500, within your budget of $2,000.',
      to: '/watches',
    });
    expect(word(note('deals', { count: 1, best: null }))).toEqual({
      title: '1 new hot deal within your budget',
      body: 'See them on the Suggestions screen.',
      to: '/travel/suggestions',
    });
  });

  it('gives every failed auto-booking reason a sentence and the screen that fixes it', () => {
    const { result } = renderHook(() => useNotificationWording());
    const reasons = notificationDataSchemas.auto_booking_failed.shape.reason.options;
    const views = reasons.map((reason) =>
      result.current(note('auto_booking_failed', { watchId: 'w1', ...place, reason })),
    );
    for (const view of views) {
      expect(view.title).toBe('Auto-booking could not book Lisbon');
      expect(view.body).not.toMatch(/notifications\./);
    }
    expect(new Set(views.map((view) => view.body)).size).toBe(reasons.length);
    const to = Object.fromEntries(reasons.map((reason, index) => [reason, views[index]!.to]));
    expect(to).toMatchObject({
      needs_card: '/settings#payment-methods-title',
      card_declined: '/settings#payment-methods-title',
      auto_booking_off: '/financial/budget',
      price_changed: '/watches',
    });
  });

  it('speaks the reader’s language, places included', async () => {
    await switchLanguage('fr');
    await loadPlaceNames('fr');
    const { result } = renderHook(() => useNotificationWording());
    const view = result.current(
      note('price_drop', {
        watchId: 'w1',
        destination: 'Lisbon',
        country: 'Portugal',
        countryCode: 'PT',
        price: { amount: 1240, currency: 'EUR' },
        target: { amount: 1300, currency: 'EUR' },
      }),
    );
    expect(view.title).toBe('Baisse de prix : Lisbonne');
    expect(view.body).toMatch(/^Désormais 1\s240\s€/);
  });
});

describe('when a notification came', () => {
  it('says just now, minutes, hours, then the date', () => {
    const { result } = renderHook(() => useNotificationTime());
    const now = Date.parse('2026-11-20T12:00:00.000Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(result.current(ago(20_000), now)).toBe('Just now');
    expect(result.current(ago(7 * 60_000), now)).toBe('7 min ago');
    expect(result.current(ago(3 * 3_600_000), now)).toBe('3 h ago');
    expect(result.current(ago(30 * 3_600_000), now)).toMatch(/Nov 19, 2026/);
  });
});
