import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavBadge } from '../../components/layout/nav-badge';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { chatKeys } from './chat-api';
import { UnreadBadgeProvider } from './unread-badge-provider';

const row = (id: string, unreadCount: number) => ({
  id,
  name: id,
  type: 'group',
  lastMessage: null,
  lastActivity: '2026-11-20T10:00:00.000Z',
  unreadCount,
  destination: null,
  memberCount: 2,
  role: 'member',
});

function serve(unread: number[]) {
  mockFetch(({ path }) =>
    path === '/auth/users/me'
      ? jsonResponse(200, sampleUser)
      : path === '/llm/conversations'
        ? jsonResponse(200, { conversations: unread.map((n, i) => row(`c${i}`, n)) })
        : jsonResponse(404, {}),
  );
}

const renderBadge = () =>
  renderWithApp(
    <UnreadBadgeProvider>
      <span data-testid="messages">
        Messages
        <NavBadge path="/chat" />
      </span>
      <span data-testid="trips">
        Trips
        <NavBadge path="/trips" />
      </span>
    </UnreadBadgeProvider>,
  );

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the unread total on Messages', () => {
  it('adds up the unread messages of every conversation', async () => {
    serve([2, 0, 3]);
    renderBadge();
    expect(await screen.findByText('5 unread messages')).toBeInTheDocument();
    expect(screen.getByTestId('messages')).toHaveTextContent('Messages5');
    expect(screen.getByTestId('trips')).toHaveTextContent(/^Trips$/);
  });

  it('shows nothing when everything is read', async () => {
    serve([0, 0]);
    const { queryClient } = renderBadge();
    await waitFor(() =>
      expect(queryClient.getQueryState(chatKeys.list(sampleUser.id))?.status).toBe('success'),
    );
    expect(screen.getByTestId('messages')).toHaveTextContent(/^Messages$/);
  });
});
