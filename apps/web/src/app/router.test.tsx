import { render, screen } from '@testing-library/react';
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

  it('sends a signed-in user arriving at / to /profile', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404),
    );
    const router = renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('This screen is not available yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('shows each protected placeholder with its title', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(() => jsonResponse(200, sampleUser));
    renderRoute('/travel/suggestions');
    expect(
      await screen.findByRole('heading', { name: 'AI Travel Suggestions' }),
    ).toBeInTheDocument();
  });

  it('shows Not Found for unknown paths', async () => {
    mockFetch(() => jsonResponse(404));
    renderRoute('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
