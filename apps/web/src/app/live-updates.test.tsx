import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingKeys, paymentMethodKeys } from '../lib/booking-keys';
import { settingsKeys } from '../lib/settings-keys';
import { jsonResponse, mockFetch, sampleUser } from '../test/fetch-mock';
import { renderWithApp } from '../test/render-app';
import { LiveUpdatesProvider } from './live-updates';

// Socket.IO's client stands in: the test plays the server's side of the link.
const { link } = vi.hoisted(() => {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  return {
    link: {
      handlers,
      /** The handshake's `auth` callback the provider gave the client. */
      auth: undefined as undefined | ((send: (payload: object) => void) => void),
      socket: {
        recovered: false,
        connected: true,
        active: true,
        on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
        emit: () => undefined,
        connect: () => undefined,
        disconnect: () => undefined,
      },
    },
  };
});
vi.mock('socket.io-client', () => ({
  io: (options: { auth: typeof link.auth }) => {
    link.auth = options.auth;
    return link.socket;
  },
}));

/** What the next handshake would send. */
function handshake() {
  let payload: object = {};
  link.auth?.((sent) => (payload = sent));
  return payload;
}

/** Counts how often each screen's read ran. */
const reads = { trips: 0, cards: 0, settings: 0 };
function Screens() {
  useQuery({
    queryKey: bookingKeys.list('u1'),
    queryFn: () => ++reads.trips,
  });
  useQuery({
    queryKey: paymentMethodKeys.of('u1'),
    queryFn: () => ++reads.cards,
  });
  useQuery({
    queryKey: settingsKeys.all,
    queryFn: () => ++reads.settings,
  });
  return <p>Screens</p>;
}

beforeEach(() => {
  localStorage.setItem('access_token', 'jwt');
  link.handlers.clear();
  Object.assign(reads, { trips: 0, cards: 0, settings: 0 });
});
afterEach(() => vi.unstubAllGlobals());

describe('the live link', () => {
  it("reads My Trips and the saved cards again when another tab changes 'bookings'", async () => {
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404, {}),
    );
    renderWithApp(
      <LiveUpdatesProvider>
        <Screens />
      </LiveUpdatesProvider>,
    );
    await screen.findByText('Screens');
    await waitFor(() => expect(link.handlers.get('changed')).toBeDefined());
    // The first connection asks what changed since the page started, and so does not read
    // again what the screen has just read.
    expect(handshake()).toEqual({ token: 'jwt', changedWithinMs: expect.any(Number) });
    link.handlers.get('connect')!();
    await waitFor(() => expect(reads).toEqual({ trips: 1, cards: 1, settings: 1 }));

    link.handlers.get('changed')!('bookings');
    await waitFor(() => expect(reads).toMatchObject({ trips: 2, cards: 2 }));
    // Nothing else is read again.
    expect(reads.settings).toBe(1);

    // Back after a gap it could not replay: everything is read again.
    expect(handshake()).toEqual({ token: 'jwt' });
    link.handlers.get('disconnect')!('transport close');
    link.handlers.get('connect')!();
    await waitFor(() => expect(reads).toEqual({ trips: 3, cards: 3, settings: 2 }));
  });
});
