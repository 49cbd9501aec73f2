import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { VerifyEmailPage } from './verify-email-page';

const renderAt = (search: string) =>
  renderWithApp(<VerifyEmailPage />, {
    path: '/verify-email',
    initialEntry: `/verify-email${search}`,
  });

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('verifies the token once and offers to continue', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, message: 'Verified' }));
    renderAt('?token=abc');
    expect(screen.getByText('Verifying your email...')).toBeInTheDocument();
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(calls.filter((call) => call.path === '/auth/verify_email')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc' });
  });

  it('shows the server detail when the link is invalid', async () => {
    mockFetch(() => jsonResponse(400, { detail: 'This verification link has expired.' }));
    renderAt('?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link has expired.',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeInTheDocument();
  });
});
