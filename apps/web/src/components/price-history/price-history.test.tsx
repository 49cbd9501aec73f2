import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PriceHistoryResponse } from '@vowa/shared/watches/watch-schemas';
import { renderWithApp } from '../../test/render-app';
import { PriceHistory, type PriceHistoryState } from './price-history';

const history: PriceHistoryResponse = {
  currency: 'USD',
  points: [
    { at: '2026-03-01T08:00:00Z', day: '2026-03-01', amount: 3100, currency: 'USD' },
    { at: '2026-03-02T08:00:00Z', day: '2026-03-02', amount: 3250, currency: 'USD' },
    { at: '2026-03-03T08:00:00Z', day: '2026-03-03', amount: 2980, currency: 'USD' },
    { at: '2026-03-04T08:00:00Z', day: '2026-03-04', amount: 3020, currency: 'USD' },
  ],
  market: { amount: 3600, currency: 'USD' },
  target: { amount: 2880, currency: 'USD' },
  thresholdPercent: 80,
  departureDate: '2026-05-20',
  advice: {
    advice: 'wait',
    confidence: 'low',
    score: 0.3,
    reasons: [
      { code: 'falling', params: { percent: 4, days: 4 } },
      { code: 'little_history', params: { days: 4 } },
    ],
  },
};

const state = (change: Partial<PriceHistoryState>): PriceHistoryState => ({
  data: undefined,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
  ...change,
});

describe('Price history', () => {
  it('draws the prices as a labelled chart with the market and target lines, and the advice', async () => {
    renderWithApp(<PriceHistory history={state({ data: history })} />);
    // The chart (recharts) loads lazily; its name sums it up for screen readers.
    const name =
      'Price chart of 4 days: lowest $2,980 on Mar 3, highest $3,250 on Mar 2, latest $3,020 on Mar 4.';
    // The placeholder says the same while recharts loads; then the drawn chart takes its place.
    const chart = await waitFor(() => {
      const drawn = screen.getByRole('img', { name });
      expect(drawn.tagName.toLowerCase()).toBe('svg');
      return drawn;
    });
    // The accessibility layer: keyboard users reach the chart and move through the days.
    expect(chart).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('Market price $3,600')).toBeInTheDocument();
    expect(screen.getByText('Your target $2,880 (80%)')).toBeInTheDocument();

    const advice = screen.getByTestId('buy-or-wait');
    expect(within(advice).getByRole('heading', { name: 'Buy or wait?' })).toBeInTheDocument();
    expect(advice).toHaveTextContent('Wait');
    expect(advice).toHaveTextContent('Low confidence');
    expect(
      within(advice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Prices fell 4% over the last 4 days.',
      'Only 4 days of prices so far: take this as a first guess.',
    ]);
  });

  it('shows the same prices as a table on request, newest first', async () => {
    const user = userEvent.setup();
    renderWithApp(<PriceHistory history={state({ data: history })} />);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const table = screen.getByRole('table', { name: 'Recorded prices, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Wed, Mar 4, 2026$3,020',
      'Tue, Mar 3, 2026$2,980',
      'Mon, Mar 2, 2026$3,250',
      'Sun, Mar 1, 2026$3,100',
    ]);
  });

  it('says when nothing is recorded yet, while it loads, and when it failed (with a retry)', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithApp(
      <PriceHistory history={state({ data: { ...history, points: [] } })} />,
    );
    expect(
      screen.getByText('No prices recorded yet: the history starts with the price quoted today.'),
    ).toBeInTheDocument();
    unmount();

    const loading = renderWithApp(<PriceHistory history={state({ isPending: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the price history…');
    loading.unmount();

    const refetch = vi.fn();
    renderWithApp(<PriceHistory history={state({ isError: true, refetch })} />);
    expect(screen.getByText('The price history could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
