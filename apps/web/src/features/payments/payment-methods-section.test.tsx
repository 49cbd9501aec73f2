import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { PaymentMethodsSection } from './payment-methods-section';

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

const visa = {
  id: 'pm-1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2029,
  createdAt: '2026-11-26T10:00:00.000Z',
};

function server(methods: (typeof visa)[], cardAnswer?: () => Response) {
  return mockFetch(({ path, method }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/payments/config') return jsonResponse(200, { provider: 'sandbox' });
    if (path === '/payments/methods') return jsonResponse(200, { methods });
    if (path === '/payments/methods/pm-1' && method === 'DELETE') {
      methods.splice(0, 1);
      return jsonResponse(200, { success: true, message: 'Card removed.' });
    }
    if (path === '/payments/sandbox/cards' && cardAnswer) return cardAnswer();
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
}

describe('payment methods in Settings', () => {
  it('lists saved cards as brand •••• last4 with expiry, and removes one after confirming', async () => {
    const methods = [visa];
    const { calls } = server(methods);
    const user = userEvent.setup();
    renderWithApp(<PaymentMethodsSection />);
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Expires 12/29')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this card?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('No saved cards yet.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('adds a sandbox card, showing the test cards and tying errors to their fields', async () => {
    let answer = () =>
      jsonResponse(422, { detail: 'Your card number is invalid.', code: 'card_invalid' });
    const methods: (typeof visa)[] = [];
    const { calls } = server(methods, () => answer());
    const user = userEvent.setup();
    renderWithApp(<PaymentMethodsSection />);
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(within(dialog).getByText('Sandbox test cards')).toBeInTheDocument();
    expect(within(dialog).getByText('4000 0000 0000 0002')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    const number = within(dialog).getByLabelText('Card number');
    expect(await within(dialog).findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Enter the name on the card.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/payments/sandbox/cards')).toBe(false);

    await user.type(number, '4242 4242 4242 4241');
    await user.type(within(dialog).getByLabelText('Expiry date'), '12/29');
    await user.type(within(dialog).getByLabelText('Security code (CVC)'), '123');
    await user.type(within(dialog).getByLabelText('Name on card'), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    const error = await within(dialog).findByText('Your card number is invalid.');
    expect(number.getAttribute('aria-describedby')).toContain(error.id);

    answer = () => {
      methods.push(visa);
      return jsonResponse(201, {
        paymentMethodId: 'pm-1',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2029,
      });
    };
    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/payments/sandbox/cards').at(-1)?.body).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 29,
      cvc: '123',
      name: 'Ada Lovelace',
      save: true,
    });
  });

  it('tells an unverified person to verify their address, in words that fit a card', async () => {
    server([], () =>
      jsonResponse(403, {
        detail: 'Please verify your email address before adding a card.',
        code: 'email_not_verified',
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PaymentMethodsSection />);
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry date'), '12/29');
    await user.type(within(dialog).getByLabelText('Security code (CVC)'), '123');
    await user.type(within(dialog).getByLabelText('Name on card'), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    // The code's text is shared by every place that needs a verified address, so it names none.
    expect(
      await within(dialog).findByText(
        'Please verify your email address first: open the link we sent you.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/bank/)).not.toBeInTheDocument();
  });
});
