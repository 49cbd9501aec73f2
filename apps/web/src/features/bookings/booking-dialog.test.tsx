import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingStart } from '../../lib/booking-flow-context';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { BOOKING_POLL_MS } from './booking-api';
import { BookingDialog } from './booking-dialog';
import { quoteAnswer, quoteItem, sampleBooking, sampleProfile } from './booking-test-data';
import type { PaymentSlot } from './payment-slot';

/** The payments feature stands in: a card is chosen at once; the confirmation step completes. */
const payment: PaymentSlot = {
  Choice: function FakeChoice({ onChange }) {
    useEffect(() => onChange(async () => ({ paymentMethodId: 'pm_test' })), [onChange]);
    return <p>Card chosen</p>;
  },
  ActionStep: function FakeActionStep({ action, onDone, onDismiss }) {
    return (
      <>
        <button type="button" onClick={() => onDone(true)}>
          Complete {action.type}
        </button>
        <button type="button" onClick={onDismiss}>
          Dismiss {action.type}
        </button>
      </>
    );
  },
};

const start: BookingStart = {
  items: [
    { kind: 'flight', quoteId: 'q-1' },
    { kind: 'hotel', quoteId: 'q-2' },
  ],
  travelers: 2,
  source: 'trip',
  tripTitle: { destination: 'Paris', country: 'France', countryCode: 'FR' },
};

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

function serve(
  book: Handler,
  {
    quote = quoteAnswer(),
    user = sampleUser,
    read,
  }: { quote?: ReturnType<typeof quoteAnswer>; user?: typeof sampleUser; read?: Handler } = {},
) {
  return mockFetch(async (call) => {
    if (call.path === '/auth/users/me') return jsonResponse(200, user);
    if (call.path === '/user_management/get_myprofile') return jsonResponse(200, sampleProfile);
    if (call.path === '/travel/bookings/quote') return jsonResponse(200, quote);
    if (call.path === '/travel/bookings' && call.method === 'POST') {
      const answer = await book(call);
      if (answer) return answer;
    }
    if (call.path.startsWith('/travel/bookings/') && call.method === 'GET') {
      const answer = await read?.(call);
      if (answer) return answer;
    }
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/travel/bookings' && call.method === 'POST');

function renderDialog(onOpenChange = vi.fn()) {
  return renderWithApp(
    <BookingDialog open onOpenChange={onOpenChange} booking={start} payment={payment} />,
  );
}

/** Fills the second traveller (the first comes from the profile) and goes on to payment. */
async function reviewAndContinue(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Book your trip to Paris' });
  await within(dialog).findByText('Air France AF 23');
  await waitFor(() =>
    expect(within(dialog).getAllByLabelText(/Given names/)[0]).toHaveValue('Ada King'),
  );
  const second = within(dialog).getByRole('group', { name: 'Traveller 2' });
  await user.type(within(second).getByLabelText(/Given names/), 'Charles');
  await user.type(within(second).getByLabelText(/Family name/), 'Babbage');
  await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
  await within(dialog).findByText('Card chosen');
  return dialog;
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('the booking dialog', () => {
  it('reviews the re-quoted trip, pays once with an idempotency key and confirms with the spec’s sentence', async () => {
    const { calls } = serve(() => jsonResponse(201, { booking: sampleBooking() }));
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Book your trip to Paris' });
    expect(dialog).toHaveAccessibleDescription('Step 1 of 3');
    expect(await within(dialog).findByTestId('booking-total')).toHaveTextContent('$1,234.50');
    expect(within(dialog).getByText('Hôtel Lumière')).toBeInTheDocument();
    // The contact comes from the profile; the first traveller's names start from it too.
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('+44 20 7946 0000'),
    );
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('ada@example.com');

    // The second traveller's names are required, as on their documents.
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');

    await reviewAndContinue(user);
    expect(dialog).toHaveAccessibleDescription('Step 2 of 3');
    const pay = within(dialog).getByRole('button', { name: 'Pay $1,234.50' });
    await user.dblClick(pay);

    expect(
      await within(dialog).findByText('Trip to Paris booked successfully for $1,234.50!'),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('booking-reference')).toHaveTextContent('VW-7K2Q9D');
    expect(within(dialog).getByText('Provider reference: PNR4ZK')).toBeInTheDocument();
    expect(within(dialog).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View My Trips' })).toHaveAttribute(
      'href',
      '/trips',
    );

    const sent = posts(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toEqual({
      items: [
        { kind: 'flight', quoteId: 'q-new-1' },
        { kind: 'hotel', quoteId: 'q-new-2' },
      ],
      travelers: [
        { givenName: 'Ada King', familyName: 'Lovelace', bornOn: null, gender: null },
        { givenName: 'Charles', familyName: 'Babbage', bornOn: null, gender: null },
      ],
      contact: { email: 'ada@example.com', phone: '+44 20 7946 0000' },
      acceptedTotal: { amountMinor: 123450, currency: 'USD' },
      paymentMethodId: 'pm_test',
      source: 'trip',
      tripTitle: { destination: 'Paris', country: 'France', countryCode: 'FR' },
    });
  });

  it('a changed price is shown old → new and must be accepted before paying', async () => {
    const quote = quoteAnswer({
      items: [quoteItem({ amountMinor: 52000, previousAmountMinor: 45050 })],
      previousTotal: { amountMinor: 90100, currency: 'USD' },
      total: { amountMinor: 104000, currency: 'USD' },
      priceChanged: true,
    });
    serve(() => undefined, { quote });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Book your trip to Paris' });
    expect(await within(dialog).findByTestId('price-change')).toHaveTextContent(
      'The providers now charge $1,040.00 instead of $901.00.',
    );
    const next = within(dialog).getByRole('button', { name: 'Continue to payment' });
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Accept new price' }));
    expect(
      within(dialog).getByText('You accepted the new price: $1,040.00 instead of $901.00.'),
    ).toBeInTheDocument();
    expect(next).toBeEnabled();
  });

  it('shows the card provider’s decline in the alert region; paying again is a new intent', async () => {
    let answers = 0;
    const { calls } = serve(() => {
      answers += 1;
      return answers === 1
        ? jsonResponse(402, {
            detail: 'Your card was declined.',
            code: 'payment_declined',
            booking: sampleBooking({ status: 'failed' }),
          })
        : jsonResponse(201, { booking: sampleBooking() });
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await reviewAndContinue(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');

    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    await within(dialog).findByText('Trip to Paris booked successfully for $1,234.50!');
    const [first, second] = posts(calls);
    expect(first!.headers['idempotency-key']).not.toBe(second!.headers['idempotency-key']);
  });

  it('with no clear answer, trying again sends the same key and body', async () => {
    let answers = 0;
    const { calls } = serve(() => {
      answers += 1;
      return answers === 1
        ? jsonResponse(503, { detail: 'Unavailable', code: 'service_unavailable' })
        : jsonResponse(200, { booking: sampleBooking() });
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await reviewAndContinue(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('it books and charges only once');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText('Trip to Paris booked successfully for $1,234.50!');
    const [first, second] = posts(calls);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toEqual(first!.body);
  });

  it('runs the card’s confirmation step, then sends the same request again', async () => {
    let answers = 0;
    const { calls } = serve(() => {
      answers += 1;
      return answers === 1
        ? jsonResponse(202, {
            booking: sampleBooking({ status: 'awaiting_payment' }),
            action: { type: 'sandbox_confirm', paymentId: 'pay_1' },
          })
        : jsonResponse(200, { booking: sampleBooking() });
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await reviewAndContinue(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    await user.click(
      await within(dialog).findByRole('button', { name: 'Complete sandbox_confirm' }),
    );
    await within(dialog).findByText('Trip to Paris booked successfully for $1,234.50!');
    const [first, second] = posts(calls);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toEqual(first!.body);
  });

  it('moves focus to each step’s heading, and announces the confirmation', async () => {
    serve(() => jsonResponse(201, { booking: sampleBooking() }));
    const user = userEvent.setup();
    renderDialog();
    const dialog = await reviewAndContinue(user);
    expect(within(dialog).getByRole('heading', { name: 'Payment' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    const done = await within(dialog).findByRole('heading', { name: 'Booking confirmed' });
    await waitFor(() => expect(done).toHaveFocus());
    // In a polite live region that was on the page before the sentence arrived.
    const sentence = await within(dialog).findByText(
      'Trip to Paris booked successfully for $1,234.50!',
    );
    expect(sentence.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(sentence.closest('[role="status"]')?.contains(done)).toBe(false);
  });

  it('a confirmation step closed unanswered is not sent again; Confirm payment opens it once more', async () => {
    let answers = 0;
    const { calls } = serve(() => {
      answers += 1;
      return answers === 1
        ? jsonResponse(202, {
            booking: sampleBooking({ status: 'awaiting_payment' }),
            action: { type: 'sandbox_confirm', paymentId: 'pay_1' },
          })
        : jsonResponse(200, { booking: sampleBooking() });
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await reviewAndContinue(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    await user.click(
      await within(dialog).findByRole('button', { name: 'Dismiss sandbox_confirm' }),
    );
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm payment' });
    expect(
      within(dialog).queryByRole('button', { name: 'Complete sandbox_confirm' }),
    ).not.toBeInTheDocument();
    // Nothing sent again, and the step stays closed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls)).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: /sandbox_confirm/ })).toBeNull();

    await user.click(confirm);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Complete sandbox_confirm' }),
    );
    await within(dialog).findByText('Trip to Paris booked successfully for $1,234.50!');
    const [first, second] = posts(calls);
    expect(posts(calls)).toHaveLength(2);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('reads a booking the providers are still confirming again until it is final', async () => {
    let reads = 0;
    const { calls } = serve(
      () => jsonResponse(202, { booking: sampleBooking({ status: 'processing' }), action: null }),
      {
        read: (call) => {
          if (call.path !== '/travel/bookings/b1') return undefined;
          reads += 1;
          return jsonResponse(200, {
            booking: sampleBooking({ status: reads < 2 ? 'processing' : 'confirmed' }),
          });
        },
      },
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = await reviewAndContinue(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Booking received' }),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Trip to Paris booked successfully for $1,234.50!',
        undefined,
        {
          timeout: 4 * BOOKING_POLL_MS,
        },
      ),
    ).toBeInTheDocument();
    expect(reads).toBe(2);
    // Final: no more reads.
    await new Promise((resolve) => setTimeout(resolve, BOOKING_POLL_MS + 500));
    expect(calls.filter((call) => call.path === '/travel/bookings/b1')).toHaveLength(2);
  }, 15_000);

  it('closing while an attempt has no sure answer warns first, then closes when asked again', async () => {
    serve(() => jsonResponse(503, { detail: 'Unavailable', code: 'service_unavailable' }));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderDialog(onOpenChange);
    const dialog = await reviewAndContinue(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    await within(dialog).findByRole('alert');
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    const warning = await within(dialog).findByText(
      'Your booking is still being processed. Check My Trips for its status.',
    );
    expect(warning.closest('[role="status"]')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close anyway' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a price that moved while paying goes back to the review to be accepted', async () => {
    const moved = quoteItem({
      quoteId: 'q-newer-1',
      previousQuoteId: 'q-new-1',
      amountMinor: 47000,
    });
    serve(() =>
      jsonResponse(409, {
        detail: 'The price changed.',
        code: 'price_changed',
        previousTotal: { amountMinor: 123450, currency: 'USD' },
        total: { amountMinor: 127350, currency: 'USD' },
        items: [moved],
      }),
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = await reviewAndContinue(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,234.50' }));
    expect(await within(dialog).findByTestId('price-change')).toHaveTextContent(
      'The providers now charge $1,273.50 instead of $1,234.50.',
    );
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  });

  it('an unverified address is told to verify before it can go on', async () => {
    serve(() => undefined, { user: { ...sampleUser, email_verified: false } });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Book your trip to Paris' });
    expect(
      await within(dialog).findByText(/Verify your email address to book/),
    ).toBeInTheDocument();
    await within(dialog).findByText('Air France AF 23');
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Resend link' })).toBeInTheDocument();
  });
});
