import type { ChatMessage, Conversation } from '@vowa/shared/assistant/assistant-schemas';
import {
  REALTIME_PATH,
  type GroupMessageEvent,
  type GroupTypingEvent,
} from '@vowa/shared/realtime/live-events';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ GROUP_MESSAGE_RATE_LIMIT_MAX: '1000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => t.close());

async function online(who: Person): Promise<Socket> {
  const socket = connect(base, {
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

/** Everything of the groups a socket hears, in the order it arrives. */
function record(socket: Socket) {
  const heard: { event: string; text: string }[] = [];
  socket.on('group_message', ({ message }: GroupMessageEvent) =>
    heard.push({ event: 'message', text: (message as ChatMessage).content }),
  );
  socket.on('group_typing', ({ name }: GroupTypingEvent) =>
    heard.push({ event: 'typing', text: name }),
  );
  socket.on(
    'changed',
    (topic: string) => topic === 'settings' && heard.push({ event: 'marker', text: '' }),
  );
  return heard;
}

/**
 * A change only `who` hears of: once it arrives, everything emitted before it has arrived (one
 * process, one connection: events keep their order), and nothing else will.
 */
async function marker(who: Person, heard: { event: string }[]) {
  const before = heard.filter((h) => h.event === 'marker').length;
  expect((await as(t.app, who).put('/api/user_management/settings', {})).statusCode).toBe(200);
  await expect.poll(() => heard.filter((h) => h.event === 'marker').length).toBe(before + 1);
}

async function send(who: Person, groupId: string, content: string) {
  const sent = await as(t.app, who).post(`/api/llm/groups/${groupId}/messages`, {
    content,
    client_id: crypto.randomUUID(),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json() as ChatMessage;
}

async function groupOf(owner: Person, ...others: Person[]) {
  const created = await as(t.app, owner).post('/api/llm/groups', { name: 'Crew' });
  const group = created.json() as Conversation;
  for (const other of others) await t.app.groups.joinGroup(group.id, other.id);
  return group;
}

const messages = (heard: { event: string; text: string }[]) =>
  heard.filter((h) => h.event === 'message').map((h) => h.text);

describe('group messages on live connections', () => {
  it('reach every member, the sender too, in order; a stranger hears nothing', async () => {
    const [ada, ben, stranger] = await Promise.all([
      person(t.app, 'Ada'),
      person(t.app, 'Ben'),
      person(t.app, 'Stranger'),
    ]);
    const group = await groupOf(ada, ben);
    const [adaHears, benHears, strangerHears] = (
      await Promise.all([online(ada), online(ben), online(stranger)])
    ).map(record);

    for (const text of ['one', 'two', 'three']) await send(ben, group.id, text);
    await Promise.all([
      marker(ada, adaHears!),
      marker(ben, benHears!),
      marker(stranger, strangerHears!),
    ]);
    expect(messages(adaHears!)).toEqual(['one', 'two', 'three']);
    expect(messages(benHears!)).toEqual(['one', 'two', 'three']);
    expect(strangerHears).toEqual([{ event: 'marker', text: '' }]);
  });

  it('reach a connection that was open before its person joined, and stop when they leave', async () => {
    const [ada, cy] = await Promise.all([person(t.app, 'Ada'), person(t.app, 'Cy')]);
    const group = await groupOf(ada);
    const cyHears = record(await online(cy));
    await t.app.groups.joinGroup(group.id, cy.id);
    await send(ada, group.id, 'welcome Cy');
    await expect.poll(() => messages(cyHears)).toEqual(['Cy joined the group', 'welcome Cy']);

    const left = await as(t.app, cy).delete(`/api/llm/groups/${group.id}/members/me`);
    expect(left.statusCode).toBe(204);
    await send(ada, group.id, 'after Cy left');
    await marker(cy, cyHears);
    expect(messages(cyHears)).toEqual(['Cy joined the group', 'welcome Cy']);
  });

  it('stop reaching a removed member', async () => {
    const [ada, ben] = await Promise.all([person(t.app, 'Ada'), person(t.app, 'Ben')]);
    const group = await groupOf(ada, ben);
    const [adaHears, benHears] = (await Promise.all([online(ada), online(ben)])).map(record);
    expect(
      (await as(t.app, ada).delete(`/api/llm/groups/${group.id}/members/${ben.id}`)).statusCode,
    ).toBe(204);
    await send(ada, group.id, 'just us');
    await Promise.all([marker(ada, adaHears!), marker(ben, benHears!)]);
    expect(messages(adaHears!)).toEqual(['Ben was removed from the group', 'just us']);
    expect(messages(benHears!)).toEqual([]);
  });
});

describe('typing in a group', () => {
  it('reaches the other members only, at most once per throttle window', async () => {
    const [ada, ben, stranger] = await Promise.all([
      person(t.app, 'Ada'),
      person(t.app, 'Ben'),
      person(t.app, 'Stranger'),
    ]);
    const group = await groupOf(ada, ben);
    const benLaptop = await online(ben);
    const [adaHears, benPhoneHears, strangerHears] = (
      await Promise.all([online(ada), online(ben), online(stranger)])
    ).map(record);

    benLaptop.emit('group_typing', group.id);
    benLaptop.emit('group_typing', group.id);
    // A stranger's typing into the group, and typing into nothing, go nowhere.
    sockets.at(-1)!.emit('group_typing', group.id);
    sockets.at(-1)!.emit('group_typing', 42 as unknown as string);
    await expect
      .poll(() => adaHears!.filter((h) => h.event === 'typing'))
      .toEqual([{ event: 'typing', text: 'Ben' }]);
    // Events of one connection are handled in order: once this is answered, so were the two.
    await benLaptop.timeout(5000).emitWithAck('authenticate', ben.accessToken);
    await send(ada, group.id, 'marker');
    await Promise.all([
      marker(ada, adaHears!),
      marker(ben, benPhoneHears!),
      marker(stranger, strangerHears!),
    ]);
    expect(adaHears!.filter((h) => h.event === 'typing')).toHaveLength(1);
    expect(benPhoneHears!.filter((h) => h.event === 'typing')).toEqual([]);
    expect(strangerHears!.filter((h) => h.event === 'typing')).toEqual([]);
  });
});
