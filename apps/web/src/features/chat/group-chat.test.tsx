import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type { GroupMember } from '@vowa/shared/groups/group-schemas';
import { createLiveGroups, LiveGroupsContext } from '../../lib/live-groups';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { ChatPage } from './chat-page';
import type { ChatDetailDialogs } from './detail-dialogs';

const dialogs: ChatDetailDialogs = { Flight: () => null, Hotel: () => null };

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
const aiChat = conversation({});
const group = conversation({ name: 'Lisbon crew', type: 'group', memberCount: 3 });

const ben = { id: 'u2', name: 'Ben', avatar: null };
let seq = 10;
function message(overrides: Partial<ChatMessage>): ChatMessage {
  seq += 1;
  return {
    id: `m${seq}`,
    seq,
    type: 'user',
    content: '',
    timestamp: '2026-11-20T10:00:00.000Z',
    sender: ben,
    attachments: null,
    clientId: null,
    card: null,
    ...overrides,
  };
}

const members: GroupMember[] = [
  { id: 'u1', name: 'Ada', avatar: null, isOnline: true, role: 'owner', joinedAt: '' },
  { id: 'u2', name: 'Ben', avatar: null, isOnline: false, role: 'member', joinedAt: '' },
  { id: 'u3', name: 'Cy', avatar: null, isOnline: null, role: 'member', joinedAt: '' },
];

type Overrides = Partial<Record<string, (call: RecordedCall) => Response | undefined>>;

/** The API as the Messages screen uses it, with a stored thread per conversation. */
function serve(thread: ChatMessage[], overrides: Overrides = {}) {
  return mockFetch((call) => {
    const { path, method } = call;
    const override = overrides[`${method} ${path.split('?')[0]}`]?.(call);
    if (override) return override;
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/llm/conversations') return jsonResponse(200, { conversations: [aiChat, group] });
    if (path.startsWith(`/llm/conversations/${group.id}/messages`)) {
      const after = new URLSearchParams(path.split('?')[1]).get('after');
      const shown = after ? thread.filter((m) => m.seq > Number(after)) : thread;
      return jsonResponse(200, { conversation: group, messages: shown, hasMore: false });
    }
    if (path.startsWith('/llm/conversations/')) {
      return jsonResponse(200, { conversation: aiChat, messages: [], hasMore: false });
    }
    if (path === `/llm/groups/${group.id}/members`) return jsonResponse(200, { members });
    if (method === 'POST' && path.endsWith('/read')) return jsonResponse(204);
    if (method === 'DELETE') return jsonResponse(204);
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

function renderPage() {
  const live = createLiveGroups();
  const typing = vi.fn();
  live.attach(typing);
  const rendered = renderWithApp(
    <LiveGroupsContext.Provider value={live}>
      <ChatPage dialogs={dialogs} />
    </LiveGroupsContext.Provider>,
    { path: '/chat' },
  );
  return { ...rendered, live, typing };
}

async function openGroup() {
  await userEvent.click(await screen.findByRole('button', { name: /Lisbon crew/ }));
}
const log = () => screen.getByRole('log', { name: 'Messages in this conversation' });
const composer = () => screen.getByRole('textbox', { name: 'Message to the group' });

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a group thread', () => {
  it('shows authors, event cards, the member count and the group placeholder; markup stays text', async () => {
    serve([
      message({ type: 'ai', content: 'Welcome to Lisbon crew!', sender: { ...ben, id: 'vowa' } }),
      message({
        type: 'system',
        content: 'Ben joined the group',
        card: { type: 'member_joined', userId: 'u2', name: 'Ben' },
      }),
      message({ content: '<script>alert(1)</script>' }),
      message({ content: 'Mine', sender: { id: 'u1', name: 'Ada', avatar: null } }),
    ]);
    renderPage();
    await openGroup();
    expect(await within(log()).findByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(within(log()).getByText('Ben said:')).toBeInTheDocument();
    expect(within(log()).getByText('Vowa said:')).toBeInTheDocument();
    expect(within(log()).getByText('Ben joined the group')).toBeInTheDocument();
    expect(within(log()).getByText('You said:')).toBeInTheDocument();
    expect(composer()).toHaveAttribute(
      'placeholder',
      'Type a message... Use @vowa to ask AI for help',
    );
    expect(screen.getByRole('button', { name: 'Show the members' })).toHaveTextContent('3 members');
  });

  it('shows a message at once, and retries a failed send with the same client id', async () => {
    const stored = message({
      content: 'See you in May',
      sender: { id: 'u1', name: 'Ada', avatar: null },
    });
    let attempts = 0;
    const { calls } = serve([], {
      [`POST /llm/groups/${group.id}/messages`]: (call) => {
        attempts += 1;
        if (attempts === 1)
          return jsonResponse(503, { detail: 'Down', code: 'service_unavailable' });
        const clientId = (call.body as { client_id: string }).client_id;
        return jsonResponse(201, { ...stored, clientId });
      },
    });
    renderPage();
    await openGroup();
    await userEvent.type(composer(), 'See you in May{Enter}');
    expect(within(log()).getByText('See you in May')).toBeInTheDocument();
    expect(await screen.findByText('Not sent.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).not.toBeInTheDocument());
    expect(within(log()).getAllByText('See you in May')).toHaveLength(1);
    const sends = calls.filter((call) => call.path === `/llm/groups/${group.id}/messages`);
    expect(sends).toHaveLength(2);
    const ids = sends.map((call) => (call.body as { client_id: string }).client_id);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(sends[0]!.body).toMatchObject({ content: 'See you in May' });
  });

  it('takes live messages, typing and the assistant’s progress from the link, and catches up after a reconnect', async () => {
    const first = message({ content: 'First' });
    const thread = [first];
    const { calls } = serve(thread);
    const { live, typing } = renderPage();
    await openGroup();
    await within(log()).findByText('First');

    live.emit({ type: 'typing', conversationId: group.id, userId: 'u2', name: 'Ben' });
    expect(await screen.findByText('Ben is typing…')).toBeInTheDocument();
    const hello = message({ content: 'Hello @vowa' });
    live.emit({ type: 'message', conversationId: group.id, message: hello });
    // Twice (a replay): shown once.
    live.emit({ type: 'message', conversationId: group.id, message: hello });
    expect(await within(log()).findByText('Hello @vowa')).toBeInTheDocument();
    expect(within(log()).getAllByText('Hello @vowa')).toHaveLength(1);
    expect(screen.queryByText('Ben is typing…')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/read'))?.body).toEqual({ seq: hello.seq }),
    );
    // Another group's message is not this thread's.
    live.emit({
      type: 'message',
      conversationId: 'other',
      message: message({ content: 'Elsewhere' }),
    });

    live.emit({ type: 'assistant', conversationId: group.id, status: 'thinking' });
    expect(await screen.findByText('Vowa is thinking...')).toBeInTheDocument();
    const answer = message({
      type: 'ai',
      content: 'Here are flights',
      sender: { ...ben, id: 'vowa' },
    });
    live.emit({ type: 'message', conversationId: group.id, message: answer });
    await within(log()).findByText('Here are flights');
    expect(screen.queryByText('Vowa is thinking...')).not.toBeInTheDocument();

    const missed = message({ content: 'Said while you were away' });
    thread.push(hello, answer, missed);
    live.emit({ type: 'reconnected' });
    expect(await within(log()).findByText('Said while you were away')).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes(`after=${answer.seq}`))).toBe(true);
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();

    await userEvent.type(composer(), 'ok');
    expect(typing).toHaveBeenCalledWith(group.id);
  });
});

describe('Create New Group', () => {
  it('creates a named group and opens it; Create is disabled while the name is blank', async () => {
    const created = conversation({ name: 'Tokyo trip', type: 'group' });
    const { calls } = serve([], {
      'POST /llm/groups': () => jsonResponse(201, created),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Group' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Group name' }), '   ');
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Group name' }), 'Tokyo trip');
    await userEvent.click(create);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create New Group' })).not.toBeInTheDocument(),
    );
    expect(calls.find((call) => call.path === '/llm/groups')?.body).toEqual({ name: 'Tokyo trip' });
    expect(await screen.findByRole('heading', { name: 'Tokyo trip' })).toBeInTheDocument();
  });

  it('opens from /chat?group=true and closes with Cancel', async () => {
    serve([]);
    renderWithApp(<ChatPage dialogs={dialogs} />, {
      path: '/chat',
      initialEntry: '/chat?group=true',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Group' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the members panel', () => {
  it('shows roles and who is online, lets the owner remove a member, and anyone leave', async () => {
    const { calls } = serve([]);
    renderPage();
    await openGroup();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the members' }));
    const panel = await screen.findByRole('dialog', { name: 'Members' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Owner')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Ben' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Ben?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === `/llm/groups/${group.id}/members/u2`),
      ).toBe(true),
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Leave group' }));
    const leave = await screen.findByRole('alertdialog', { name: 'Leave this group?' });
    await userEvent.click(within(leave).getByRole('button', { name: 'Leave group' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === `/llm/groups/${group.id}/members/me`),
      ).toBe(true),
    );
  });

  it('offers a member no Remove', async () => {
    serve([]);
    const asMember = { ...group, role: 'member' as const };
    mockFetch((call) =>
      call.path === '/llm/conversations'
        ? jsonResponse(200, { conversations: [asMember] })
        : call.path === '/auth/users/me'
          ? jsonResponse(200, sampleUser)
          : call.path.endsWith('/members')
            ? jsonResponse(200, { members })
            : jsonResponse(200, { conversation: asMember, messages: [], hasMore: false }),
    );
    renderPage();
    await openGroup();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the members' }));
    const panel = await screen.findByRole('dialog', { name: 'Members' });
    await within(panel).findAllByRole('listitem');
    expect(within(panel).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
