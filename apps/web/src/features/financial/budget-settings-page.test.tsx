import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { BudgetSettingsPage, SAVED_MESSAGE_MS } from './budget-settings-page';
import type { BudgetSettings, Financials } from '@vowa/shared/finance/finance-schemas';
import { DEFAULT_USER_SETTINGS } from '@vowa/shared/settings/settings-schemas';
import { defaultSettings, makeFinancials, stubResizeObserver } from '../../test/finance-test-data';
import { BudgetRecommendations } from './budget-recommendations';

function serve(
  putAnswer?: (body: unknown) => Response,
  {
    currency = 'USD',
    settings = defaultSettings,
    financials = makeFinancials(),
  }: { currency?: string; settings?: BudgetSettings; financials?: Financials } = {},
) {
  return mockFetch(({ path, method, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/user_management/settings')
      return jsonResponse(200, {
        ...DEFAULT_USER_SETTINGS,
        account: { ...DEFAULT_USER_SETTINGS.account, currency },
      });
    if (path === '/finance/financials') return jsonResponse(200, financials);
    if (path === '/finance/budget_settings' && method === 'PUT')
      return putAnswer ? putAnswer(body) : jsonResponse(200, { ...settings, ...(body as object) });
    if (path === '/finance/budget_settings') return jsonResponse(200, settings);
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
      currency: 'USD',
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

  it('states and checks the limits in euros, and keeps a budget entered in dollars', async () => {
    const euros: BudgetSettings = {
      // $3,000 entered before a switch to euros: shown converted, with the rate.
      maxTripBudget: 2559.73,
      autoBookingEnabled: false,
      priceAlertThreshold: 80,
      currency: 'EUR',
      entered: { amount: 3000, currency: 'USD' },
      exchangeRate: { from: 'USD', rate: 0.853242, asOf: '2025-06-30', source: 'bundled' },
      limits: { currency: 'EUR', min: 400, max: 43_000, sliderMax: 17_000, step: 100 },
    };
    const { calls } = serve(undefined, {
      currency: 'EUR',
      settings: euros,
      financials: makeFinancials({ currency: 'EUR', monthlyIncome: 7375 }),
    });
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Maximum Trip Budget');
    expect(input).toHaveValue(2559.73);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        'Entered as $3,000 at 1 USD = 0.8532 EUR · From €400 to €43,000, in steps of €100.',
      ),
    );
    const slider = screen.getByRole('slider', { name: 'Maximum Trip Budget slider' });
    expect(slider).toHaveAttribute('aria-valuemin', '400');
    expect(slider).toHaveAttribute('aria-valuemax', '17000');

    // Changing only the threshold keeps the budget as it was entered.
    screen.getByRole('slider', { name: 'Price Alert Threshold' }).focus();
    await user.keyboard('{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      priceAlertThreshold: 81,
      autoBookingEnabled: false,
    });

    await user.clear(input);
    await user.type(input, '300');
    await user.tab();
    expect(input).toHaveAccessibleDescription(/Budget must be between €400 and €43,000/);
    expect(screen.queryByText(/\$500/)).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '450');
    await user.tab();
    expect(input).toHaveAccessibleDescription(/Budget must be in steps of €100/);

    // The quick picks are the Connect screen's recommendations: €700, €1,100, €1,400.
    for (const name of ['Conservative: €700', 'Moderate: €1,100', 'Adventurous: €1,400']) {
      expect(screen.getByRole('button', { name: `Pick ${name}` })).toBeInTheDocument();
    }
  });

  it('works in yen: a ¥10,000 step and the limits in yen', async () => {
    const yen: BudgetSettings = {
      maxTripBudget: 720_000,
      autoBookingEnabled: false,
      priceAlertThreshold: 80,
      currency: 'JPY',
      entered: null,
      exchangeRate: null,
      limits: { currency: 'JPY', min: 70_000, max: 7_200_000, sliderMax: 2_900_000, step: 10_000 },
    };
    const { calls } = serve(undefined, { currency: 'JPY', settings: yen });
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Maximum Trip Budget');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('From ¥70,000 to ¥7,200,000, in steps of ¥10,000.'),
    );
    await user.clear(input);
    await user.type(input, '50000');
    await user.tab();
    expect(input).toHaveAccessibleDescription(/Budget must be between ¥70,000 and ¥7,200,000/);
    await user.clear(input);
    await user.type(input, '125000');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(input).toHaveAccessibleDescription(/Budget must be in steps of ¥10,000/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const slider = screen.getByRole('slider', { name: 'Maximum Trip Budget slider' });
    slider.focus();
    await user.keyboard('{Home}{ArrowRight}');
    expect(input).toHaveValue(80_000);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        maxTripBudget: 80_000,
        currency: 'JPY',
      }),
    );
  });

  it('offers the same amounts as the Connect screen', async () => {
    serve(undefined, { financials: makeFinancials({ monthlyIncome: 7375 }) });
    renderPage();
    const picks = await screen.findAllByRole('button', { name: /^Pick / });
    const fromBudgetScreen = picks.map((pick) => /\$[\d,]+/.exec(pick.textContent ?? '')?.[0]);
    const { unmount } = renderWithApp(
      <BudgetRecommendations
        monthlyIncome={7375}
        limits={defaultSettings.limits}
        currentBudget={undefined}
        onUse={() => {}}
      />,
    );
    const cards = screen.getAllByRole('article');
    const fromConnect = cards.map((card) => within(card).getByText(/^\$[\d,]+$/).textContent);
    expect(fromBudgetScreen).toEqual(['$700', '$1,100', '$1,400']);
    expect(fromConnect).toEqual(fromBudgetScreen);
    unmount();
  });
});

describe('turning auto-booking on (issue 16 §4)', () => {
  const status = (card: { id: string; brand: string; last4: string } | null) => ({
    enabled: false,
    emailVerified: true,
    card,
    thresholdPercent: 80,
    maxTripBudget: { amount: 5000, currency: 'USD' },
    watches: [],
  });

  function serveGated(putAnswer: () => Response, card = status(null).card) {
    return mockFetch(({ path, method }) => {
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path === '/user_management/settings') return jsonResponse(200, DEFAULT_USER_SETTINGS);
      if (path === '/finance/financials') return jsonResponse(200, makeFinancials());
      if (path === '/travel/watches/auto_booking') return jsonResponse(200, status(card));
      if (path === '/finance/budget_settings' && method === 'PUT') return putAnswer();
      if (path === '/finance/budget_settings') return jsonResponse(200, defaultSettings);
      return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
    });
  }

  it('says a saved card is needed as soon as the switch is on, with where to add one', async () => {
    serveGated(() => jsonResponse(200, { ...defaultSettings, autoBookingEnabled: true }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Auto-Booking' }));
    const needs = await screen.findByTestId('auto-booking-needs');
    expect(needs).toHaveTextContent('Auto-booking needs');
    expect(needs).toHaveTextContent('No saved card: Vowa cannot book anything until you add one.');
    expect(within(needs).getByRole('link', { name: 'Add a card' })).toHaveAttribute(
      'href',
      '/settings#payment-methods-title',
    );
    await user.click(screen.getByRole('switch', { name: 'Auto-Booking' }));
    expect(screen.queryByTestId('auto-booking-needs')).not.toBeInTheDocument();
  });

  it('shows the server refusing without a card, and the fix, instead of a bare error', async () => {
    serveGated(
      () =>
        jsonResponse(422, {
          detail: 'Add a saved card before auto-booking.',
          code: 'auto_booking_needs_card',
        }),
      // The card was removed in another tab after this screen read the status.
      { id: 'pm1', brand: 'visa', last4: '4242' },
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Auto-Booking' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Auto-booking was not turned on: save a payment card first.',
    );
    const needs = screen.getByTestId('auto-booking-needs');
    expect(within(needs).getByRole('link', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Auto-Booking Active' })).not.toBeInTheDocument();
    expect(screen.queryByText('Add a saved card before auto-booking.')).not.toBeInTheDocument();
  });

  it('shows the server refusing an unverified address, with the link to send again', async () => {
    const { calls } = serveGated(
      () =>
        jsonResponse(403, {
          detail: 'Please verify your email address before switching auto-booking on.',
          code: 'email_not_verified',
        }),
      { id: 'pm1', brand: 'visa', last4: '4242' },
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Auto-Booking' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Auto-booking was not turned on: verify your email address first.',
    );
    const needs = screen.getByTestId('auto-booking-needs');
    expect(needs).not.toHaveTextContent('No saved card');
    await user.click(within(needs).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/auth/resend_verification')).toBe(true),
    );
  });
});
