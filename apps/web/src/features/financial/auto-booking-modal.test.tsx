import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { AutoBookingModal } from './auto-booking-modal';
import { defaultSettings } from '../../test/finance-test-data';

function serve() {
  return mockFetch(({ path, method, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
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
});
