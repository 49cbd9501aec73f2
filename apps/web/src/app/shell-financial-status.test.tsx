import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusBar } from '../components/layout/status-bar';
import { jsonResponse, mockFetch, sampleUser } from '../test/fetch-mock';
import { renderWithApp } from '../test/render-app';
import { AutoBookingBanner } from '../features/financial/auto-booking-banner';
import { makeFinancials, unconnected } from '../test/finance-test-data';

afterEach(() => vi.unstubAllGlobals());

function serve(financials = makeFinancials(), autoBookingEnabled = true) {
  return mockFetch(({ path }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/finance/financials') return jsonResponse(200, financials);
    if (path === '/finance/budget_settings')
      return jsonResponse(200, {
        maxTripBudget: 7300,
        autoBookingEnabled,
        priceAlertThreshold: 85,
      });
    return jsonResponse(404);
  });
}

const shell = (
  <>
    <StatusBar />
    <AutoBookingBanner />
  </>
);

describe('status bar and auto-booking banner', () => {
  it('show the connection, the budget and auto-booking from the server', async () => {
    localStorage.setItem('access_token', 'jwt');
    serve(makeFinancials({ source: 'bank' }));
    renderWithApp(shell);
    expect(await screen.findByText('Bank Connected')).toBeInTheDocument();
    expect(await screen.findByText('Max trip budget: $7,300')).toBeInTheDocument();
    expect(screen.getByText('Auto-Booking Active')).toBeInTheDocument();
    expect(
      screen.getByText('Auto-Booking is active — Vowa books when prices drop to your threshold.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details' })).toBeInTheDocument();
  });

  it('say when the figures were typed by hand rather than read from a bank', async () => {
    localStorage.setItem('access_token', 'jwt');
    serve(makeFinancials({ source: 'manual' }));
    renderWithApp(shell);
    expect(await screen.findByText('Finances Entered Manually')).toBeInTheDocument();
    expect(screen.queryByText('Bank Connected')).not.toBeInTheDocument();
    expect(await screen.findByText('Max trip budget: $7,300')).toBeInTheDocument();
  });

  it('say not connected and hide the budget and banner otherwise', async () => {
    localStorage.setItem('access_token', 'jwt');
    serve(unconnected, false);
    renderWithApp(shell);
    expect(await screen.findByText('Signed In')).toBeInTheDocument();
    expect(screen.getByText('Bank Not Connected')).toBeInTheDocument();
    expect(screen.queryByText(/Max trip budget/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
  });

  it('never asks the server for a guest', async () => {
    const { calls } = serve();
    renderWithApp(shell);
    expect(await screen.findByText('Guest Mode')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/finance'))).toEqual([]);
  });
});
