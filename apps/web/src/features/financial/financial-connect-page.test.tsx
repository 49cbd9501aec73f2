import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Financials } from '@vowa/shared/finance/finance-schemas';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { FinancialConnectPage } from './financial-connect-page';
import { defaultSettings, makeFinancials, unconnected } from '../../test/finance-test-data';
import type { PlaidLinkOptions } from './plaid-link';

const bankFinancials = makeFinancials({
  source: 'bank',
  institutionName: 'Platypus National Bank',
  monthlyIncome: 5200,
});

/** A server with canned answers; `overrides` answer first. */
function serve(
  overrides: (call: RecordedCall) => Response | undefined = () => undefined,
  state: { financials: Financials } = { financials: unconnected },
) {
  return mockFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    switch (call.path) {
      case '/auth/users/me':
        return jsonResponse(200, sampleUser);
      case '/finance/financials':
        return jsonResponse(200, state.financials);
      case '/finance/budget_settings':
        return jsonResponse(200, defaultSettings);
      case '/plaid/link_token':
        return jsonResponse(200, {
          link_token: 'link-sandbox-1',
          expiration: '2026-11-21T16:00:00Z',
          provider: 'sandbox',
        });
      case '/plaid/sandbox/institutions':
        return jsonResponse(200, {
          institutions: [
            {
              institution_id: 'ins_1',
              name: 'Platypus National Bank',
              color: '#0ea5e9',
              test_username: 'user_good',
              test_password: 'pass_good',
            },
          ],
        });
      default:
        return jsonResponse(404, { detail: 'Not found.' });
    }
  });
}

const renderPage = () => renderWithApp(<FinancialConnectPage />, { path: '/financial/connect' });

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Plaid;
});

async function connectViaPlaid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Connect via Plaid' }));
}

describe('bank link errors', () => {
  it("says what the server's code means when the link token fails, back at select", async () => {
    serve(({ path }) =>
      path === '/plaid/link_token'
        ? jsonResponse(403, {
            detail: 'Please verify your email address before linking a bank.',
            code: 'email_not_verified',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please verify your email address first: open the link we sent you.',
    );
    expect(screen.getByRole('button', { name: 'Connect via Plaid' })).toBeEnabled();
    expect(screen.queryByText('Opening bank selection...')).not.toBeInTheDocument();
  });

  it('falls back to the spec text when the link token fails without detail', async () => {
    serve(({ path }) => (path === '/plaid/link_token' ? jsonResponse(500) : undefined));
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create Plaid link. Please try again.',
    );
  });

  it('shows "Opening bank selection..." while the link token is requested', async () => {
    let release: (response: Response) => void = () => undefined;
    serve(({ path }) =>
      path === '/plaid/link_token'
        ? (new Promise<Response>((resolve) => {
            release = resolve;
          }) as unknown as Response)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    expect(await screen.findByText('Opening bank selection...')).toBeInTheDocument();
    act(() => release(jsonResponse(500)));
    await waitFor(() =>
      expect(screen.queryByText('Opening bank selection...')).not.toBeInTheDocument(),
    );
  });

  it('closing the sandbox Link dialog cancels', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    const dialog = await screen.findByRole('dialog', { name: 'Vowa Test Bank' });
    await user.click(await within(dialog).findByRole('button', { name: /Platypus/ }));
    expect(within(dialog).getByText('Use user_good / pass_good')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connection was cancelled or failed. Please try again.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a wrong sandbox password shows the message inside the dialog', async () => {
    serve(({ path }) =>
      path === '/plaid/sandbox/login'
        ? jsonResponse(400, {
            detail: 'The username or password you entered is incorrect.',
            code: 'bank_credentials_incorrect',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    const dialog = await screen.findByRole('dialog', { name: 'Vowa Test Bank' });
    await user.click(await within(dialog).findByRole('button', { name: /Platypus/ }));
    await user.type(within(dialog).getByLabelText('Username'), 'user_good');
    await user.type(within(dialog).getByLabelText('Password'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The username or password you entered is incorrect.',
    );
  });

  it('the sandbox flow ends in exchange; all accounts chosen, Continue needs one', async () => {
    const state = { financials: unconnected };
    const { calls } = serve((call) => {
      if (call.path === '/plaid/sandbox/login')
        return jsonResponse(200, {
          accounts: [
            { account_id: 'a1', name: 'Everyday Checking', mask: '0000', subtype: 'checking' },
            { account_id: 'a2', name: 'High-Yield Savings', mask: '1111', subtype: 'savings' },
          ],
        });
      if (call.path === '/plaid/sandbox/public_token')
        return jsonResponse(200, { public_token: 'public-sandbox-1' });
      if (call.path === '/plaid/exchange_token') {
        state.financials = bankFinancials;
        return jsonResponse(200, {
          access_token: 'conn_1',
          item_id: 'item_1',
          institution_name: 'Platypus National Bank',
          financials: bankFinancials,
        });
      }
      return undefined;
    }, state);
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    const dialog = await screen.findByRole('dialog', { name: 'Vowa Test Bank' });
    await user.click(await within(dialog).findByRole('button', { name: /Platypus/ }));
    await user.type(within(dialog).getByLabelText('Username'), 'user_good');
    await user.type(within(dialog).getByLabelText('Password'), 'pass_good');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    const checking = await within(dialog).findByLabelText('Everyday Checking ••0000');
    const savings = within(dialog).getByLabelText('High-Yield Savings ••1111');
    expect(checking).toBeChecked();
    expect(savings).toBeChecked();
    await user.click(checking);
    await user.click(savings);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(savings);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Your bank is connected.')).toBeInTheDocument();
    expect(screen.getByText('Connected to Platypus National Bank')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/plaid/sandbox/public_token')?.body).toMatchObject({
      link_token: 'link-sandbox-1',
      institution_id: 'ins_1',
      account_ids: ['a2'],
    });
    expect(calls.find((c) => c.path === '/plaid/exchange_token')?.body).toEqual({
      public_token: 'public-sandbox-1',
    });
  });
});

describe('the Plaid provider', () => {
  function stubPlaid(behaviour: (options: PlaidLinkOptions) => void) {
    const create = vi.fn((options: PlaidLinkOptions) => ({
      open: () => behaviour(options),
      destroy: vi.fn(),
    }));
    window.Plaid = { create };
    return create;
  }
  const plaidToken = ({ path }: RecordedCall) =>
    path === '/plaid/link_token'
      ? jsonResponse(200, {
          link_token: 'link-production-1',
          expiration: '2026-11-21T16:00:00Z',
          provider: 'plaid',
        })
      : undefined;

  it('opens Plaid Link with the token and exchanges its public token', async () => {
    const state = { financials: unconnected };
    const create = stubPlaid((options) => options.onSuccess('public-plaid-1', {}));
    const { calls } = serve((call) => {
      if (call.path === '/plaid/exchange_token') {
        state.financials = bankFinancials;
        return jsonResponse(200, {
          access_token: 'conn_1',
          item_id: 'item_1',
          institution_name: 'Platypus National Bank',
          financials: bankFinancials,
        });
      }
      return plaidToken(call);
    }, state);
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    expect(await screen.findByText('Your bank is connected.')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ token: 'link-production-1' }));
    expect(calls.find((c) => c.path === '/plaid/exchange_token')?.body).toEqual({
      public_token: 'public-plaid-1',
    });
    expect(screen.getByRole('article', { name: 'Moderate - Balanced approach' })).toHaveTextContent(
      '$780',
    );
  });

  it('Plaid Link exit shows the cancelled message', async () => {
    stubPlaid((options) => options.onExit(null, {}));
    serve(plaidToken);
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connection was cancelled or failed. Please try again.',
    );
  });

  it('an exchange failure shows the detail, else the spec text', async () => {
    stubPlaid((options) => options.onSuccess('public-plaid-1', {}));
    let detail: string | undefined = 'The bank did not answer.';
    serve((call) =>
      call.path === '/plaid/exchange_token'
        ? jsonResponse(502, detail ? { detail } : undefined)
        : plaidToken(call),
    );
    const user = userEvent.setup();
    renderPage();
    await connectViaPlaid(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The bank did not answer.');
    detail = undefined;
    await connectViaPlaid(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to process financial data. Please try again.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Connect via Plaid' })).toBeEnabled();
  });
});
