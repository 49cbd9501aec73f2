import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/session-storage';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { Header } from './header';

const allItems = [
  'Home',
  'Chat',
  'Bucket List',
  'Connect Bank',
  'Budget',
  'Suggestions',
  'Trips',
  'Watches',
];

beforeEach(() => tokenStore.reset());
afterEach(() => vi.unstubAllGlobals());

function desktopNavLinks() {
  const [nav] = screen.getAllByRole('navigation', { name: 'Main' });
  return within(nav!)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

/** The header as the app layout gives it, its menu ready once the screen has settled. */
function HeaderReadyOnClick() {
  const [settled, setSettled] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setSettled(true)}>
        Screen settled
      </button>
      <Header menuReady={settled} />
    </>
  );
}

describe('Header', () => {
  it('shows guests only Home, plus Sign In and Join Beta', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderWithApp(<Header />);
    expect(desktopNavLinks()).toEqual(['Home']);
    expect(screen.getByRole('link', { name: 'Vowa home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Open user menu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join Beta' }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('shows a signed-in user every item, Start Planning and the user menu', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404),
    );
    const user = userEvent.setup();
    renderWithApp(<Header />);
    const trigger = await screen.findByRole('button', { name: 'Open user menu' });
    expect(desktopNavLinks()).toEqual(allItems);
    expect(screen.getByRole('link', { name: 'Start Planning' })).toHaveAttribute('href', '/chat');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Ada Lovelace');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('holds the user menu’s place with its face until the menu is ready, then offers it', async () => {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404),
    );
    const user = userEvent.setup();
    renderWithApp(<HeaderReadyOnClick />);
    expect(await screen.findByRole('link', { name: 'Start Planning' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open user menu' })).not.toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Screen settled' }));
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('ada@example.com');
  });

  it('opens and closes the mobile menu', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderWithApp(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
  it('shows the bell it is handed to signed-in people only', async () => {
    mockFetch(({ path }) =>
      path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404),
    );
    const bell = <button type="button">Notifications, 2 unread</button>;
    localStorage.setItem('access_token', 'jwt');
    renderWithApp(<Header notifications={bell} />);
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
  });

  it('shows guests no bell', () => {
    mockFetch(() => jsonResponse(500));
    renderWithApp(<Header notifications={<button type="button">Notifications</button>} />);
    expect(screen.getByRole('button', { name: 'Join Beta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
  });
});
