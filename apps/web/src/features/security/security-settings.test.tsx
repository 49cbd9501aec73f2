import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { tokenStore } from '../../lib/session-storage';
import { SecuritySettings } from './security-settings';

const sessions = [
  {
    id: 's-current',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    ip_address: '127.0.0.1',
    created_at: '2026-03-01T10:00:00.000Z',
    last_used_at: '2026-03-14T09:41:00.000Z',
    current: true,
  },
  {
    id: 's-phone',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ip_address: '203.0.113.9',
    created_at: '2026-03-02T10:00:00.000Z',
    last_used_at: '2026-03-10T18:00:00.000Z',
    current: false,
  },
];

type Handler = (call: RecordedCall) => Response | undefined;

function setUp(overrides: Handler = () => undefined, twoFactor = false) {
  const mocked = mockFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.path === '/auth/2fa')
      return jsonResponse(200, { enabled: twoFactor, recovery_codes_left: twoFactor ? 7 : 0 });
    if (call.path === '/auth/sessions') return jsonResponse(200, { sessions });
    if (call.path === '/auth/passkeys') return jsonResponse(200, { passkeys: [] });
    if (call.path === '/auth/logout') return jsonResponse(200, { success: true, message: 'ok' });
    return jsonResponse(404, { detail: 'Not found' });
  });
  const user = userEvent.setup();
  const view = renderWithApp(<SecuritySettings />, { path: '/settings' });
  return { ...mocked, ...view, user };
}

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  tokenStore.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SecuritySettings', () => {
  it('shows every section', async () => {
    setUp();
    for (const name of [
      'Change password',
      'Two-factor authentication',
      'Biometric sign-in',
      'Active sessions',
      'Delete account',
    ]) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    expect(await within(region('Two-factor authentication')).findByText('Off')).toBeInTheDocument();
  });

  it('changes the password, with the shared rules and the server’s answer on the field', async () => {
    let attempts = 0;
    const { calls, user } = setUp(({ path }) => {
      if (path !== '/auth/change_password') return undefined;
      attempts += 1;
      return attempts === 1
        ? jsonResponse(400, {
            detail: 'Current password is incorrect.',
            code: 'current_password_incorrect',
          })
        : jsonResponse(200, { success: true, message: 'changed' });
    });
    const section = within(region('Change password'));
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('Password is required')).toBeInTheDocument();
    expect(section.getByText('New password is required')).toBeInTheDocument();

    await user.type(section.getByLabelText('Current password'), 'old-secret');
    await user.type(section.getByLabelText('New password'), 'new-secret-1');
    await user.type(section.getByLabelText('Confirm new password'), 'new-secret-2');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(section.getByLabelText('Confirm new password'));
    await user.type(section.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(section.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Current password is incorrect.',
      ),
    );

    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(
      await section.findByText(
        'Your password has been changed. Every other sign-in has been ended.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/change_password').at(-1)?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret-1',
    });
    expect(section.getByLabelText('Current password')).toHaveValue('');
    // Show/hide like the reset page.
    expect(section.getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
  });

  it('lists signed-in devices in plain words and signs one out', async () => {
    const { calls, user } = setUp(({ path, method }) =>
      method === 'DELETE' && path === '/auth/sessions/s-phone'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    const section = within(region('Active sessions'));
    const list = await section.findByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on macOS');
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('IP address 127.0.0.1');
    expect(items[1]).toHaveTextContent('Safari on iPhone');
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await user.click(section.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await section.findByText('That device has been signed out.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/auth/sessions/s-phone'),
    ).toBe(true);
  });

  it('signs out everywhere else', async () => {
    const { calls, user } = setUp(({ path }) =>
      path === '/auth/sessions/revoke_others'
        ? jsonResponse(200, { success: true, message: 'done' })
        : undefined,
    );
    const section = within(region('Active sessions'));
    await user.click(await section.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await section.findByText('Every other device has been signed out.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/auth/sessions/revoke_others')).toBe(true);
  });

  it('sets up two-factor authentication and shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);
    let enabled = false;
    const { calls, user } = setUp(({ path }) => {
      if (path === '/auth/2fa/setup')
        return jsonResponse(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Vowa:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        });
      if (path === '/auth/2fa/enable') {
        enabled = true;
        return jsonResponse(200, { recovery_codes: codes });
      }
      if (path === '/auth/2fa')
        return jsonResponse(200, { enabled, recovery_codes_left: enabled ? 10 : 0 });
      return undefined;
    });
    const section = within(region('Two-factor authentication'));
    await user.click(await section.findByRole('button', { name: 'Set up' }));
    const qr = await section.findByRole('img', {
      name: 'QR code to add Vowa to your authenticator app',
    });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(section.getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(section.getByLabelText('Authentication code')).toHaveFocus();

    await user.type(section.getByLabelText('Authentication code'), '12');
    await user.click(section.getByRole('button', { name: 'Enable' }));
    expect(await section.findByText('The code has 6 digits')).toBeInTheDocument();
    await user.clear(section.getByLabelText('Authentication code'));
    await user.type(section.getByLabelText('Authentication code'), '123 456');
    await user.click(section.getByRole('button', { name: 'Enable' }));

    const list = await section.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(section.getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(calls.find((call) => call.path === '/auth/2fa/enable')?.body).toEqual({
      code: '123456',
    });
    expect(section.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: "I've saved them" }));
    expect(section.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await section.findByText('On')).toBeInTheDocument();
    expect(section.getByText('10 recovery codes left.')).toBeInTheDocument();
  });

  it('turns two-factor authentication off with the password and a code', async () => {
    let enabled = true;
    const { calls, user } = setUp(({ path }) => {
      if (path === '/auth/2fa/disable') {
        enabled = false;
        return jsonResponse(200, { enabled: false, recovery_codes_left: 0 });
      }
      if (path === '/auth/2fa') return jsonResponse(200, { enabled, recovery_codes_left: 7 });
      return undefined;
    });
    const section = within(region('Two-factor authentication'));
    expect(await section.findByText('7 recovery codes left.')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off two-factor authentication',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
      'Password is required',
    );
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.type(within(dialog).getByLabelText('Code or recovery code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.path === '/auth/2fa/disable')?.body).toEqual({
      password: 'secret1',
      code: '654321',
    });
    expect(await section.findByText('Off')).toBeInTheDocument();
  });

  it('explains when the browser cannot use passkeys', async () => {
    setUp();
    expect(
      within(region('Biometric sign-in')).getByText(/This browser doesn't support passkeys/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('lists passkeys and removes one after asking', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    let passkeys = [
      {
        id: 'pk1',
        name: 'Work laptop',
        created_at: '2026-03-01T10:00:00.000Z',
        last_used_at: null,
      },
    ];
    const { calls, user } = setUp(({ path, method }) => {
      if (path === '/auth/passkeys') return jsonResponse(200, { passkeys });
      if (method === 'DELETE' && path === '/auth/passkeys/pk1') {
        passkeys = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const section = within(region('Biometric sign-in'));
    const list = await section.findByRole('list', { name: 'Your passkeys' });
    expect(list).toHaveTextContent('Work laptop');
    expect(list).toHaveTextContent('Never used');
    expect(section.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
    expect(section.getByLabelText('Passkey name')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Remove passkey Work laptop' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await section.findByText('Passkey removed.')).toBeInTheDocument();
    expect(await section.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/auth/passkeys/pk1'),
    ).toBe(true);
  });

  it('deletes the account after the password and code, then signs out to /', async () => {
    const { calls, user, router } = setUp(({ path, method }) => {
      if (method === 'DELETE' && path === '/auth/account') {
        const body = calls.at(-1)?.body as { password?: string };
        return body.password === 'secret1'
          ? new Response(null, { status: 204 })
          : jsonResponse(400, { detail: 'Password is incorrect.', code: 'password_incorrect' });
      }
      return undefined;
    }, true);
    await within(region('Two-factor authentication')).findByText('On');
    await user.click(
      within(region('Delete account')).getByRole('button', { name: 'Delete account' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());

    await user.type(password, 'wrong-one');
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is incorrect.'));

    await user.clear(password);
    await user.type(password, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const deletion = calls.filter((call) => call.path === '/auth/account').at(-1);
    expect(deletion?.body).toEqual({ password: 'secret1', code: '123456' });
    expect(calls.some((call) => call.path === '/auth/logout')).toBe(true);
  });
});
