import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../test/fetch-mock';
import { makeFinancials } from '../test/finance-test-data';
import { renderWithApp } from '../test/render-app';
import { makeSuggestions, makeTrip } from '../test/travel-test-data';
import { makeItem, makeList } from '../features/bucket-lists/bucket-test-data';
import { HomeGlance } from './home-glance';

const list = (ownerId: string, done: boolean[]) =>
  makeList({ ownerId, items: done.map((isCompleted) => makeItem({ isCompleted })) });

function serve({ connected = true } = {}) {
  return mockFetch(({ path }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/finance/financials') {
      return jsonResponse(
        200,
        connected ? makeFinancials({ source: 'bank' }) : { connected: false },
      );
    }
    if (path === '/finance/budget_settings') {
      return jsonResponse(200, {
        maxTripBudget: 4200,
        autoBookingEnabled: false,
        priceAlertThreshold: 80,
      });
    }
    if (path.startsWith('/travel/suggestions')) {
      return jsonResponse(
        200,
        makeSuggestions({
          currency: 'USD',
          suggestions: [
            makeTrip({
              id: 't1',
              destination: 'Lisbon',
              country: 'Portugal',
              price: 1890,
              savings: 310,
            }),
            makeTrip({ id: 't2', destination: 'Kyoto', country: 'Japan', price: 3400, savings: 0 }),
            makeTrip({ id: 't3', destination: 'Oaxaca', country: 'Mexico', price: 1500 }),
            makeTrip({ id: 't4', destination: 'Reykjavik', country: 'Iceland', price: 2900 }),
          ],
        }),
      );
    }
    if (path === '/travel/bucket_lists') {
      return jsonResponse(200, {
        lists: [list(sampleUser.id, [true, false, true, false]), list('someone-else', [true])],
      });
    }
    return jsonResponse(404);
  });
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('the signed-in home at a glance', () => {
  it('shows the budget, the three best trips that fit it, and bucket-list progress', async () => {
    serve();
    renderWithApp(<HomeGlance />);
    const budget = await screen.findByRole('region', { name: 'Your trip budget' });
    expect(await within(budget).findByText('$4,200')).toBeInTheDocument();

    const trips = screen.getByRole('region', { name: 'Best trips within your budget' });
    expect(await within(trips).findByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(within(trips).getAllByRole('link', { name: /,/ })).toHaveLength(3);
    expect(within(trips).getByText('saves $310')).toBeInTheDocument();
    expect(within(trips).queryByText(/Reykjavik/)).not.toBeInTheDocument();

    const bucket = screen.getByRole('region', { name: 'Bucket-list progress' });
    const progress = await within(bucket).findByRole('progressbar', { name: '2 of 4 places done' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
  });

  it('asks someone without finances to connect them', async () => {
    serve({ connected: false });
    renderWithApp(<HomeGlance />);
    const budget = await screen.findByRole('region', { name: 'Your trip budget' });
    expect(await within(budget).findByRole('link', { name: 'Connect now' })).toHaveAttribute(
      'href',
      '/financial/connect',
    );
  });
});
