import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/session-storage';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { ConfirmEmailPage } from './confirm-email-page';

const renderAt = (search: string) =>
  renderWithApp(<ConfirmEmailPage />, {
    path: '/confirm-email',
    initialEntry: `/confirm-email${search}`,
  });

beforeEach(() => tokenStore.reset());
afterEach(() => vi.unstubAllGlobals());

describe('ConfirmEmailPage', () => {
  it('confirms the token once and links to the profile', async () => {
    const { calls } = mockFetch(({ path }) =>
      path === '/user_management/confirm_email'
        ? jsonResponse(200, { success: true, message: 'Email changed' })
        : jsonResponse(200, sampleUser),
    );
    renderAt('?token=abc');
    expect(screen.getByText('Confirming your new email address...')).toBeInTheDocument();
    expect(await screen.findByText('Your email address is changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    const confirms = calls.filter((call) => call.path === '/user_management/confirm_email');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.body).toEqual({ token: 'abc' });
  });

  it('re-reads the signed-in user after the change', async () => {
    localStorage.setItem('access_token', 'jwt');
    const { calls } = mockFetch(({ path }) =>
      path === '/user_management/confirm_email'
        ? jsonResponse(200, { success: true, message: 'Email changed' })
        : jsonResponse(200, { ...sampleUser, email: 'new@example.com' }),
    );
    renderAt('?token=abc');
    expect(await screen.findByText('Your email address is changed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/auth/users/me')).toHaveLength(2),
    );
  });

  it('shows the server detail when the link is invalid or expired', async () => {
    mockFetch(() => jsonResponse(400, { detail: 'This confirmation link has expired.' }));
    renderAt('?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link has expired.',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('explains a link without a token, without calling the server', async () => {
    const { calls } = mockFetch(() => jsonResponse(404));
    renderAt('');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid or has expired.',
    );
    expect(calls.some((call) => call.path === '/user_management/confirm_email')).toBe(false);
  });
});
