import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@vowa/shared/notifications/notification-schemas';
import { DEFAULT_USER_SETTINGS } from '@vowa/shared/settings/settings-schemas';
import { notificationKeys } from '../../lib/notification-keys';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { stubResizeObserver } from '../../test/finance-test-data';
import { installPushFakes, removePushFakes, vapidPublicKey } from '../../test/push-fakes';
import { renderWithApp } from '../../test/render-app';
import { NotificationBell } from './notification-bell';
import { readPage } from './notifications-api';

const place = { destination: 'Lisbon', country: 'Portugal', countryCode: 'PT' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const priceDrop: AppNotification = {
  id: 'n-drop',
  kind: 'price_drop',
  data: {
    watchId: 'w1',
    ...place,
    price: { amount: 1240, currency: 'USD' },
    target: { amount: 1300, currency: 'USD' },
  },
  createdAt: minutesAgo(5),
  readAt: null,
};
const autoBooked: AppNotification = {
  id: 'n-booked',
  kind: 'booking_confirmed',
  data: {
    bookingId: 'b1',
    reference: 'VW-7K2Q',
    ...place,
    total: { amount: 2480.5, currency: 'EUR' },
    automatic: true,
  },
  createdAt: minutesAgo(90),
  readAt: null,
};
const failed: AppNotification = {
  id: 'n-failed',
  kind: 'auto_booking_failed',
  data: {
    watchId: 'w2',
    destination: 'Kyoto',
    country: 'Japan',
    countryCode: 'JP',
    reason: 'needs_card',
  },
  createdAt: minutesAgo(60 * 30),
  readAt: '2026-01-02T10:00:00.000Z',
};
const deals: AppNotification = {
  id: 'n-deals',
  kind: 'deals',
  data: { count: 3, best: { ...place, price: { amount: 899, currency: 'USD' } } },
  createdAt: minutesAgo(0),
  readAt: null,
};

type Page = { notifications: AppNotification[]; unread: number; hasMore: boolean };

function serve(
  pages: { first: Page; older?: Page },
  extra?: (call: RecordedCall) => Promise<Response> | undefined,
) {
  return mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (call.path === '/notifications') return jsonResponse(200, pages.first);
    if (call.path.startsWith('/notifications?before=') && pages.older)
      return jsonResponse(200, pages.older);
    if (call.method === 'POST' && call.path.startsWith('/notifications/'))
      return jsonResponse(200, { unread: 0 });
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
}

beforeEach(() => {
  localStorage.setItem('access_token', 'jwt');
  stubResizeObserver();
});
afterEach(() => vi.unstubAllGlobals());

async function openBell(user: ReturnType<typeof userEvent.setup>, name: string | RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the notification bell', () => {
  it('is labelled with the unread count and lists notifications worded from their facts', async () => {
    serve({ first: { notifications: [priceDrop, autoBooked, failed], unread: 2, hasMore: false } });
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');

    const panel = await openBell(user, 'Notifications, 2 unread');
    const links = await within(panel).findAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveTextContent('Unread: Price drop: Lisbon');
    expect(links[0]).toHaveTextContent('Now $1,240, at or below your target of $1,300.');
    expect(links[0]).toHaveTextContent('5 min ago');
    expect(links[0]).toHaveAttribute('href', '/watches');
    expect(links[1]).toHaveTextContent('Auto-booked: Lisbon');
    expect(links[1]).toHaveTextContent(
      'Vowa booked Lisbon, Portugal for €2,480.50 with your saved card (booking VW-7K2Q). You can cancel it free of charge within 24 hours.',
    );
    expect(links[1]).toHaveTextContent('1 h ago');
    expect(links[1]).toHaveAttribute('href', '/trips');
    // Read: no "Unread" mark; the fix for a missing card is where cards are saved.
    expect(links[2]).not.toHaveTextContent('Unread');
    expect(links[2]).toHaveTextContent('Auto-booking could not book Kyoto');
    expect(links[2]).toHaveTextContent('There is no saved card to pay with.');
    expect(links[2]).toHaveAttribute('href', '/settings#payment-methods-title');
  });

  it('marks one read and goes where it leads', async () => {
    const { calls } = serve({
      first: { notifications: [priceDrop, autoBooked], unread: 2, hasMore: false },
    });
    const user = userEvent.setup();
    const { router } = renderWithApp(<NotificationBell />);
    const panel = await openBell(user, 'Notifications, 2 unread');
    await user.click(await within(panel).findByRole('link', { name: /Auto-booked: Lisbon/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips'));
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/notifications/n-booked/read' }),
    );
  });

  it('marks all as read: the count goes at once, before the server answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const { calls } = serve(
      { first: { notifications: [priceDrop, autoBooked], unread: 2, hasMore: false } },
      (call) => (call.path === '/notifications/read_all' ? pending : undefined),
    );
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    const panel = await openBell(user, 'Notifications, 2 unread');
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
    expect(within(panel).queryByText(/Unread:/)).not.toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/notifications/read_all' }),
    );
    await act(async () => answer(jsonResponse(200, { unread: 0 })));
  });

  it('pages back through older notifications', async () => {
    const { calls } = serve({
      first: { notifications: [priceDrop], unread: 1, hasMore: true },
      older: { notifications: [failed], unread: 1, hasMore: false },
    });
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    const panel = await openBell(user, 'Notifications, 1 unread');
    await user.click(await within(panel).findByRole('button', { name: 'Show older' }));
    expect(await within(panel).findByText('Auto-booking could not book Kyoto')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(
      `/notifications?before=${encodeURIComponent(priceDrop.createdAt)}`,
    );
  });

  it('says when there is nothing yet', async () => {
    serve({ first: { notifications: [], unread: 0, hasMore: false } });
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    const panel = await openBell(user, 'Notifications');
    expect(await within(panel).findByText('No notifications yet')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('announces a notification that arrives while the page is open, not the ones already there', async () => {
    const first: Page = { notifications: [priceDrop], unread: 1, hasMore: false };
    serve({ first });
    const { queryClient } = renderWithApp(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const live = screen.getByRole('status');
    expect(live).toBeEmptyDOMElement();

    first.notifications = [deals, priceDrop];
    first.unread = 2;
    await act(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
    expect(live).toHaveTextContent('New notification: 3 new hot deals within your budget');
  });
});

describe('reading a page', () => {
  it('leaves out kinds this version does not know instead of failing the list', () => {
    const page = readPage({
      notifications: [
        { id: 'x', kind: 'from_the_future', data: {}, createdAt: '', readAt: null },
        priceDrop,
      ],
      unread: 2,
      hasMore: false,
    });
    expect(page.notifications.map((n) => n.id)).toEqual(['n-drop']);
    expect(page.unread).toBe(2);
  });
});

describe('push upkeep', () => {
  afterEach(() => removePushFakes());

  it('keeps a browser the person allowed subscribed for them, without asking', async () => {
    const { calls } = serve({ first: { notifications: [], unread: 0, hasMore: false } }, (call) =>
      call.path === '/user_management/settings'
        ? Promise.resolve(jsonResponse(200, DEFAULT_USER_SETTINGS))
        : call.path === '/notifications/push/config'
          ? Promise.resolve(jsonResponse(200, { publicKey: vapidPublicKey }))
          : call.path === '/notifications/push/subscriptions'
            ? Promise.resolve(jsonResponse(204))
            : undefined,
    );
    const fakes = installPushFakes({ permission: 'granted' });
    renderWithApp(<NotificationBell />);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/notifications/push/subscriptions' }),
      ),
    );
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('never asks for permission by itself', async () => {
    const { calls } = serve({ first: { notifications: [], unread: 0, hasMore: false } }, (call) =>
      call.path === '/user_management/settings'
        ? Promise.resolve(jsonResponse(200, DEFAULT_USER_SETTINGS))
        : undefined,
    );
    const fakes = installPushFakes({ permission: 'default' });
    renderWithApp(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/user_management/settings')).toBe(true),
    );
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path.startsWith('/notifications/push'))).toBe(false);
  });
});
