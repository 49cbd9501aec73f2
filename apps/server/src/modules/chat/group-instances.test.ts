import type { ChatMessage, Conversation } from '@vowa/shared/assistant/assistant-schemas';
import {
  REALTIME_PATH,
  type GroupMessageEvent,
  type GroupTypingEvent,
} from '@vowa/shared/realtime/live-events';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Two servers on one PostgreSQL database and one Redis: a group message sent through A reaches
// members connected to B, membership changes made on A move B's sockets in and out of the room,
// and typing on B reaches a member on A.
const scaledOut =
  Boolean(process.env.DATABASE_URL?.startsWith('postgres')) && Boolean(process.env.REDIS_URL);

describe.runIf(scaledOut)('groups on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  const urls: Record<'a' | 'b', string> = { a: '', b: '' };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestApp({ GROUP_MESSAGE_RATE_LIMIT_MAX: '1000' }),
      createTestApp({ GROUP_MESSAGE_RATE_LIMIT_MAX: '1000' }),
    ]);
    [urls.a, urls.b] = await Promise.all([
      a.app.listen({ port: 0, host: '127.0.0.1' }),
      b.app.listen({ port: 0, host: '127.0.0.1' }),
    ]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  async function online(instance: 'a' | 'b', who: Person) {
    const socket = connect(urls[instance], {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: who.accessToken },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  // Each adapter reads the stream from a moment after it starts: wait until a change crosses
  // both ways before testing what crosses (as realtime-instances.test.ts does).
  beforeAll(async () => {
    const probe = await person(a.app, 'Probe');
    const [onA, onB] = await Promise.all([online('a', probe), online('b', probe)]);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const crossed = (socket: Socket) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 1000);
          socket.once('changed', () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
      const both = Promise.all([crossed(onA), crossed(onB)]);
      await as(a.app, probe).put('/api/user_management/settings', {});
      await as(b.app, probe).put('/api/user_management/settings', {});
      if ((await both).every(Boolean)) return;
    }
    throw new Error('no change crossed between A and B');
  }, 60_000);

  async function send(who: Person, groupId: string, content: string) {
    const sent = await as(a.app, who).post(`/api/llm/groups/${groupId}/messages`, {
      content,
      client_id: crypto.randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
  }

  const heardBy = (socket: Socket) => {
    const texts: string[] = [];
    socket.on('group_message', ({ message }: GroupMessageEvent) =>
      texts.push((message as ChatMessage).content),
    );
    return texts;
  };

  it('delivers messages sent on A to members on B, and stops after they leave', async () => {
    const [ada, ben] = await Promise.all([person(a.app, 'Ada'), person(a.app, 'Ben')]);
    const group = (
      await as(a.app, ada).post('/api/llm/groups', { name: 'Crew' })
    ).json() as Conversation;
    const benOnB = heardBy(await online('b', ben));
    // Joined on A after B's socket connected: B's socket is moved into the room through Redis.
    await a.app.groups.joinGroup(group.id, ben.id);
    await send(ada, group.id, 'hello from A');
    await expect.poll(() => benOnB).toEqual(['Ben joined the group', 'hello from A']);

    expect((await as(a.app, ben).delete(`/api/llm/groups/${group.id}/members/me`)).statusCode).toBe(
      204,
    );
    await send(ada, group.id, 'after Ben left');
    // A later event for Ben alone arrives after anything the room would have sent him.
    const marker = new Promise((resolve) => sockets.at(-1)!.once('changed', resolve));
    await as(a.app, ben).put('/api/user_management/settings', {});
    expect(await marker).toBe('settings');
    expect(benOnB).toEqual(['Ben joined the group', 'hello from A']);
  });

  it('relays typing on B to a member on A', async () => {
    const [ada, ben] = await Promise.all([person(a.app, 'Ada'), person(a.app, 'Ben')]);
    const group = (
      await as(a.app, ada).post('/api/llm/groups', { name: 'Crew' })
    ).json() as Conversation;
    await a.app.groups.joinGroup(group.id, ben.id);
    const adaOnA = await online('a', ada);
    const benOnB = await online('b', ben);
    const typing = new Promise<GroupTypingEvent>((resolve) => adaOnA.once('group_typing', resolve));
    benOnB.emit('group_typing', group.id);
    expect(await typing).toEqual({ conversationId: group.id, userId: ben.id, name: 'Ben' });
  });
});
