import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookingFlow, type BookingStart } from '../../lib/booking-flow-context';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { BookingFlowProvider } from './booking-flow-provider';
import type { PaymentSlot } from './payment-slot';
import type { PendingAttemptSlot } from './pending-attempts';

// The dialog itself is tested on its own (booking-dialog.test.tsx); here it only says it opened
// and which pending-attempt slot it was given.
const { dialogSlots } = vi.hoisted(() => ({
  dialogSlots: [] as (PendingAttemptSlot | undefined)[],
}));
vi.mock('./booking-dialog', () => ({
  BookingDialog: ({
    booking,
    pendingSlot,
  }: {
    booking: BookingStart;
    pendingSlot?: PendingAttemptSlot;
  }) => {
    dialogSlots.push(pendingSlot);
    return <p data-testid="booking-dialog">Booking {booking.tripTitle.destination}</p>;
  },
}));

const payment: PaymentSlot = { Choice: () => null, ActionStep: () => null };
const booking: BookingStart = {
  items: [{ kind: 'hotel', quoteId: 'q-2' }],
  travelers: 1,
  source: 'hotel',
  tripTitle: { destination: 'Paris', country: 'France', countryCode: 'FR' },
};

function BookButton() {
  const { start } = useBookingFlow();
  return (
    <button type="button" onClick={() => start(booking)}>
      Book it
    </button>
  );
}

function HeaderSignIn() {
  const { openSignIn } = useSignInDialog();
  return (
    <button type="button" onClick={() => openSignIn('login', { stay: true })}>
      Header sign in
    </button>
  );
}

/** A guest until they sign in through the dialog. */
function serveGuest() {
  let signedIn = false;
  return mockFetch(({ path }) => {
    if (path === '/auth/login') {
      signedIn = true;
      return jsonResponse(200, { access_token: 'jwt-1', token_type: 'bearer', expires_in: 900 });
    }
    if (path === '/auth/users/me' && signedIn) return jsonResponse(200, sampleUser);
    return jsonResponse(401, { detail: 'Sign in', code: 'unauthorized' });
  });
}

async function signInThroughDialog(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
  await user.type(within(dialog).getByLabelText(/^Email/), 'ada@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'secret1');
  await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
  await waitFor(() => expect(localStorage.getItem('access_token')).toBe('jwt-1'));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Welcome Back' })).not.toBeInTheDocument(),
  );
}

beforeEach(() => {
  localStorage.clear();
  dialogSlots.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('the booking flow provider', () => {
  it('asks a guest to sign in instead of opening the booking, and opens it once they have', async () => {
    serveGuest();
    const user = userEvent.setup();
    renderWithApp(
      <BookingFlowProvider payment={payment}>
        <BookButton />
      </BookingFlowProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByTestId('booking-dialog')).not.toBeInTheDocument();
    await signInThroughDialog(user);
    expect(await screen.findByTestId('booking-dialog')).toHaveTextContent('Booking Paris');
  });

  it('a guest who closes the sign-in dialog has dropped the booking: a later sign-in opens nothing', async () => {
    serveGuest();
    const user = userEvent.setup();
    renderWithApp(
      <BookingFlowProvider payment={payment}>
        <BookButton />
        <HeaderSignIn />
      </BookingFlowProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    await screen.findByRole('dialog', { name: 'Welcome Back' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Header sign in' }));
    await signInThroughDialog(user);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('booking-dialog')).not.toBeInTheDocument();
  });

  it('a booking waiting for a sign-in is dropped when the person goes to another screen', async () => {
    serveGuest();
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <BookingFlowProvider payment={payment}>
        <BookButton />
      </BookingFlowProvider>,
      { path: '/travel/*', initialEntry: '/travel/suggestions' },
    );
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    await screen.findByRole('dialog', { name: 'Welcome Back' });
    await router.navigate('/travel/deals');
    await signInThroughDialog(user);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('booking-dialog')).not.toBeInTheDocument();
  });

  it('gives the dialog the same pending-attempt slot however often it renders', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(() => jsonResponse(200, sampleUser));
    function Screen() {
      const [renders, setRenders] = useState(0);
      return (
        <BookingFlowProvider payment={payment}>
          <BookButton />
          <button type="button" onClick={() => setRenders(renders + 1)}>
            Render again ({renders})
          </button>
        </BookingFlowProvider>
      );
    }
    const user = userEvent.setup();
    renderWithApp(<Screen />);
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe('jwt'));
    await screen.findByRole('button', { name: 'Render again (0)' });
    // Signed in (the session has read the user): the booking opens at once.
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Book it' }));
      expect(screen.getByTestId('booking-dialog')).toBeInTheDocument();
    });
    await user.click(screen.getByRole('button', { name: 'Render again (0)' }));
    await user.click(screen.getByRole('button', { name: 'Render again (1)' }));
    expect(dialogSlots.length).toBeGreaterThanOrEqual(3);
    expect(new Set(dialogSlots).size).toBe(1);
    expect(dialogSlots[0]).toBeDefined();
  });
});
