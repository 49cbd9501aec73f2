import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInMode } from '@vowa/shared/auth/auth-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { tokenStore } from '../../lib/session-storage';
import { SignInDialog } from './sign-in-dialog';

function renderDialog(mode: SignInMode = 'login') {
  const onOpenChange = vi.fn();
  const view = renderWithApp(<SignInDialog open initialMode={mode} onOpenChange={onOpenChange} />);
  return { ...view, onOpenChange };
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: true });

beforeEach(() => {
  tokenStore.reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SignInDialog validation', () => {
  it('shows the login messages for empty fields', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderDialog('login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Join Vowa for smart budget travel planning')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
  });

  it('rejects a malformed email and a short password', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderDialog('login');
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows the register messages: name, confirmation and mismatch', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderDialog('register');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    // The mismatch is reported together with the other errors, not only once they are fixed.
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await user.type(field('Full Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });
});

describe('SignInDialog modes', () => {
  it('clears the form and errors when switching modes', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderDialog('login');
    await user.type(field('Email'), 'typed@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(field('Email')).toHaveValue('');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(field('Email')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('after registering switches to login and shows the server message', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, { success: true, message: 'Check your inbox to verify.' }),
    );
    const user = userEvent.setup();
    renderDialog('register');
    await user.type(field('Full Name'), 'Ada Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Check your inbox to verify.');
    // The sign-in form keeps the address just registered; the password is typed again.
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Password')).toHaveValue('');
    expect(calls[0]).toMatchObject({
      path: '/auth/register',
      body: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' },
    });
  });

  it('falls back to the spec confirmation when the server sends no message', async () => {
    mockFetch(() => jsonResponse(201, { success: true, message: '' }));
    const user = userEvent.setup();
    renderDialog('register');
    await user.type(field('Full Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText(
        'Registration successful! Please check your email to verify your account.',
      ),
    ).toBeInTheDocument();
  });
});

describe('SignInDialog outcomes', () => {
  it('shows the server detail in a red banner when login fails', async () => {
    mockFetch(() =>
      jsonResponse(401, { detail: 'Incorrect email or password', code: 'invalid_credentials' }),
    );
    const user = userEvent.setup();
    renderDialog('login');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the generic message when the failure has no detail', async () => {
    mockFetch(() => new Response('', { status: 503 }));
    const user = userEvent.setup();
    renderDialog('register');
    await user.type(field('Full Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it('shows Loading... and disables the submit button while busy', async () => {
    let release: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    renderDialog('forgot-password');
    await user.type(field('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release(jsonResponse(200, { success: true, message: 'sent' }));
    expect(
      await screen.findByText('Password reset email sent! Please check your inbox.'),
    ).toBeInTheDocument();
  });

  it('after sending the reset email returns to login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() => jsonResponse(200, { success: true, message: 'sent' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderDialog('forgot-password');
    await user.type(field('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('Password reset email sent! Please check your inbox.'),
    ).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(
      screen.queryByText('Password reset email sent! Please check your inbox.'),
    ).not.toBeInTheDocument();
  });

  it('signs in: stores the token, loads the user, closes and goes to /profile', async () => {
    const { calls } = mockFetch(({ path }) =>
      path === '/auth/login'
        ? jsonResponse(200, { access_token: 'jwt-1', token_type: 'bearer', expires_in: 900 })
        : jsonResponse(200, sampleUser),
    );
    const user = userEvent.setup();
    const { onOpenChange, router } = renderDialog('login');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(localStorage.getItem('access_token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('vowa.user') ?? '{}')).toMatchObject({ id: 'u1' });
    const me = calls.find((call) => call.path === '/auth/users/me');
    expect(me?.headers.Authorization).toBe('Bearer jwt-1');
  });

  it('hides the social buttons unless enabled', () => {
    mockFetch(() => jsonResponse(500));
    renderDialog('login');
    expect(screen.queryByText('Or continue with')).not.toBeInTheDocument();
  });
});

describe('SignInDialog two-factor step', () => {
  const challenge = { two_factor_required: true, challenge_token: 'challenge-1' };
  const tokens = { access_token: 'jwt-2', token_type: 'bearer', expires_in: 900 };

  async function reachCodeStep(handler: Parameters<typeof mockFetch>[0]) {
    const mocked = mockFetch(handler);
    const user = userEvent.setup();
    const view = renderDialog('login');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByRole('heading', { name: 'Two-Step Verification' }),
    ).toBeInTheDocument();
    return { ...mocked, ...view, user };
  }

  it('asks for the code, then completes the sign-in like login', async () => {
    const { calls, user, router, onOpenChange } = await reachCodeStep(({ path }) => {
      if (path === '/auth/login') return jsonResponse(200, challenge);
      if (path === '/auth/login/2fa') return jsonResponse(200, tokens);
      return jsonResponse(200, sampleUser);
    });
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    // Nothing is stored until the code is accepted.
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(field('Authentication code')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code')).toBeInTheDocument();
    expect(field('Authentication code')).toHaveAccessibleDescription('Enter the code');
    await user.type(field('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();

    await user.clear(field('Authentication code'));
    await user.type(field('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(localStorage.getItem('access_token')).toBe('jwt-2');
    expect(calls.find((call) => call.path === '/auth/login/2fa')?.body).toEqual({
      challenge_token: 'challenge-1',
      code: '123456',
    });
  });

  it('accepts a recovery code instead, and shows the server detail when a code is refused', async () => {
    const { calls, user } = await reachCodeStep(({ path }) => {
      if (path === '/auth/login') return jsonResponse(200, challenge);
      return jsonResponse(400, {
        detail: 'The code is incorrect or has already been used.',
        code: 'two_factor_code_incorrect',
      });
    });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(field('Recovery code')).toHaveFocus();
    await user.type(field('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'The code is incorrect or has already been used.',
    );
    expect(calls.at(-1)?.body).toEqual({ challenge_token: 'challenge-1', code: 'abcde-fghjk' });
    // And back to the app's code, or to the password step.
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(field('Authentication code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});

describe('SignInDialog passkey sign-in', () => {
  it('is hidden when the browser has no WebAuthn', () => {
    mockFetch(() => jsonResponse(500));
    renderDialog('login');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('offers a passkey where the browser has WebAuthn, and says when it was cancelled', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const { calls } = mockFetch(({ path }) =>
      path === '/auth/passkeys/login/options'
        ? jsonResponse(200, { challenge: 'abc', rpId: 'localhost', allowCredentials: [] })
        : jsonResponse(500),
    );
    const credentials = {
      get: vi.fn(() => Promise.reject(new DOMException('cancelled', 'NotAllowedError'))),
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { credentials }));
    const user = userEvent.setup();
    renderDialog('login');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Passkey sign-in was cancelled or timed out. Please try again.',
    );
    expect(calls[0]?.path).toBe('/auth/passkeys/login/options');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('says what to do when the browser cannot use a passkey, not "Something went wrong"', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    mockFetch(() =>
      jsonResponse(200, { challenge: 'abc', rpId: 'localhost', allowCredentials: [] }),
    );
    const credentials = {
      get: vi.fn(() => Promise.reject(new DOMException('insecure', 'SecurityError'))),
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { credentials }));
    const user = userEvent.setup();
    renderDialog('login');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'This passkey could not be used on this device. Try again, or sign in with your password.',
    );
  });
});
