import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { PaymentActionStep } from './payment-action-step';

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

function server() {
  return mockFetch(({ path, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/payments/sandbox/payments/pay-1/confirm') {
      const outcome = (body as { outcome: string }).outcome;
      return jsonResponse(200, {
        paymentId: 'pay-1',
        status: outcome === 'complete' ? 'authorized' : 'declined',
      });
    }
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
}

describe('PaymentActionStep (sandbox)', () => {
  it.each([
    ['Complete', 'complete', true],
    ['Fail', 'fail', false],
  ])('%s answers the confirmation step', async (button, outcome, completed) => {
    const { calls } = server();
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <PaymentActionStep
        action={{ type: 'sandbox_confirm', paymentId: 'pay-1' }}
        onDone={onDone}
        onDismiss={vi.fn()}
      />,
    );
    await screen.findByRole('dialog', { name: 'Confirm this payment' });
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(completed));
    expect(calls.find((call) => call.path.endsWith('/confirm'))?.body).toEqual({ outcome });
  });

  it('closed unanswered, it is dismissed: nothing answered, nothing to send again', async () => {
    const { calls } = server();
    const onDone = vi.fn();
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <PaymentActionStep
        action={{ type: 'sandbox_confirm', paymentId: 'pay-1' }}
        onDone={onDone}
        onDismiss={onDismiss}
      />,
    );
    await screen.findByRole('dialog', { name: 'Confirm this payment' });
    await user.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.path.endsWith('/confirm'))).toHaveLength(0);
  });
});
