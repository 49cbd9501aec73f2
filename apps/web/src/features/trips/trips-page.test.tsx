import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@vowa/shared/bookings/booking-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { TRIPS_POLL_MS } from './trips-api';
import { TripsPage } from './trips-page';

function booking(overrides: Partial<Booking> = {}): Booking {
  const created = new Date(Date.now() - 60 * 60_000).toISOString();
  return {
    id: 'b1',
    status: 'confirmed',
    reference: 'VW-7K2Q9D',
    destination: 'Paris',
    country: 'France',
    countryCode: 'FR',
    startDate: '2099-03-15',
    endDate: '2099-03-21',
    nights: 6,
    travelerCount: 2,
    travelers: [
      { givenName: 'Ada', familyName: 'Lovelace', bornOn: null, gender: null },
      { givenName: 'Charles', familyName: 'Babbage', bornOn: null, gender: null },
    ],
    contact: { email: 'ada@example.com', phone: null },
    items: [
      {
        kind: 'flight',
        quoteId: 'q1',
        title: 'Air France AF 23',
        detail: 'JFK → CDG · Economy',
        startsAt: '2099-03-15T18:30:00',
        endsAt: '2099-03-16T07:55:00',
        providerReference: 'PNR4ZK',
        amountMinor: 90100,
        currency: 'USD',
        status: 'confirmed',
      },
    ],
    total: { amountMinor: 90100, currency: 'USD' },
    display: {
      amount: 829.1,
      currency: 'EUR',
      exchangeRate: { rate: 0.9202, asOf: '2026-11-26', source: 'ECB' },
    },
    payment: { brand: 'visa', last4: '4242', status: 'captured', reference: 'pi_sandbox_123' },
    source: 'trip',
    automatic: false,
    specialRequests: null,
    createdAt: created,
    confirmedAt: created,
    cancelledAt: null,
    freeCancellationUntil: new Date(Date.now() + 5 * 60 * 60_000 - 30_000).toISOString(),
    failureReason: null,
    failureCode: null,
    refund: null,
    ...overrides,
  };
}

function serve(state = { cancelled: false, feed: false }) {
  return mockFetch(({ path, method }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/travel/bookings' && method === 'GET') {
      const upcoming = state.cancelled
        ? booking({
            status: 'cancelled',
            refund: { amountMinor: 90100, currency: 'USD' },
            payment: {
              brand: 'visa',
              last4: '4242',
              status: 'refunded',
              reference: 'pi_sandbox_123',
            },
          })
        : booking();
      const past = booking({
        id: 'b0',
        reference: 'VW-OLD111',
        destination: 'Lisbon',
        country: 'Portugal',
        countryCode: 'PT',
        startDate: '2025-05-01',
        endDate: '2025-05-04',
        status: 'failed',
        failureCode: null,
        freeCancellationUntil: null,
      });
      return jsonResponse(200, { upcoming: [upcoming], past: [past] });
    }
    if (path === '/travel/bookings/b1/cancellation') {
      return jsonResponse(200, {
        cancellable: true,
        reason: null,
        free: true,
        freeCancellationUntil: booking().freeCancellationUntil,
        refund: { amountMinor: 90100, currency: 'USD' },
        penalty: { amountMinor: 0, currency: 'USD' },
        display: null,
        items: [],
      });
    }
    if (path === '/travel/bookings/b1/cancel' && method === 'POST') {
      state.cancelled = true;
      return jsonResponse(200, {
        booking: booking({ status: 'cancelled', refund: { amountMinor: 90100, currency: 'USD' } }),
      });
    }
    if (path === '/travel/bookings/calendar_feed') {
      if (method === 'POST') {
        state.feed = true;
        return jsonResponse(200, {
          url: 'http://localhost/api/calendar/secret-token.ics',
          createdAt: '2026-11-26T10:00:00.000Z',
        });
      }
      if (method === 'DELETE') {
        state.feed = false;
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, {
        active: state.feed,
        createdAt: state.feed ? '2026-11-26T10:00:00.000Z' : null,
      });
    }
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('My Trips', () => {
  it('lists upcoming and past trips with status, itinerary, countdown and receipt', async () => {
    serve();
    renderWithApp(<TripsPage />, { path: '/trips' });
    expect(await screen.findByRole('heading', { name: 'My Trips', level: 1 })).toBeInTheDocument();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming trips' });
    const paris = within(upcoming).getByRole('article', { name: 'Trip to Paris' });
    expect(within(paris).getByTestId('trip-status')).toHaveTextContent('Confirmed');
    expect(within(paris).getByText('Air France AF 23')).toBeInTheDocument();
    expect(within(paris).getByText('Provider reference: PNR4ZK')).toBeInTheDocument();
    expect(within(paris).getByTestId('free-cancellation')).toHaveTextContent(
      /Free cancellation for 4 h 5\d min more/,
    );
    expect(within(paris).getByTestId('receipt-total')).toHaveTextContent('$901.00 (USD)');
    expect(within(paris).getByText('About €829.10 at 1 USD = 0.9202 EUR')).toBeInTheDocument();
    expect(within(paris).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(paris).getByText('pi_sandbox_123')).toBeInTheDocument();
    expect(within(paris).getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();

    const past = screen.getByRole('region', { name: 'Past trips' });
    const lisbon = within(past).getByRole('article', { name: 'Trip to Lisbon' });
    expect(within(lisbon).getByTestId('trip-status')).toHaveTextContent('Failed');
    expect(
      within(lisbon).queryByRole('button', { name: 'Cancel booking' }),
    ).not.toBeInTheDocument();
  });

  it('cancels after showing the refund, with an idempotency key', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<TripsPage />, { path: '/trips' });
    const paris = await screen.findByRole('article', { name: 'Trip to Paris' });
    await user.click(within(paris).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your trip to Paris?' });
    expect(await within(dialog).findByTestId('cancel-terms')).toHaveTextContent(
      'You are within the free 24-hour window: $901.00 goes back to your card in full.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const cancel = calls.find((call) => call.path === '/travel/bookings/b1/cancel');
    expect(cancel?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(cancel?.body).toEqual({ acceptedRefund: { amountMinor: 90100, currency: 'USD' } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Trip to Paris' })).getByTestId('trip-status'),
      ).toHaveTextContent('Cancelled'),
    );
    expect(
      screen.getByText('Booking cancelled. $901.00 will be refunded to your card.'),
    ).toBeInTheDocument();
  });

  it('after cancelling, focus is on the trip’s title and the result is announced', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<TripsPage />, { path: '/trips' });
    const paris = await screen.findByRole('article', { name: 'Trip to Paris' });
    await user.click(within(paris).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your trip to Paris?' });
    await within(dialog).findByTestId('cancel-terms');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Trip to Paris' })).getByTestId('trip-status'),
      ).toHaveTextContent('Cancelled'),
    );
    const title = within(screen.getByRole('article', { name: 'Trip to Paris' })).getByRole(
      'heading',
      { name: 'Trip to Paris' },
    );
    await waitFor(() => expect(title).toHaveFocus());
    const announced = screen.getByText('Booking cancelled. $901.00 will be refunded to your card.');
    expect(announced).toHaveAttribute('role', 'status');
    expect(announced).toHaveAttribute('aria-live', 'polite');
  });

  it('reads My Trips again while a booking is being confirmed, and stops once it is final', async () => {
    let reads = 0;
    const { calls } = mockFetch(({ path, method }) => {
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path === '/travel/bookings' && method === 'GET') {
        reads += 1;
        const status = reads < 2 ? 'processing' : 'confirmed';
        return jsonResponse(200, { upcoming: [booking({ status })], past: [] });
      }
      if (path === '/travel/bookings/calendar_feed') {
        return jsonResponse(200, { active: false, createdAt: null });
      }
      return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
    });
    renderWithApp(<TripsPage />, { path: '/trips' });
    const paris = await screen.findByRole('article', { name: 'Trip to Paris' });
    expect(within(paris).getByTestId('trip-status')).toHaveTextContent('Confirming');
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('article', { name: 'Trip to Paris' })).getByTestId('trip-status'),
        ).toHaveTextContent('Confirmed'),
      { timeout: 3 * TRIPS_POLL_MS },
    );
    await new Promise((resolve) => setTimeout(resolve, TRIPS_POLL_MS + 500));
    expect(
      calls.filter((call) => call.path === '/travel/bookings' && call.method === 'GET'),
    ).toHaveLength(2);
  }, 20_000);

  it('creates, shows once and revokes the calendar subscription link', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<TripsPage />, { path: '/trips' });
    const calendar = await screen.findByRole('region', { name: 'Calendar subscription' });
    await user.click(await within(calendar).findByRole('button', { name: 'Create link' }));
    expect(
      await within(calendar).findByRole('textbox', { name: 'Calendar subscription link' }),
    ).toHaveValue('http://localhost/api/calendar/secret-token.ics');
    await user.click(await within(calendar).findByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(within(calendar).queryByRole('textbox')).not.toBeInTheDocument());
    expect(
      await within(calendar).findByRole('button', { name: 'Create link' }),
    ).toBeInTheDocument();
  });
});
