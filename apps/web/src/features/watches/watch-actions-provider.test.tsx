import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { useWatchActions, type WatchTarget } from '../../lib/watch-actions-context';
import { WatchActionsProvider } from './watch-actions-provider';
import { makeWatch } from './watch-test-data';

const tripItems = [
  { kind: 'flight' as const, quoteId: 'q-out' },
  { kind: 'flight' as const, quoteId: 'q-back' },
  { kind: 'hotel' as const, quoteId: 'q-stay' },
];
const paris = { destination: 'Paris', country: 'France', countryCode: 'FR' };

function Opener({ target }: { target: WatchTarget }) {
  const { watch } = useWatchActions();
  return (
    <button type="button" onClick={() => watch(target)}>
      Open
    </button>
  );
}

function renderWith(target: WatchTarget) {
  return renderWithApp(
    <WatchActionsProvider>
      <Opener target={target} />
    </WatchActionsProvider>,
  );
}

function serve(answer: (call: RecordedCall) => Response | undefined) {
  return mockFetch((call) => {
    if (call.path === '/auth/users/me') return jsonResponse(200, sampleUser);
    return answer(call) ?? jsonResponse(404, { detail: 'Not found.' });
  });
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('Watch price', () => {
  it('watches the quotes for an alert at once and says what Vowa waits for', async () => {
    const { calls } = serve(({ path, method }) =>
      path === '/travel/watches' && method === 'POST'
        ? jsonResponse(201, { watch: makeWatch(), alertsOn: true })
        : undefined,
    );
    const user = userEvent.setup();
    renderWith({ kind: 'trip', mode: 'alert', items: tripItems, travelers: 2, title: paris });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Watch the price of Paris' });
    expect(
      await within(dialog).findByText(
        'Vowa is watching this price and will tell you when it drops to your target.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('watch-current')).toHaveTextContent('$3,020');
    expect(within(dialog).getByTestId('watch-target')).toHaveTextContent('$2,880');
    expect(within(dialog).getByText('80% of the market price $3,600')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('alerts-off')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See my watches' })).toHaveAttribute(
      'href',
      '/watches',
    );
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        path: '/travel/watches',
        body: { kind: 'trip', mode: 'alert', items: tripItems, travelers: 2, title: paris },
      }),
    ]);
  });

  it('says when price-drop alerts are off, and turns them on', async () => {
    const { calls } = serve(({ path, method }) => {
      if (path === '/travel/watches' && method === 'POST')
        return jsonResponse(201, { watch: makeWatch(), alertsOn: false });
      if (path === '/user_management/settings' && method === 'PUT')
        return jsonResponse(200, {
          notifications: {
            emailNotifications: true,
            pushNotifications: true,
            dealAlerts: true,
            bookingConfirmations: true,
            priceDropAlerts: true,
            weeklyDigest: true,
          },
          privacy: {
            profileVisibility: 'friends',
            shareTrips: true,
            shareBucketList: false,
            allowFriendRequests: true,
            showOnlineStatus: true,
          },
          account: {
            language: 'en',
            currency: 'USD',
            timezone: 'America/Los_Angeles',
            autoBooking: false,
            biometricAuth: false,
            twoFactorAuth: false,
          },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderWith({ kind: 'trip', mode: 'alert', items: tripItems, travelers: 2, title: paris });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    const prompt = await screen.findByTestId('alerts-off');
    await user.click(within(prompt).getByRole('button', { name: 'Turn on alerts' }));
    expect(
      await screen.findByText(
        'Price-drop alerts are on: Vowa will tell you when a watched price drops.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toEqual(
      expect.objectContaining({
        path: '/user_management/settings',
        body: { notifications: { priceDropAlerts: true } },
      }),
    );
  });

  it('asks a bucket-list place to be priced from home against the budget', async () => {
    const { calls } = serve(({ path, method }) =>
      path === '/travel/watches/destination' && method === 'POST'
        ? jsonResponse(201, {
            watch: makeWatch({ kind: 'destination', bucketItemId: 'b-1' }),
            alertsOn: true,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWith({ kind: 'destination', bucketItemId: 'b-1', place: 'Kyoto, Japan' });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Watch Kyoto, Japan for your budget',
    });
    expect(
      await within(dialog).findByText(
        'Vowa is pricing a trip to Kyoto, Japan every day and will tell you when it fits your budget.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('watch-target')).toHaveTextContent('$5,000');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ bucketItemId: 'b-1' });
  });

  it('shows the server’s refusal with a way to try again', async () => {
    let refusals = 1;
    serve(({ path, method }) => {
      if (path !== '/travel/watches' || method !== 'POST') return undefined;
      if (refusals-- > 0)
        return jsonResponse(422, { detail: 'Too many.', code: 'too_many_watches' });
      return jsonResponse(200, { watch: makeWatch(), alertsOn: true });
    });
    const user = userEvent.setup();
    renderWith({ kind: 'trip', mode: 'alert', items: tripItems, travelers: 2, title: paris });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are watching as many prices as you can. Delete a watch to add another.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('watch-target')).toBeInTheDocument();
  });
});

describe('Auto-Book', () => {
  const target: WatchTarget = {
    kind: 'trip',
    mode: 'auto_book',
    items: tripItems,
    travelers: 2,
    title: paris,
  };

  it('asks for the travellers (the first from the account) and a contact, then says it has begun', async () => {
    const { calls } = serve(({ path, method }) =>
      path === '/travel/watches' && method === 'POST'
        ? jsonResponse(201, { watch: makeWatch({ mode: 'auto_book' }), alertsOn: true })
        : undefined,
    );
    const user = userEvent.setup();
    renderWith(target);
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto-Book Paris' });
    const first = within(within(dialog).getByRole('group', { name: 'Traveler 1' }));
    expect(first.getByRole('textbox', { name: /Given names/ })).toHaveValue('Ada');
    expect(first.getByRole('textbox', { name: /Family name/ })).toHaveValue('Lovelace');
    expect(within(dialog).getByRole('textbox', { name: /Contact email/ })).toHaveValue(
      'ada@example.com',
    );

    // The second traveller's names are required, as for a booking.
    await user.click(within(dialog).getByRole('button', { name: 'Start Auto-Book' }));
    const second = within(within(dialog).getByRole('group', { name: 'Traveler 2' }));
    expect(second.getByRole('textbox', { name: /Given names/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(second.getByRole('textbox', { name: /Given names/ }), 'Charles');
    await user.type(second.getByRole('textbox', { name: /Family name/ }), 'Babbage');
    await user.click(within(dialog).getByRole('button', { name: 'Start Auto-Book' }));

    expect(await screen.findByTestId('auto-book-notice')).toHaveTextContent(
      "Auto-booking initiated for Paris! You'll receive confirmation shortly.",
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      kind: 'trip',
      mode: 'auto_book',
      items: tripItems,
      travelers: 2,
      title: paris,
      party: {
        travelers: [
          { givenName: 'Ada', familyName: 'Lovelace' },
          { givenName: 'Charles', familyName: 'Babbage' },
        ],
        contact: { email: 'ada@example.com' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('auto-book-notice')).not.toBeInTheDocument();
  });

  it('shows what is missing when the server refuses, with the way to fix it', async () => {
    serve(({ path, method }) =>
      path === '/travel/watches' && method === 'POST'
        ? jsonResponse(422, { detail: 'Add a card.', code: 'auto_booking_needs_card' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWith({ ...target, travelers: 1 });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto-Book Paris' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Auto-Book' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Add a saved card before auto-booking.',
    );
    expect(within(dialog).getByRole('link', { name: 'Add a card' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });
});
