import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { BudgetSettingsPage, SAVED_MESSAGE_MS } from './budget-settings-page';
import { defaultSettings, makeFinancials, stubResizeObserver } from '../../test/finance-test-data';

function serve(putAnswer?: (body: unknown) => Response) {
  return mockFetch(({ path, method, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/finance/financials') return jsonResponse(200, makeFinancials());
    if (path === '/finance/budget_settings' && method === 'PUT')
      return putAnswer
        ? putAnswer(body)
        : jsonResponse(200, { ...defaultSettings, ...(body as object) });
    if (path === '/finance/budget_settings') return jsonResponse(200, defaultSettings);
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

const renderPage = () => renderWithApp(<BudgetSettingsPage />, { path: '/financial/budget' });

beforeEach(() => {
  localStorage.setItem('access_token', 'jwt');
  stubResizeObserver();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Budget & Auto-Booking Settings', () => {
  it('keeps the budget input and slider in sync', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Maximum Trip Budget');
    const slider = screen.getByRole('slider', { name: 'Maximum Trip Budget slider' });
    expect(input).toHaveValue(5000);
    expect(slider).toHaveAttribute('aria-valuenow', '5000');
    expect(slider).toHaveAttribute('aria-valuemin', '500');
    expect(slider).toHaveAttribute('aria-valuemax', '20000');

    await user.clear(input);
    await user.type(input, '30000');
    expect(slider).toHaveAttribute('aria-valuenow', '20000');

    slider.focus();
    await user.keyboard('{Home}');
    expect(input).toHaveValue(500);
    await user.keyboard('{ArrowRight}');
    expect(input).toHaveValue(600);

    const threshold = screen.getByRole('slider', { name: 'Price Alert Threshold' });
    expect(threshold).toHaveAttribute('aria-valuetext', '80% of market price');
    threshold.focus();
    await user.keyboard('{End}');
    expect(threshold).toHaveAttribute('aria-valuenow', '95');
    expect(screen.getByText('95% of market price')).toBeInTheDocument();
  });

  it('offers the income-based quick picks', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pick Moderate: $1,000' }));
    expect(screen.getByLabelText('Maximum Trip Budget')).toHaveValue(1000);
  });

  it('saves, then shows "Settings saved successfully!" for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderPage();
    const save = await screen.findByRole('button', { name: 'Save Settings' });
    expect(save).toBeDisabled();
    const input = screen.getByLabelText('Maximum Trip Budget');
    await user.clear(input);
    await user.type(input, '7300');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      maxTripBudget: 7300,
      priceAlertThreshold: 80,
      autoBookingEnabled: false,
    });
    await waitFor(() => expect(save).toBeDisabled());
    act(() => vi.advanceTimersByTime(SAVED_MESSAGE_MS - 200));
    expect(screen.getByText('Settings saved successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument();
  });

  it('explains invalid budgets under the field, from the schema and from the server', async () => {
    const { calls } = serve(() =>
      jsonResponse(422, {
        detail: 'Budget must be between $500 and $50,000',
        code: 'validation_failed',
        errors: [
          {
            field: 'maxTripBudget',
            message: 'Budget must be between $500 and $50,000',
            code: 'budgetInvalid',
          },
        ],
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Maximum Trip Budget');
    await user.clear(input);
    await user.type(input, '7350');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText('Budget must be in steps of $100')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(input);
    await user.type(input, '7400');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Budget must be between $500 and $50,000')).toBeInTheDocument();
  });

  it('says a budget is out of range as soon as the field is left, and judges only valid ones', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Maximum Trip Budget');
    await user.clear(input);
    await user.type(input, '300');
    expect(screen.queryByTestId('budget-ratio')).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Budget must be between/);
    await user.clear(input);
    await user.type(input, '1000');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('opens the Auto-Booking Active modal after saving with auto-booking on', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Auto-Booking' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const modal = await screen.findByRole('dialog', { name: 'Auto-Booking Active' });
    expect(modal).toHaveTextContent('80% of market price');
    expect(modal).toHaveTextContent('$5,000');
  });
});
