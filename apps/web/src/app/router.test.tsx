import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../lib/session-storage';
import { jsonResponse, mockFetch, sampleUser } from '../test/fetch-mock';
import { Providers } from './providers';
import { routes } from './router';

function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => tokenStore.reset());
afterEach(() => vi.unstubAllGlobals());

describe('routes', () => {
  it('sends a guest from a protected route to /', async () => {
    mockFetch(() => jsonResponse(404));
    const router = renderRoute('/settings');
    expect(
      await screen.findByRole('heading', { name: 'Travel Smarter, Not Harder' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('asks a guest who opened a signed-in screen to sign in, then takes them there', async () => {
    mockFetch(({ path }) => {
      if (path === '/auth/login') {
        return jsonResponse(200, { access_token: 'jwt-1', token_type: 'bearer', expires_in: 900 });
      }
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path.startsWith('/travel/bucket_lists')) {
        return jsonResponse(
          200,
          path.endsWith('/invitations') ? { invitations: [] } : { lists: [] },
        );
      }
      return jsonResponse(404);
    });
    const user = userEvent.setup();
    const router = renderRoute('/travel/bucket-list?list=abc');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/bucket-list'));
    expect(router.state.location.search).toBe('?list=abc');
    expect(
      await screen.findByRole('heading', { name: 'Travel Bucket Lists', level: 1 }),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user arriving at / to /profile', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404),
    );
    const router = renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('gives each screen its own browser title, and the home page the product’s', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) =>
      path === '/auth/users/me'
        ? jsonResponse(200, sampleUser)
        : jsonResponse(200, { conversations: [] }),
    );
    const router = renderRoute('/chat');
    await waitFor(() => expect(document.title).toBe('Messages · Vowa'));
    await act(() => router.navigate('/no-such-page'));
    await waitFor(() => expect(document.title).toBe('Page Not Found · Vowa'));
  });

  it('offers a skip link to the main content first', async () => {
    mockFetch(() => jsonResponse(404));
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Travel Smarter, Not Harder' });
    await waitFor(() => expect(document.title).toBe('Vowa — AI travel planning on your budget'));
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    await userEvent.tab();
    expect(skip).toHaveFocus();
  });

  it('opens the Messages screen at /chat', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) =>
      path === '/auth/users/me'
        ? jsonResponse(200, sampleUser)
        : jsonResponse(200, { conversations: [] }),
    );
    renderRoute('/chat');
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
  });

  it('opens AI Travel Suggestions at /travel/suggestions', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404),
    );
    renderRoute('/travel/suggestions');
    expect(
      await screen.findByRole('heading', { name: 'AI Travel Suggestions', level: 1 }),
    ).toBeInTheDocument();
  });

  it('opens the public /confirm-email page for a guest', async () => {
    mockFetch(({ path }) =>
      path === '/user_management/confirm_email'
        ? jsonResponse(200, { success: true, message: 'Email changed' })
        : jsonResponse(404),
    );
    renderRoute('/confirm-email?token=abc');
    expect(await screen.findByText('Your email address is changed.')).toBeInTheDocument();
  });

  it('shows Not Found for unknown paths', async () => {
    mockFetch(() => jsonResponse(404));
    renderRoute('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
