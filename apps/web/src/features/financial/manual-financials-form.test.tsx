import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { makeFinancials } from '../../test/finance-test-data';
import { ManualFinancialsForm } from './manual-financials-form';

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('manual financials form', () => {
  it('keeps Connect Financial Data disabled until income > 0, expenses and balance ≥ 0', async () => {
    mockFetch(() => jsonResponse(200, sampleUser));
    const user = userEvent.setup();
    renderWithApp(<ManualFinancialsForm onBack={vi.fn()} onSaved={vi.fn()} />);
    const submit = screen.getByRole('button', { name: 'Connect Financial Data' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Monthly Income'), '0');
    await user.type(screen.getByLabelText('Monthly Expenses'), '100');
    expect(await screen.findByText('Monthly income must be more than 0')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Available Balance'), '-5');
    await user.tab();
    expect(await screen.findByText('Available balance must be 0 or more')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('Monthly Income'));
    await user.type(screen.getByLabelText('Monthly Income'), '4000');
    await user.clear(screen.getByLabelText('Available Balance'));
    await user.type(screen.getByLabelText('Available Balance'), '0');
    expect(submit).toBeEnabled();
    expect(screen.queryByText('Monthly income must be more than 0')).not.toBeInTheDocument();
  });

  it('checks the optional credit score and sends the figures', async () => {
    const { calls } = mockFetch(({ path, method }) => {
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path === '/finance/financials' && method === 'PUT')
        return jsonResponse(200, makeFinancials({ monthlyIncome: 4000 }));
      return jsonResponse(200, makeFinancials());
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ManualFinancialsForm onBack={vi.fn()} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Monthly Income'), '4000');
    await user.type(screen.getByLabelText('Monthly Expenses'), '1500.5');
    await user.type(screen.getByLabelText('Available Balance'), '9000');
    await user.type(screen.getByLabelText('Credit Score (Optional)'), '1200');
    await user.click(screen.getByRole('button', { name: 'Connect Financial Data' }));
    expect(
      await screen.findByText('Credit score must be a whole number from 0 to 900'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(screen.getByLabelText('Credit Score (Optional)'));
    await user.click(screen.getByRole('button', { name: 'Connect Financial Data' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/finance/financials',
      body: {
        monthlyIncome: 4000,
        monthlyExpenses: 1500.5,
        availableBalance: 9000,
        creditScore: 0,
      },
    });
  });
});
