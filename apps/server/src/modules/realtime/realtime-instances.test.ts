import { REALTIME_PATH } from '@vowa/shared/realtime/live-events';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Two servers on one PostgreSQL database and one Redis, as a scaled-out deployment runs: the
// Redis Streams adapter carries what one instance emits to connections held by the other.
const scaledOut =
  Boolean(process.env.DATABASE_URL?.startsWith('postgres')) && Boolean(process.env.REDIS_URL);

describe.runIf(scaledOut)('two instances on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urlOfB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    urlOfB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  async function connectedToB(
    token: string,
    replay?: { changedWithinMs: number; heard: string[] },
  ) {
    const socket = connect(urlOfB, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token, changedWithinMs: replay?.changedWithinMs },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    // Listening before the handshake: the replay follows it at once.
    if (replay) socket.on('changed', (topic: string) => replay.heard.push(topic));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  // B's adapter starts reading the stream a moment after B starts, and a stream read sees only
  // what is added after it begins: wait until a change crosses before testing what crosses.
  beforeAll(async () => {
    const probe = await person(a.app, 'Probe');
    const socket = await connectedToB(probe.accessToken);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const crossed = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 1000);
        socket.once('changed', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      await as(a.app, probe).put('/api/user_management/settings', {});
      if (await crossed) return;
    }
    throw new Error('no change crossed from A to B');
  }, 60_000);

  it('delivers a change made on A to a connection on B', async () => {
    const ada = await person(a.app, 'Ada');
    const laptop = await connectedToB(ada.accessToken);
    const arrived = new Promise((resolve) => laptop.once('changed', resolve));
    const saved = await as(a.app, ada).put('/api/user_management/settings', {
      account: { currency: 'EUR' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await arrived).toBe('settings');
  });

  it("tells a page's first connection on B what changed on A since the page started", async () => {
    const ada = await person(a.app, 'Ada');
    expect((await as(a.app, ada).put('/api/finance/budget_settings', {})).statusCode).toBe(200);
    const heard: string[] = [];
    await connectedToB(ada.accessToken, { changedWithinMs: 10_000, heard });
    await expect.poll(() => heard).toEqual(['finance']);
  });

  it('closes a connection on B when its sign-in ends on A', async () => {
    const ada = await person(a.app, 'Ada');
    const laptop = await connectedToB(ada.accessToken);
    const gone = new Promise((resolve) => laptop.once('disconnect', resolve));
    await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: ada.refreshToken },
    });
    expect(await gone).toBe('io server disconnect');
  });
});
