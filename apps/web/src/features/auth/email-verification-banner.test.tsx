import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session-context';
import { tokenStore } from '../../lib/session-storage';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { EmailVerificationBanner } from './email-verification-banner';

beforeEach(() => {
  tokenStore.reset();
  sessionStorage.clear();
  localStorage.setItem('access_token', 'jwt');
});
afterEach(() => vi.unstubAllGlobals());

const unverified = { ...sampleUser, email_verified: false };

/** Shows who is signed in, so a test knows the session has loaded before asserting absence. */
function SignedInAs() {
  const { user } = useSession();
  return user ? <p>Signed in as {user.display_name}</p> : null;
}

describe('EmailVerificationBanner', () => {
  it('reminds an unverified person and can be put off for the rest of the visit', async () => {
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, unverified) : jsonResponse(404),
    );
    const user = userEvent.setup();
    const first = renderWithApp(<EmailVerificationBanner />);
    expect(
      await screen.findByText(
        `Please verify your email address. We sent a link to ${unverified.email}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText(/Please verify your email address/)).not.toBeInTheDocument();

    // Another screen of the same visit does not bring it back.
    first.unmount();
    renderWithApp(
      <>
        <SignedInAs />
        <EmailVerificationBanner />
      </>,
    );
    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByText(/Please verify your email address/)).not.toBeInTheDocument();
  });

  it('is put off for that person only: someone else signing in on the tab sees it', async () => {
    sessionStorage.setItem('vowa.verifyBannerHiddenFor', 'someone-else');
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, unverified) : jsonResponse(404),
    );
    renderWithApp(<EmailVerificationBanner />);
    expect(await screen.findByText(/Please verify your email address/)).toBeInTheDocument();
  });
});
