import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { PaymentChoice, type PaymentResolver } from './payment-choice';

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

const saved = [
  { id: 'pm-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029, createdAt: '' },
  { id: 'pm-2', brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2030, createdAt: '' },
];

function server(methods = saved) {
  return mockFetch(({ path }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/payments/config') return jsonResponse(200, { provider: 'sandbox' });
    if (path === '/payments/methods') return jsonResponse(200, { methods });
    if (path === '/payments/sandbox/cards')
      return jsonResponse(201, {
        paymentMethodId: 'pm-new',
        brand: 'visa',
        last4: '0002',
        expMonth: 12,
        expYear: 2029,
      });
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
}

describe('PaymentChoice', () => {
  it('offers saved cards as radio options, the first chosen', async () => {
    server();
    const onChange = vi.fn<(resolver: PaymentResolver | null) => void>();
    const user = userEvent.setup();
    renderWithApp(<PaymentChoice onChange={onChange} />);
    const first = await screen.findByRole('radio', { name: /Visa ending in 4242/ });
    expect(first).toBeChecked();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(await onChange.mock.lastCall![0]!()).toEqual({ paymentMethodId: 'pm-1' });
    await user.click(screen.getByRole('radio', { name: /Mastercard ending in 4444/ }));
    await waitFor(async () =>
      expect(await onChange.mock.lastCall![0]!()).toEqual({ paymentMethodId: 'pm-2' }),
    );
  });

  it('tokenises a new card once it is filled in, saving it when asked', async () => {
    const { calls } = server([]);
    const onChange = vi.fn<(resolver: PaymentResolver | null) => void>();
    const user = userEvent.setup();
    renderWithApp(<PaymentChoice onChange={onChange} />);
    expect(await screen.findByRole('radio', { name: 'A new card' })).toBeChecked();
    expect(screen.getByText('Sandbox test cards')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry date'), '12/2029');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    expect(onChange.mock.lastCall?.[0] ?? null).toBeNull();
    await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for later' }));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toBeTypeOf('function'));
    let result: unknown;
    await act(async () => {
      result = await onChange.mock.lastCall![0]!();
    });
    expect(result).toEqual({ paymentMethodId: 'pm-new' });
    // A retry with the same card does not tokenise it again.
    await act(async () => {
      result = await onChange.mock.lastCall![0]!();
    });
    expect(calls.filter((call) => call.path === '/payments/sandbox/cards')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/payments/sandbox/cards')?.body).toMatchObject({
      number: '4000000000000002',
      expMonth: 12,
      expYear: 2029,
      save: true,
    });
  });
});
