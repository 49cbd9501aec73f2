import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBookingFlow, type BookingStart } from '../../lib/booking-flow-context';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { BookingFlowProvider } from './booking-flow-provider';
import type { PaymentSlot } from './payment-slot';

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

afterEach(() => vi.unstubAllGlobals());

describe('the booking flow provider', () => {
  it('asks a guest to sign in instead of opening the booking', async () => {
    mockFetch(() => jsonResponse(401, { detail: 'Sign in', code: 'unauthorized' }));
    const user = userEvent.setup();
    renderWithApp(
      <BookingFlowProvider payment={payment}>
        <BookButton />
      </BookingFlowProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Book your trip/ })).not.toBeInTheDocument();
  });
});
