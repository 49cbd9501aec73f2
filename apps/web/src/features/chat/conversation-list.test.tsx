import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { ConversationList } from './conversation-list';

const conversation = (overrides: Partial<Conversation>): Conversation => ({
  id: crypto.randomUUID(),
  name: 'Vowa AI',
  type: 'ai',
  lastMessage: null,
  lastActivity: '2026-11-20T10:00:00.000Z',
  unreadCount: 0,
  destination: null,
  memberCount: 1,
  role: 'owner',
  ...overrides,
});

const conversations = [
  conversation({ name: 'Vowa AI', lastMessage: 'Here are 5 hotels in Rome', unreadCount: 2 }),
  conversation({
    name: 'Trip to Lisbon',
    type: 'trip',
    destination: 'Lisboa, Portugal',
    lastMessage: 'Flights from JFK',
  }),
  conversation({ name: 'Trip to Zürich', type: 'trip', destination: 'Zürich' }),
];

beforeEach(() => {
  mockFetch(({ path }) =>
    path === '/auth/users/me' ? jsonResponse(200, sampleUser) : jsonResponse(404, {}),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderList(onOpen = vi.fn()) {
  renderWithApp(
    <ConversationList
      conversations={conversations}
      activeId={conversations[0]?.id ?? ''}
      onOpen={onOpen}
    />,
  );
  return onOpen;
}
const names = () =>
  within(screen.getByRole('navigation', { name: 'Conversations' }))
    .getAllByRole('button')
    .map((row) => row.textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search conversations' });

describe('ConversationList', () => {
  it('shows name, destination, last message and unread badge per conversation', async () => {
    renderList();
    expect(await screen.findByLabelText('2 unread messages')).toHaveTextContent('2');
    expect(screen.getByText('Lisboa, Portugal')).toBeInTheDocument();
    expect(screen.getByText('Flights from JFK')).toBeInTheDocument();
    expect(screen.getByRole('button', { current: true })).toHaveTextContent('Vowa AI');
  });

  it('filters by name, destination and last message, ignoring case and accents', async () => {
    renderList();
    await screen.findByRole('searchbox');
    await userEvent.type(search(), 'lisboa');
    expect(names()).toEqual([expect.stringContaining('Trip to Lisbon')]);
    await userEvent.clear(search());
    await userEvent.type(search(), 'ROME hotels');
    expect(names()).toEqual([expect.stringContaining('Vowa AI')]);
    await userEvent.clear(search());
    await userEvent.type(search(), 'zurich');
    expect(names()).toEqual([expect.stringContaining('Trip to Zürich')]);
    await userEvent.type(search(), ' paris');
    expect(screen.getByText('No conversations match your search.')).toBeInTheDocument();
  });

  it('opens a conversation when its row is chosen', async () => {
    const onOpen = renderList();
    await userEvent.click(await screen.findByRole('button', { name: /Trip to Lisbon/ }));
    expect(onOpen).toHaveBeenCalledWith(conversations[1]);
  });
});
