import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTINGS_SAVED_MESSAGE_MS } from '@vowa/shared/settings/settings-constants';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@vowa/shared/settings/settings-schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { fr } from '../../locales/fr';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { SettingsPage } from './settings-page';

function serve(stored: UserSettings = DEFAULT_USER_SETTINGS, putAnswer?: () => Response) {
  let current = structuredClone(stored);
  return mockFetch(({ path, method, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/user_management/settings' && method === 'PUT') {
      if (putAnswer) return putAnswer();
      const changes = body as Partial<Record<keyof UserSettings, object>>;
      current = {
        notifications: { ...current.notifications, ...changes.notifications },
        privacy: { ...current.privacy, ...changes.privacy },
        account: { ...current.account, ...changes.account },
      };
      return jsonResponse(200, current);
    }
    if (path === '/user_management/settings') return jsonResponse(200, current);
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

// The Security tab's content has its own tests; here it only has to be there.
const renderPage = () =>
  renderWithApp(<SettingsPage securityTab={<p>Security settings content</p>} />, {
    path: '/settings',
  });

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Settings', () => {
  it('shows the four tabs and the saved values, with no Save Changes until something changes', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByLabelText('Language')).toHaveValue('en');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Los_Angeles');
    expect(screen.getByRole('switch', { name: 'Auto-booking' })).not.toBeChecked();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['General', 'Notifications', 'Privacy', 'Security']);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getByRole('switch', { name: 'Price drop alerts' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Deal alerts' })).toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(screen.getByLabelText('Profile visibility')).toHaveValue('friends');
    expect(screen.getByRole('switch', { name: 'Share bucket list' })).not.toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByText('Security settings content')).toBeInTheDocument();
  });

  it('sends only what changed, confirms for 3 seconds, and switches the language', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderPage();
    await user.selectOptions(await screen.findByLabelText('Language'), 'fr');
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    await user.click(screen.getByRole('switch', { name: 'Weekly digest' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // The whole interface switches to French as the confirmation shows.
    expect(await screen.findByText(fr.settings.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      notifications: { weeklyDigest: false },
      account: { language: 'fr' },
    });
    expect(i18n.language).toBe('fr');
    expect(screen.getByRole('tab', { name: fr.settings.tabs.general })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: fr.settings.save })).not.toBeInTheDocument(),
    );
    act(() => vi.advanceTimersByTime(SETTINGS_SAVED_MESSAGE_MS - 200));
    expect(screen.getByText(fr.settings.saved)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText(fr.settings.saved)).not.toBeInTheDocument();
  });

  it('hides Save Changes again when a change is undone', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const currency = await screen.findByLabelText('Currency');
    await user.selectOptions(currency, 'EUR');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    await user.selectOptions(currency, 'USD');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when saving fails, and keeps the change', async () => {
    serve(DEFAULT_USER_SETTINGS, () =>
      jsonResponse(422, { detail: 'Choose one of the listed options' }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Privacy' }));
    await user.selectOptions(screen.getByLabelText('Profile visibility'), 'private');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Choose one of the listed options')).toBeInTheDocument();
    expect(screen.getByLabelText('Profile visibility')).toHaveValue('private');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });
  it('says why auto-booking was not turned on when the server refuses it', async () => {
    serve(DEFAULT_USER_SETTINGS, () =>
      jsonResponse(422, {
        detail: 'Add a saved card before auto-booking.',
        code: 'auto_booking_needs_card',
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Auto-booking' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Auto-booking was not turned on: save a payment card first.',
    );
  });
});
