import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { ResetPasswordPage } from './reset-password-page';

function renderAt(search: string) {
  return renderWithApp(<ResetPasswordPage />, {
    path: '/reset-password',
    initialEntry: `/reset-password${search}`,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage', () => {
  it('treats a missing token as invalid without calling the server', () => {
    const { fetchMock } = mockFetch(() => jsonResponse(200, { valid: true }));
    renderAt('');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This password reset link is invalid or has expired. Please request a new password reset.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Validating... and then Invalid Reset Link for a rejected token', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { router } = renderAt('?token=stale');
    expect(await screen.findByText('Validating...')).toBeInTheDocument();
    answer(jsonResponse(200, { valid: false }));
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/auth/validate_reset_token',
      body: { token: 'stale' },
    });

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the form for a valid token and checks the fields', async () => {
    mockFetch(() => jsonResponse(200, { valid: true }));
    const user = userEvent.setup();
    renderAt('?token=good');
    expect(await screen.findByRole('heading', { name: 'Reset Your Password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('toggles password visibility', async () => {
    mockFetch(() => jsonResponse(200, { valid: true }));
    const user = userEvent.setup();
    renderAt('?token=good');
    const input = await screen.findByLabelText('New Password');
    expect(input).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(toggle!);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getAllByRole('button', { name: 'Hide password' })).toHaveLength(1);
  });

  it('resets, shows the success message and goes to / after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch(({ path }) =>
      path === '/auth/validate_reset_token'
        ? jsonResponse(200, { valid: true })
        : jsonResponse(200, { success: true, message: 'Password updated' }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderAt('?token=good');
    await user.type(await screen.findByLabelText('New Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('Password reset successfully! Redirecting to login...'),
    ).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      path: '/auth/reset_password',
      body: { token: 'good', new_password: 'secret1' },
    });
    act(() => vi.advanceTimersByTime(1_900));
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Where the sign-in dialog opens for the new password (see SignInToContinue).
    expect(router.state.location.state).toEqual({ signIn: true });
  });

  it('shows the server detail when the reset fails', async () => {
    mockFetch(({ path }) =>
      path === '/auth/validate_reset_token'
        ? jsonResponse(200, { valid: true })
        : jsonResponse(400, { detail: 'This reset link has already been used.' }),
    );
    const user = userEvent.setup();
    renderAt('?token=good');
    await user.type(await screen.findByLabelText('New Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has already been used.',
    );
  });
});
