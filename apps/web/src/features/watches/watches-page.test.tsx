import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@vowa/shared/settings/settings-schemas';
import type { Watch } from '@vowa/shared/watches/watch-schemas';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { makeHistory, makeWatch } from './watch-test-data';
import { WatchesPage } from './watches-page';

function serve(
  watches: Watch[],
  {
    alerts = true,
    extra,
  }: { alerts?: boolean; extra?: (call: RecordedCall) => Response | undefined } = {},
) {
  let priceDropAlerts = alerts;
  return mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    const { path, method } = call;
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/user_management/settings') {
      if (method === 'PUT') priceDropAlerts = true;
      return jsonResponse(200, {
        ...DEFAULT_USER_SETTINGS,
        notifications: { ...DEFAULT_USER_SETTINGS.notifications, priceDropAlerts },
      });
    }
    if (path === '/travel/watches' && method === 'GET') return jsonResponse(200, { watches });
    if (/^\/travel\/watches\/[^/]+\/history$/.test(path)) {
      return jsonResponse(200, { ...makeHistory(), watchId: path.split('/')[3] });
    }
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

const renderPage = () => renderWithApp(<WatchesPage />, { path: '/watches' });
const findWatch = (name: string) => screen.findByRole('article', { name });

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('Watches screen', () => {
  it('shows each watch: mode, status, price now, target with its share, budget and the last check', async () => {
    serve([
      makeWatch(),
      makeWatch({
        id: 'w2',
        kind: 'flight',
        mode: 'auto_book',
        title: { destination: 'Tokyo', country: 'Japan', countryCode: 'JP' },
        startDate: '2026-06-01',
        endDate: '2026-06-01',
        travelers: 1,
        current: { amount: 900, currency: 'EUR' },
        display: { amount: 980, currency: 'USD' },
        lastCheckedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Price Watches' })).toBeVisible();

    const paris = within(await findWatch('Paris'));
    expect(paris.getByText('France')).toBeInTheDocument();
    expect(paris.getByText('Trip')).toBeInTheDocument();
    expect(paris.getByText('Alert')).toBeInTheDocument();
    expect(paris.getByTestId('watch-status')).toHaveTextContent('Watching');
    expect(paris.getByTestId('watch-current')).toHaveTextContent('$3,020');
    expect(paris.getByTestId('watch-target')).toHaveTextContent('$2,880');
    expect(paris.getByText('80% of the market price $3,600')).toBeInTheDocument();
    expect(paris.getByText('$5,000')).toBeInTheDocument();
    expect(paris.getByText('2 travelers')).toBeInTheDocument();
    expect(paris.getByTestId('watch-checked')).toHaveTextContent('Checked 5 minutes ago');

    const tokyo = within(await findWatch('Tokyo'));
    expect(tokyo.getByText('Auto-Book')).toBeInTheDocument();
    expect(tokyo.getByText('Flight')).toBeInTheDocument();
    expect(tokyo.getByTestId('watch-current')).toHaveTextContent('€900');
    expect(tokyo.getByText('About $980')).toBeInTheDocument();
    expect(tokyo.getByText('1 traveler')).toBeInTheDocument();
    expect(tokyo.getByTestId('watch-checked')).toHaveTextContent('Checked 3 hours ago');
  });

  it('pauses and resumes a watch', async () => {
    const { calls } = serve(
      [
        makeWatch(),
        makeWatch({
          id: 'w2',
          status: 'paused',
          title: { destination: 'Rome', country: 'Italy', countryCode: 'IT' },
        }),
      ],
      {
        extra: ({ path, method }) =>
          method === 'PATCH' && path.startsWith('/travel/watches/')
            ? jsonResponse(200, { watch: makeWatch(), alertsOn: true })
            : undefined,
      },
    );
    const user = userEvent.setup();
    renderPage();
    const paris = within(await findWatch('Paris'));
    await user.click(paris.getByRole('button', { name: 'Pause watching Paris' }));
    const rome = within(await findWatch('Rome'));
    await user.click(rome.getByRole('button', { name: 'Resume watching Rome' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/travel/watches/w1', body: { status: 'paused' } }),
        expect.objectContaining({ path: '/travel/watches/w2', body: { status: 'active' } }),
      ]),
    );
    expect(await screen.findByText('Watching Rome again.')).toBeInTheDocument();
  });

  it('deletes a watch after asking, and offers nothing to change on a booked one but its booking', async () => {
    const { calls } = serve(
      [
        makeWatch(),
        makeWatch({
          id: 'w3',
          status: 'booked',
          bookingId: 'b1',
          title: { destination: 'Lisbon', country: 'Portugal', countryCode: 'PT' },
        }),
      ],
      {
        extra: ({ path, method }) =>
          method === 'DELETE' && path === '/travel/watches/w1' ? jsonResponse(204) : undefined,
      },
    );
    const user = userEvent.setup();
    renderPage();
    const lisbon = within(await findWatch('Lisbon'));
    expect(lisbon.getByRole('link', { name: 'View booking' })).toHaveAttribute('href', '/trips');
    expect(lisbon.queryByRole('button', { name: /Pause|Resume/ })).not.toBeInTheDocument();

    const paris = within(await findWatch('Paris'));
    await user.click(paris.getByRole('button', { name: 'Delete the watch on Paris' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this watch?' });
    expect(confirm).toHaveTextContent(
      'Vowa stops watching Paris. Nothing already booked is cancelled.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete watch' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/travel/watches/w1'),
    ).toBe(true);
  });

  it('opens a watch’s own price history with the advice', async () => {
    const { calls } = serve([makeWatch()]);
    const user = userEvent.setup();
    renderPage();
    const paris = within(await findWatch('Paris'));
    const toggle = paris.getByRole('button', { name: 'Price history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await paris.findByTestId('buy-or-wait')).toHaveTextContent('Buy now');
    expect(paris.getByText(/Departure is 80 days away/)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/travel/watches/w1/history')).toBe(true);
  });

  it('says when price-drop alerts are off and turns them on', async () => {
    const { calls } = serve([makeWatch()], { alerts: false });
    const user = userEvent.setup();
    renderPage();
    const prompt = await screen.findByTestId('alerts-off');
    expect(prompt).toHaveTextContent(
      'Price-drop alerts are off, so Vowa will not tell you when a watched price drops.',
    );
    await user.click(within(prompt).getByRole('button', { name: 'Turn on alerts' }));
    expect(
      await screen.findByText(
        'Price-drop alerts are on: Vowa will tell you when a watched price drops.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      notifications: { priceDropAlerts: true },
    });
  });

  it('shows an empty state that leads to the suggestions', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No price watches yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse suggestions' })).toHaveAttribute(
      'href',
      '/travel/suggestions',
    );
  });
});
