import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { tokenStore } from '../../lib/session-storage';
import { JoinGroupButton } from './join-group-dialog';
import { JoinGroupPage } from './join-group-page';

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.reset();
});

const group: Conversation = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Lisbon crew',
  type: 'group',
  lastMessage: null,
  lastActivity: '2026-05-01T10:00:00.000Z',
  unreadCount: 0,
  destination: null,
  memberCount: 3,
  role: 'member',
};

const INVALID = {
  detail: 'That invite code is not valid or has expired.',
  code: 'invite_invalid',
};

function signedIn(join: (body: unknown) => Response) {
  localStorage.setItem('access_token', 'jwt');
  return mockFetch(({ path, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/llm/groups/join') return join(body);
    if (path === '/llm/conversations') return jsonResponse(200, { conversations: [] });
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
}

describe('the join link page', () => {
  it('asks a guest to sign in or sign up first, and sends nothing', async () => {
    const { calls } = mockFetch(() => jsonResponse(401, { code: 'not_authenticated' }));
    renderWithApp(<JoinGroupPage />, { path: '/chat/join', initialEntry: '/chat/join?token=t0k' });
    expect(
      await screen.findByRole('heading', { name: 'You are invited to a group on Vowa' }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/llm/groups/join')).toBe(false);
  });

  it('joins with the token once signed in and lands in the group', async () => {
    const { calls } = signedIn(() => jsonResponse(200, { conversation: group }));
    const { router } = renderWithApp(<JoinGroupPage />, {
      path: '/chat/join',
      initialEntry: '/chat/join?token=t0k',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe(`?conversation=${group.id}`);
    expect(calls.filter((call) => call.path === '/llm/groups/join')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 't0k' } }),
    ]);
  });

  it('says so when the link is not valid or has expired', async () => {
    signedIn(() => jsonResponse(404, INVALID));
    renderWithApp(<JoinGroupPage />, { path: '/chat/join', initialEntry: '/chat/join?token=old' });
    expect(
      await screen.findByRole('heading', { name: 'This invitation is not valid or has expired.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Messages' })).toHaveAttribute('href', '/chat');
  });
});

describe('Join with a code', () => {
  it('joins with the typed code and opens the group', async () => {
    const { calls } = signedIn(() => jsonResponse(200, { conversation: group }));
    const onJoined = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<JoinGroupButton onJoined={onJoined} />);
    await user.click(screen.getByRole('button', { name: 'Join with a code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join a group' });
    const join = within(dialog).getByRole('button', { name: 'Join' });
    expect(join).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Invite code'), 'abc12');
    expect(join).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Invite code'), '3');
    await user.click(join);
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(group));
    expect(calls.find((call) => call.path === '/llm/groups/join')?.body).toEqual({
      code: 'ABC123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows one message for a wrong, expired or revoked code', async () => {
    signedIn(() => jsonResponse(404, INVALID));
    const user = userEvent.setup();
    renderWithApp(<JoinGroupButton onJoined={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Join with a code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join a group' });
    await user.type(within(dialog).getByLabelText('Invite code'), 'ZZZZZZ');
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(
      await within(dialog).findByText('That invite code is not valid or has expired.'),
    ).toBeInTheDocument();
  });
});
