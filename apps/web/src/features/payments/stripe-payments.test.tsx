import { useState, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { PaymentActionStep } from './payment-action-step';
import { PaymentMethodsSection } from './payment-methods-section';

// Stripe.js itself is Stripe's; these tests check what Vowa does around it.
const { stripe, elements } = vi.hoisted(() => ({
  stripe: {
    confirmSetup: vi.fn(async () => ({ setupIntent: { id: 'seti_1' } })),
    handleNextAction: vi.fn(async () => ({ paymentIntent: { status: 'requires_capture' } })),
  },
  // Stable, as Stripe's hooks are.
  elements: {},
}));
vi.mock('./stripe-loader', () => ({ stripeFor: vi.fn(async () => stripe) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-client-secret={options.clientSecret}>{children}</div>
  ),
  PaymentElement: ({ onChange }: { onChange: (event: { complete: boolean }) => void }) => (
    <button type="button" onClick={() => onChange({ complete: true })}>
      Stripe card field
    </button>
  ),
  useStripe: () => stripe,
  useElements: () => elements,
}));

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Stripe in the browser', () => {
  it('saves a card through the Payment Element and the SetupIntent Vowa made', async () => {
    const methods: object[] = [];
    const { calls } = mockFetch(({ path, method }) => {
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path === '/payments/config')
        return jsonResponse(200, { provider: 'stripe', publishableKey: 'pk_test_1' });
      if (path === '/payments/methods' && method === 'GET') return jsonResponse(200, { methods });
      if (path === '/payments/setup_intents')
        return jsonResponse(201, { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_x' });
      if (path === '/payments/methods' && method === 'POST') {
        methods.push({
          id: 'pm-9',
          brand: 'mastercard',
          last4: '4444',
          expMonth: 3,
          expYear: 2030,
          createdAt: '',
        });
        return jsonResponse(201, {
          paymentMethodId: 'pm-9',
          brand: 'mastercard',
          last4: '4444',
          expMonth: 3,
          expYear: 2030,
        });
      }
      return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    renderWithApp(<PaymentMethodsSection />);
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(within(dialog).queryByText('Sandbox test cards')).not.toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save card' });
    await user.click(await within(dialog).findByRole('button', { name: 'Stripe card field' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Mastercard •••• 4444')).toBeInTheDocument();
    expect(stripe.confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({ redirect: 'if_required' }),
    );
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/payments/methods')?.body,
    ).toEqual({
      setupIntentId: 'seti_1',
      save: true,
    });
  });

  it("runs Stripe's next action and reports the hold", async () => {
    mockFetch(() => jsonResponse(200, sampleUser));
    const onDone = vi.fn();
    renderWithApp(
      <PaymentActionStep
        action={{
          type: 'stripe_next_action',
          clientSecret: 'pi_1_secret_y',
          publishableKey: 'pk_test_1',
        }}
        onDone={onDone}
        onDismiss={vi.fn()}
      />,
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_y' });
  });

  it("runs Stripe's next action once, however often its parent renders, and answers the latest callback", async () => {
    mockFetch(() => jsonResponse(200, sampleUser));
    let answer: (value: { paymentIntent: { status: string } }) => void = () => undefined;
    stripe.handleNextAction.mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve)),
    );
    const reports: string[] = [];
    // A parent that renders again (as the booking dialog does), with a new `onDone` each time.
    function Parent() {
      const [renders, setRenders] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setRenders((count) => count + 1)}>
            Render again
          </button>
          <PaymentActionStep
            action={{
              type: 'stripe_next_action',
              clientSecret: 'pi_2_secret_z',
              publishableKey: 'pk_test_1',
            }}
            onDone={(completed) => reports.push(`render ${renders}: ${completed}`)}
            onDismiss={() => undefined}
          />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithApp(<Parent />);
    await waitFor(() => expect(stripe.handleNextAction).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Render again' }));
    await user.click(screen.getByRole('button', { name: 'Render again' }));
    expect(stripe.handleNextAction).toHaveBeenCalledTimes(1);
    answer({ paymentIntent: { status: 'requires_capture' } });
    await waitFor(() => expect(reports).toEqual(['render 3: true']));
  });
});
