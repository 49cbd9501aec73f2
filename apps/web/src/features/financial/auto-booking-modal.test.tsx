import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import type { AutoBookingStatus, Watch } from '@vowa/shared/watches/watch-schemas';
import { AutoBookingModal } from './auto-booking-modal';
import { defaultSettings } from '../../test/finance-test-data';

const usd = (amount: number) => ({ amount, currency: 'USD' });

function makeWatch(overrides: Partial<Watch> = {}): Watch {
  return {
    id: 'w1',
    kind: 'trip',
    mode: 'auto_book',
    status: 'active',
    endedReason: null,
    title: { destination: 'Lisbon', country: 'Portugal', countryCode: 'PT' },
    startDate: '2027-03-14',
    endDate: '2027-03-21',
    travelers: 2,
    items: [{ kind: 'flight', quoteId: 'q1' }],
    current: usd(2480),
    market: usd(2600),
    target: usd(2210),
    thresholdPercent: 85,
    maxBudget: usd(7300),
    display: null,
    lastCheckedAt: '2026-11-26T10:00:00.000Z',
    nextCheckAt: null,
    bookingId: null,
    bucketItemId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const readyStatus: AutoBookingStatus = {
  enabled: true,
  emailVerified: true,
  card: { id: 'pm1', brand: 'visa', last4: '4242' },
  thresholdPercent: 85,
  maxTripBudget: usd(7300),
  watches: [
    makeWatch(),
    makeWatch({
      id: 'w2',
      title: { destination: 'Kyoto', country: 'Japan', countryCode: 'JP' },
      current: null,
      status: 'paused',
    }),
  ],
};

function serve(status: AutoBookingStatus = readyStatus) {
  return mockFetch(({ path, method, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/travel/watches/auto_booking') return jsonResponse(200, status);
    if (path === '/auth/resend_verification') return jsonResponse(200, { message: 'Sent.' });
    if (path === '/finance/budget_settings' && method === 'PUT')
      return jsonResponse(200, { ...defaultSettings, ...(body as object) });
    return jsonResponse(200, { ...defaultSettings, autoBookingEnabled: true });
  });
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('Auto-Booking Active modal', () => {
  it('shows the threshold, the budget and what happens next', () => {
    serve();
    renderWithApp(
      <AutoBookingModal
        open
        onOpenChange={vi.fn()}
        maxTripBudget={7300}
        priceAlertThreshold={85}
      />,
    );
    const modal = screen.getByRole('dialog', { name: 'Auto-Booking Active' });
    expect(modal).toHaveAccessibleDescription('Monitoring deals 24/7');
    expect(within(modal).getByRole('region', { name: 'Active Monitoring' })).toHaveTextContent(
      '85% of market price',
    );
    expect(within(modal).getByRole('region', { name: 'Budget Protection' })).toHaveTextContent(
      '$7,300',
    );
    for (const text of [
      'Instant notifications when deals are found',
      'Automatic booking with your saved payment method',
      'Email confirmation with trip details',
      '24-hour cancellation window',
    ]) {
      expect(within(modal).getByText(text)).toBeInTheDocument();
    }
  });

  it('opens on View Settings, so Enter does not turn auto-booking off', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(
      <AutoBookingModal
        open
        onOpenChange={vi.fn()}
        maxTripBudget={5000}
        priceAlertThreshold={80}
      />,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'View Settings' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('Disable Auto-Booking turns it off, then closes', async () => {
    const { calls } = serve();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <AutoBookingModal
        open
        onOpenChange={onOpenChange}
        maxTripBudget={5000}
        priceAlertThreshold={80}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Disable Auto-Booking' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/finance/budget_settings',
      body: { autoBookingEnabled: false },
    });
  });

  it('the close icon disables too (per spec); View Settings goes to the budget screen', async () => {
    const { calls } = serve();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <AutoBookingModal
        open
        onOpenChange={onOpenChange}
        maxTripBudget={5000}
        priceAlertThreshold={80}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Close and disable Auto-Booking' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'View Settings' }));
    expect(router.state.location.pathname).toBe('/financial/budget');
  });
  it('tells the truth: the card it pays with, the address, what is watched, free cancellation', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <AutoBookingModal
        open
        onOpenChange={vi.fn()}
        maxTripBudget={7300}
        priceAlertThreshold={85}
      />,
    );
    const modal = screen.getByRole('dialog', { name: 'Auto-Booking Active' });
    expect(await within(modal).findByTestId('auto-booking-card')).toHaveTextContent(
      'Books with your Visa ending in 4242',
    );
    expect(within(modal).getByText('Confirmations go to ada@example.com.')).toBeInTheDocument();
    const watched = within(modal).getByRole('region', { name: 'Being watched' });
    const rows = within(watched).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Lisbon, Portugal');
    expect(rows[0]).toHaveTextContent('Now $2,480 · books at $2,210 or less');
    expect(rows[0]).toHaveTextContent('Watching');
    expect(rows[1]).toHaveTextContent('Kyoto, Japan');
    expect(rows[1]).toHaveTextContent('Books at $2,210 or less · not priced yet');
    expect(rows[1]).toHaveTextContent('Paused');
    expect(
      within(modal).getByText(
        'Cancel any automatic booking free of charge within 24 hours, in My Trips.',
      ),
    ).toBeInTheDocument();
    await user.click(within(watched).getByRole('link', { name: 'See all watches' }));
    expect(router.state.location.pathname).toBe('/watches');
  });

  it('asks for a card and a verified address when they are missing', async () => {
    const { calls } = serve({ ...readyStatus, card: null, emailVerified: false, watches: [] });
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { router } = renderWithApp(
      <AutoBookingModal
        open
        onOpenChange={onOpenChange}
        maxTripBudget={5000}
        priceAlertThreshold={80}
      />,
    );
    const modal = screen.getByRole('dialog', { name: 'Auto-Booking Active' });
    expect(
      await within(modal).findByText(/No saved card: Vowa cannot book anything until you add one./),
    ).toBeInTheDocument();
    expect(within(modal).queryByTestId('auto-booking-card')).not.toBeInTheDocument();
    expect(
      within(modal).getByText('Verify ada@example.com: Vowa books only for a verified address.'),
    ).toBeInTheDocument();
    expect(within(modal).getByText(/No trip is set to Auto-Book yet/)).toBeInTheDocument();

    await user.click(within(modal).getByRole('button', { name: 'Send the link again' }));
    expect(
      await within(modal).findByText('Sent. Open the link in the email to verify your address.'),
    ).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/auth/resend_verification' }),
    );

    await user.click(within(modal).getByRole('link', { name: 'Add a card' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.hash).toBe('#payment-methods-title');
    // Nothing about auto-booking changed on the way.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says when it cannot check the card and watches', async () => {
    mockFetch(({ path }) =>
      path === '/auth/users/me'
        ? jsonResponse(200, sampleUser)
        : jsonResponse(503, { detail: 'Down', code: 'service_unavailable' }),
    );
    renderWithApp(
      <AutoBookingModal
        open
        onOpenChange={vi.fn()}
        maxTripBudget={5000}
        priceAlertThreshold={80}
      />,
    );
    expect(
      await screen.findByText('We could not check your card and watches right now.'),
    ).toBeInTheDocument();
  });
});
