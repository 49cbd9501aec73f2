import type {
  ChatMessage,
  Conversation,
  MessagesResponse,
} from '@vowa/shared/assistant/assistant-schemas';
import type { GroupMember } from '@vowa/shared/groups/group-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GROUP_MESSAGE_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => t.close());

const GROUPS = '/api/llm/groups';
const messagesOf = (id: string, query = '') => `/api/llm/conversations/${id}/messages${query}`;

async function createGroup(owner: Person, name = 'Lisbon crew') {
  const created = await as(t.app, owner).post(GROUPS, { name });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Conversation;
}

/** Adds `who` as the invite module does when they redeem an invitation. */
async function join(groupId: string, who: Person) {
  return t.app.groups.joinGroup(groupId, who.id);
}

async function send(who: Person, groupId: string, content: string, clientId = crypto.randomUUID()) {
  return as(t.app, who).post(`${GROUPS}/${groupId}/messages`, { content, client_id: clientId });
}

async function read(who: Person, groupId: string, query = '') {
  const page = await as(t.app, who).get(messagesOf(groupId, query));
  expect(page.statusCode, page.body).toBe(200);
  return page.json() as MessagesResponse;
}

async function membersOf(who: Person, groupId: string) {
  const answer = await as(t.app, who).get(`${GROUPS}/${groupId}/members`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { members: GroupMember[] }).members;
}

/** A group of Ada (owner), Ben and Cy. */
async function trio() {
  const [ada, ben, cy] = await Promise.all([
    person(t.app, 'Ada'),
    person(t.app, 'Ben'),
    person(t.app, 'Cy'),
  ]);
  const group = await createGroup(ada);
  await join(group.id, ben);
  await join(group.id, cy);
  return { ada, ben, cy, group };
}

describe('POST /api/llm/groups', () => {
  it('makes the creator the only member and owner, with the assistant welcome', async () => {
    const ada = await person(t.app, 'Ada');
    const group = await createGroup(ada, '  Lisbon crew  ');
    expect(group).toMatchObject({ name: 'Lisbon crew', type: 'group', memberCount: 1 });
    expect(group.role).toBe('owner');
    expect(group.unreadCount).toBe(0);
    const page = await read(ada, group.id);
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({ type: 'ai', sender: { id: 'vowa' } });
    expect(page.messages[0]!.content).toContain('@vowa');
    const members = await membersOf(ada, group.id);
    expect(members).toEqual([expect.objectContaining({ id: ada.id, name: 'Ada', role: 'owner' })]);
  });

  it('refuses a blank or too long name, and guests', async () => {
    const ada = await person(t.app);
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      expect((await as(t.app, ada).post(GROUPS, { name })).statusCode).toBe(422);
    }
    expect((await as(t.app, null).post(GROUPS, { name: 'Crew' })).statusCode).toBe(401);
  });

  it('lists the group with its member count for each member', async () => {
    const { ben, group } = await trio();
    const list = (await as(t.app, ben).get('/api/llm/conversations')).json() as {
      conversations: Conversation[];
    };
    expect(list.conversations.find((c) => c.id === group.id)).toMatchObject({
      type: 'group',
      memberCount: 3,
      role: 'member',
    });
  });
});

describe('group membership', () => {
  it('gives a stranger 404 for everything of a group', async () => {
    const { group } = await trio();
    const stranger = await person(t.app, 'Stranger');
    const api = as(t.app, stranger);
    const answers = await Promise.all([
      api.get(`${GROUPS}/${group.id}/members`),
      api.get(messagesOf(group.id)),
      send(stranger, group.id, 'let me in'),
      api.patch(`/api/llm/conversations/${group.id}`, { name: 'Mine' }),
      api.delete(`${GROUPS}/${group.id}/members/me`),
      api.post(`/api/llm/conversations/${group.id}/read`, { seq: 1 }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'conversation_not_found' });
    }
  });

  it('posts a card when someone joins, once however often they join', async () => {
    const { ada, ben, group } = await trio();
    await join(group.id, ben);
    const cards = (await read(ada, group.id)).messages.filter((m) => m.type === 'system');
    expect(cards.map((m) => m.card)).toEqual([
      { type: 'member_joined', userId: ben.id, name: 'Ben' },
      expect.objectContaining({ type: 'member_joined', name: 'Cy' }),
    ]);
    expect(cards[0]!.content).toBe('Ben joined the group');
  });

  it('lets only the owner remove members: others get 403', async () => {
    const { ada, ben, cy, group } = await trio();
    const refused = await as(t.app, ben).delete(`${GROUPS}/${group.id}/members/${cy.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'group_owner_only' });

    const removed = await as(t.app, ada).delete(`${GROUPS}/${group.id}/members/${cy.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await membersOf(ada, group.id)).map((m) => m.id)).toEqual([ada.id, ben.id]);
    expect((await as(t.app, cy).get(messagesOf(group.id))).statusCode).toBe(404);
    const last = (await read(ben, group.id)).messages.at(-1)!;
    expect(last).toMatchObject({
      type: 'system',
      card: { type: 'member_removed', userId: cy.id, name: 'Cy' },
      sender: { id: ada.id },
    });
    const again = await as(t.app, ada).delete(`${GROUPS}/${group.id}/members/${cy.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('passes the owner role on when the owner leaves, and deletes the group with the last one', async () => {
    const { ada, ben, cy, group } = await trio();
    expect((await as(t.app, ada).delete(`${GROUPS}/${group.id}/members/me`)).statusCode).toBe(204);
    const members = await membersOf(ben, group.id);
    expect(members.map((m) => [m.id, m.role])).toEqual([
      [ben.id, 'owner'],
      [cy.id, 'member'],
    ]);
    expect((await read(cy, group.id)).messages.at(-1)!.card).toEqual({
      type: 'member_left',
      userId: ada.id,
      name: 'Ada',
    });
    // The new owner may remove; the one who left sees nothing of it any more.
    expect((await as(t.app, ada).get(messagesOf(group.id))).statusCode).toBe(404);
    expect((await as(t.app, ben).delete(`${GROUPS}/${group.id}/members/${cy.id}`)).statusCode).toBe(
      204,
    );
    // Deleting a group from your list is leaving it.
    expect((await as(t.app, ben).delete(`/api/llm/conversations/${group.id}`)).statusCode).toBe(
      204,
    );
    expect(await t.app.groups.groupsOf(ben.id)).not.toContain(group.id);
    expect(
      (await t.app.groups.joinGroup(group.id, ada.id).catch((e: Error) => e)) instanceof Error,
    ).toBe(true);
  });

  it('lets any member rename the group, with a card for everyone', async () => {
    const { ada, ben, group } = await trio();
    const renamed = await as(t.app, ben).patch(`/api/llm/conversations/${group.id}`, {
      name: 'Porto instead',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Porto instead', role: 'member' });
    const last = (await read(ada, group.id)).messages.at(-1)!;
    expect(last).toMatchObject({
      type: 'system',
      content: 'The group was renamed to Porto instead',
      card: { type: 'renamed', name: 'Porto instead' },
    });
  });

  it('shows online status only of those who show it', async () => {
    const { ada, ben, group } = await trio();
    const hidden = await as(t.app, ben).put('/api/user_management/settings', {
      privacy: { showOnlineStatus: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const members = await membersOf(ada, group.id);
    expect(members.find((m) => m.id === ada.id)!.isOnline).toBe(true);
    expect(members.find((m) => m.id === ben.id)!.isOnline).toBeNull();
  });
});

describe('POST /api/llm/groups/:id/messages', () => {
  it('stores a message once per client id: 201, then 200 with the same message', async () => {
    const { ada, ben, group } = await trio();
    const clientId = crypto.randomUUID();
    const first = await send(ben, group.id, 'Shall we go in May?', clientId);
    expect(first.statusCode).toBe(201);
    const message = first.json() as ChatMessage;
    expect(message).toMatchObject({
      type: 'user',
      content: 'Shall we go in May?',
      clientId,
      card: null,
      sender: { id: ben.id, name: 'Ben' },
    });
    const retry = await send(ben, group.id, 'Shall we go in May?', clientId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(message);
    // The same client id from someone else is their own message.
    expect((await send(ada, group.id, 'Yes', clientId)).statusCode).toBe(201);
    const said = (await read(ada, group.id)).messages.filter((m) => m.type === 'user');
    expect(said.map((m) => m.content)).toEqual(['Shall we go in May?', 'Yes']);
  });

  it('never doubles a message sent many times at once', async () => {
    const { ben, group } = await trio();
    const clientId = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send(ben, group.id, 'once', clientId)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => (answer.json() as ChatMessage).id));
    expect(ids.size).toBe(1);
    const said = (await read(ben, group.id)).messages.filter((m) => m.content === 'once');
    expect(said).toHaveLength(1);
  });

  it('hands a message that mentions @vowa to the assistant, once', async () => {
    const { ben, group } = await trio();
    const asked: { conversationId: string; askedBy: string; content: string }[] = [];
    t.app.groups.setAnswerMention(({ conversationId, askedBy, message }) =>
      asked.push({ conversationId, askedBy, content: message.content }),
    );
    const clientId = crypto.randomUUID();
    await send(ben, group.id, 'Hey @Vowa, flights to Lisbon?', clientId);
    await send(ben, group.id, 'Hey @Vowa, flights to Lisbon?', clientId);
    await send(ben, group.id, 'ask @vowabot instead');
    await send(ben, group.id, 'no mention here');
    expect(asked).toEqual([
      { conversationId: group.id, askedBy: ben.id, content: 'Hey @Vowa, flights to Lisbon?' },
    ]);
  });

  it('refuses blank, too long and id-less messages', async () => {
    const { ben, group } = await trio();
    for (const body of [
      { content: '  ', client_id: crypto.randomUUID() },
      { content: 'x'.repeat(2001), client_id: crypto.randomUUID() },
      { content: 'hello' },
      { content: 'hello', client_id: 'not-a-uuid' },
    ]) {
      const answer = await as(t.app, ben).post(`${GROUPS}/${group.id}/messages`, body);
      expect(answer.statusCode).toBe(422);
    }
  });

  it('keeps a script as text', async () => {
    const { ada, ben, group } = await trio();
    const script = '<script>alert(1)</script>';
    expect((await send(ben, group.id, script)).statusCode).toBe(201);
    expect((await read(ada, group.id)).messages.at(-1)!.content).toBe(script);
  });

  it('counts unread messages for the others, and marks them read', async () => {
    const { ada, ben, group } = await trio();
    await read(ada, group.id);
    await send(ben, group.id, 'one');
    const sent = (await send(ben, group.id, 'two')).json() as ChatMessage;
    const listed = async (who: Person) =>
      (
        (await as(t.app, who).get('/api/llm/conversations')).json() as {
          conversations: Conversation[];
        }
      ).conversations.find((c) => c.id === group.id)!;
    expect(await listed(ada)).toMatchObject({ unreadCount: 2, lastMessage: 'two' });
    expect((await listed(ben)).unreadCount).toBe(0);
    const marked = await as(t.app, ada).post(`/api/llm/conversations/${group.id}/read`, {
      seq: sent.seq,
    });
    expect(marked.statusCode).toBe(204);
    expect((await listed(ada)).unreadCount).toBe(0);
  });

  it('refuses a group message through the assistant chat call', async () => {
    const { ben, group } = await trio();
    const answer = await as(t.app, ben).post('/api/llm/chat', {
      message: 'hello',
      conversation_id: group.id,
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('GET messages ?after= (catch-up)', () => {
  it('returns what came after a seq, oldest first, a page at a time', async () => {
    const { ada, ben, group } = await trio();
    const seen = (await read(ada, group.id)).messages.at(-1)!.seq;
    for (const text of ['a', 'b', 'c']) await send(ben, group.id, text);
    const first = await read(ada, group.id, `?after=${seen}&limit=2`);
    expect(first.messages.map((m) => m.content)).toEqual(['a', 'b']);
    expect(first.hasMore).toBe(true);
    const rest = await read(ada, group.id, `?after=${first.messages.at(-1)!.seq}&limit=2`);
    expect(rest.messages.map((m) => m.content)).toEqual(['c']);
    expect(rest.hasMore).toBe(false);
  });

  it('pages back with before', async () => {
    const { ada, ben, group } = await trio();
    for (const text of ['1', '2', '3', '4']) await send(ben, group.id, text);
    const newest = await read(ada, group.id, '?limit=2');
    expect(newest.messages.map((m) => m.content)).toEqual(['3', '4']);
    const older = await read(ada, group.id, `?limit=2&before=${newest.messages[0]!.seq}`);
    expect(older.messages.map((m) => m.content)).toEqual(['1', '2']);
  });
});

describe('the send rate limit', () => {
  it('answers 429 after GROUP_MESSAGE_RATE_LIMIT_MAX messages a minute', async () => {
    const limited = await createTestApp({ GROUP_MESSAGE_RATE_LIMIT_MAX: '2' });
    try {
      const ada = await person(limited.app, 'Ada');
      const created = await as(limited.app, ada).post(GROUPS, { name: 'Crew' });
      const id = (created.json() as Conversation).id;
      const post = () =>
        as(limited.app, ada).post(`${GROUPS}/${id}/messages`, {
          content: 'hi',
          client_id: crypto.randomUUID(),
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
