import { randomInt } from 'node:crypto';
import net from 'node:net';
import { REALTIME_PATH } from '@vowa/shared/realtime/live-events';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person } from '../../test/api-helpers';
import { createTestApp, json, signUpAndIn, type TestApp } from '../../test/test-app';

/** A port nothing listens on: connections are refused. */
async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A listener that accepts connections and never answers a byte. */
async function silentListener() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const clientIp = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;

// Before short timeouts and the in-process fallback, each rate-limited request waited on Redis
// for about 10 s (refused) or for ever (silent), so these tests ran into their time limit.
describe.each([
  ['refuses connections', async () => ({ port: await refusedPort(), close: async () => {} })],
  ['accepts connections but never answers', silentListener],
])('when Redis %s', (_shape, startFault) => {
  let t: TestApp;
  let fault: { port: number; close: () => Promise<void> };

  beforeAll(async () => {
    fault = await startFault();
    t = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${fault.port}`,
      AUTH_RATE_LIMIT_MAX: '3',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fault?.close();
  });

  it('signs people in, and the limits still apply, counted in this process', async () => {
    const someone = await signUpAndIn(t.app);
    expect(someone.accessToken).toBeTruthy();

    const ip = clientIp();
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: someone.email, password },
        headers: { 'x-forwarded-for': ip },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login('wrong-password')).statusCode).toBe(401);
    }
    expect((await login('wrong-password')).statusCode).toBe(429);
  }, 30_000);

  it('reports Redis as unavailable in /api/health, and says so once in the log', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot_password',
        payload: { email: 'nobody@example.com' },
        headers: { 'x-forwarded-for': clientIp() },
      });
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(json(health)).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      redis: 'unavailable',
    });
    const notices = t.logs.filter((line) => line.includes('Redis is unavailable'));
    expect(notices).toHaveLength(1);
  }, 30_000);

  // The Socket.IO adapter used to leave Redis commands unawaited: each one rejected while Redis
  // was away, and an unhandled rejection ends the process. Emits also waited on the dead Redis.
  it('keeps live connections: changes reach them and a sign-out closes them', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const someone = await person(t.app);
    const socket = connect(base, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: someone.accessToken },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const heard = new Promise((resolve) => socket.once('changed', resolve));
      expect((await as(t.app, someone).put('/api/user_management/settings', {})).statusCode).toBe(
        200,
      );
      expect(await heard).toBe('settings');

      const closed = new Promise((resolve) => socket.once('disconnect', resolve));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { refresh_token: someone.refreshToken },
      });
      expect(await closed).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  }, 30_000);
});
