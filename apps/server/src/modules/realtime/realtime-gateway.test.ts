import { REALTIME_PATH, type AuthenticateAck } from '@vowa/shared/realtime/live-events';
import { decodeJwt, SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  linkSandboxBank,
  LISTS,
  person,
  sampleItem,
  shareAndAccept,
  verifiedPerson,
  type Person,
} from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => t.close());

/** A browser's live connection, as apps/web opens it: WebSocket only, the token in `auth`. */
function open(url: string, token: string | undefined): Socket {
  const socket = connect(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: Socket): Promise<{ message: string; data?: unknown }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the handshake was accepted')));
    socket.once('connect_error', (error) => resolve(error as { message: string; data?: unknown }));
  });
}

function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/**
 * Expects `socket` (the connection of `listener`) to hear exactly `topics` while `change` runs.
 * Events reach a connection in the order they were emitted (through one Redis stream when Redis
 * is configured), so a change `listener` makes afterwards is a marker: once its event arrives,
 * everything the change announced has arrived, and nothing else will.
 */
async function expectToHear(
  socket: Socket,
  listener: Person,
  change: () => Promise<unknown>,
  topics: string[],
) {
  const received: string[] = [];
  const record = (topic: string) => received.push(topic);
  socket.on('changed', record);
  try {
    await change();
    const marker = await as(t.app, listener).put('/api/user_management/settings', {});
    expect(marker.statusCode).toBe(200);
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(topics.length + 1);
    expect(received).toEqual([...topics, 'settings']);
  } finally {
    socket.off('changed', record);
  }
}

/** A page's first connection, naming how long ago it started; what it hears from the start. */
async function openPage(token: string, changedWithinMs: unknown) {
  const page = connect(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token, changedWithinMs },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(page);
  const heard: string[] = [];
  // Listening before the handshake: the replay follows it at once.
  page.on('changed', (topic: string) => heard.push(topic));
  await connected(page);
  return { page, heard };
}

async function signedInSocket(token: string) {
  const socket = open(base, token);
  await connected(socket);
  return socket;
}

describe('the realtime handshake', () => {
  it('refuses a connection without a token, with a forged one, or with an expired one', async () => {
    const someone = await person(t.app);
    const forged = someone.accessToken.slice(0, -4) + 'AAAA';
    const expired = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(someone.id)
      .setIssuer('vowa')
      .setAudience('vowa-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(JWT_SECRET));
    for (const token of [undefined, '', 'not-a-jwt', forged, expired]) {
      const error = await refused(open(base, token));
      expect(error.data).toEqual({ code: 'session_expired' });
    }
  });

  it('refuses the token of a sign-in that has ended', async () => {
    const someone = await person(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: someone.refreshToken },
    });
    const error = await refused(open(base, someone.accessToken));
    expect(error.data).toEqual({ code: 'session_expired' });
  });
});

describe('live changes', () => {
  it("reach the person's other devices, and nobody else's", async () => {
    const ada = await person(t.app, 'Ada');
    const adaPhone = { ...ada, accessToken: await signUpAndInAgain(ada) };
    const stranger = await person(t.app, 'Stranger');
    const laptop = await signedInSocket(ada.accessToken);
    const strangers = await signedInSocket(stranger.accessToken);
    const fromPhone = as(t.app, adaPhone);
    const changes = async () => {
      const settings = { account: { language: 'de' } };
      expect((await fromPhone.put('/api/user_management/settings', settings)).statusCode).toBe(200);
      const budget = { autoBookingEnabled: false };
      expect((await fromPhone.put('/api/finance/budget_settings', budget)).statusCode).toBe(200);
    };
    await expectToHear(laptop, ada, changes, ['settings', 'finance']);
    await expectToHear(strangers, stranger, changes, []);
  });

  it("tell the person's other devices when a bank is connected or disconnected", async () => {
    const ada = await verifiedPerson(t, 'Ada');
    const laptop = await signedInSocket(ada.accessToken);
    const fromPhone = as(t.app, { ...ada, accessToken: await signUpAndInAgain(ada) });
    await expectToHear(
      laptop,
      ada,
      async () => {
        expect((await linkSandboxBank(fromPhone, ada)).statusCode).toBe(200);
      },
      ['finance'],
    );
    await expectToHear(
      laptop,
      ada,
      async () => {
        expect((await fromPhone.post('/api/plaid/disconnect')).statusCode).toBe(200);
      },
      ['finance'],
    );
  });

  it('announce nothing for reads and refused changes', async () => {
    const ada = await person(t.app, 'Ada');
    const laptop = await signedInSocket(ada.accessToken);
    const who = as(t.app, ada);
    const reads = async () => {
      await who.get('/api/user_management/settings');
      const refused = await who.put('/api/user_management/settings', {
        account: { language: 'xx' },
      });
      expect(refused.statusCode).toBe(422);
    };
    await expectToHear(laptop, ada, reads, []);
  });

  it('reach everyone a shared bucket list is shared with, and the person removed from it', async () => {
    const owner = await verifiedPerson(t, 'Owner');
    const friend = await verifiedPerson(t, 'Friend');
    const created = await as(t.app, owner).post(LISTS, { name: 'Fjords' });
    const listId = (created.json() as { id: string }).id;
    await shareAndAccept(t.app, owner, listId, friend);
    const friendsPhone = await signedInSocket(friend.accessToken);
    const byOwner = as(t.app, owner);

    await expectToHear(
      friendsPhone,
      friend,
      () => byOwner.post(`${LISTS}/${listId}/items`, sampleItem),
      ['bucket-lists'],
    );
    await expectToHear(
      friendsPhone,
      friend,
      () => byOwner.delete(`${LISTS}/${listId}/shares/${friend.id}`),
      ['bucket-lists'],
    );
    // No longer shared: the owner's next change is none of the friend's business.
    await expectToHear(
      friendsPhone,
      friend,
      () => byOwner.patch(`${LISTS}/${listId}`, { name: 'Norway' }),
      [],
    );
  });
});

// The default, in-process adapter. Through Redis the same recovery depends on Redis answering:
// while it is degraded, events stay on their instance and a reconnecting tab reads again instead
// (the web's catch-up), which a loaded test machine can trigger at any moment.
describe('a dropped connection', () => {
  let own: TestApp;
  let ownBase: string;
  beforeAll(async () => {
    own = await createTestApp({ REDIS_URL: undefined });
    ownBase = await own.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => own?.close());

  it("tell a page's first connection what changed since the page started, and only that", async () => {
    const ada = await person(t.app, 'Ada');
    const stranger = await person(t.app, 'Stranger');
    // Changed elsewhere after this page read its data, before its link came up.
    expect((await as(t.app, ada).put('/api/finance/budget_settings', {})).statusCode).toBe(200);
    expect((await as(t.app, stranger).put('/api/user_management/settings', {})).statusCode).toBe(
      200,
    );

    const { heard } = await openPage(ada.accessToken, 10_000);
    // A connection that names no start (a reconnect) is told nothing of the past; the marker
    // change on the first one shows the replay came before anything live.
    const later = await signedInSocket(ada.accessToken);
    const laterHeard: string[] = [];
    later.on('changed', (topic) => laterHeard.push(topic));
    expect((await as(t.app, ada).put('/api/user_management/settings', {})).statusCode).toBe(200);
    await expect.poll(() => laterHeard).toEqual(['settings']);
    await expect.poll(() => heard).toEqual(['finance', 'settings']);
  });

  it('ignore a start outside the window', async () => {
    const ada = await person(t.app, 'Ada');
    expect((await as(t.app, ada).put('/api/finance/budget_settings', {})).statusCode).toBe(200);
    for (const changedWithinMs of [-1, 10 * 60_000, Number.NaN, '5000']) {
      const { page, heard } = await openPage(ada.accessToken, changedWithinMs);
      await expectToHear(page, ada, async () => undefined, []);
      expect(heard).toEqual(['settings']);
    }
  });

  it('comes back within the recovery window with the changes it missed', async () => {
    const ada = await person(own.app, 'Ada');
    const socket = connect(ownBase, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: ada.accessToken },
      forceNew: true,
      // Long enough for the change below to happen while it is away.
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    await connected(socket);
    const heard: string[] = [];
    socket.on('changed', (topic) => heard.push(topic));
    // Recovery resumes from the last event the connection received.
    expect((await as(own.app, ada).put('/api/finance/budget_settings', {})).statusCode).toBe(200);
    await expect.poll(() => heard).toEqual(['finance']);

    const away = disconnected(socket);
    // The network drops the link: the WebSocket closes under both ends, without a goodbye.
    (socket.io.engine.transport as unknown as { ws: { close: () => void } }).ws.close();
    expect(await away).toBe('transport close');
    expect((await as(own.app, ada).put('/api/user_management/settings', {})).statusCode).toBe(200);

    await connected(socket);
    expect(socket.recovered).toBe(true);
    await expect.poll(() => heard).toEqual(['finance', 'settings']);
  });
});

describe('ended sign-ins', () => {
  it('lose their connections at once when signed out everywhere else', async () => {
    const ada = await person(t.app, 'Ada');
    const phoneToken = await signUpAndInAgain(ada);
    const laptop = await signedInSocket(ada.accessToken);
    const phone = await signedInSocket(phoneToken);
    const laptopGone = disconnected(laptop);
    const ended = await as(t.app, { ...ada, accessToken: phoneToken }).post(
      '/api/auth/sessions/revoke_others',
    );
    expect(ended.statusCode).toBe(200);
    expect(await laptopGone).toBe('io server disconnect');
    expect(phone.connected).toBe(true);
  });

  it('lose their connection when signing out', async () => {
    const ada = await person(t.app, 'Ada');
    const laptop = await signedInSocket(ada.accessToken);
    const gone = disconnected(laptop);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: ada.refreshToken },
    });
    expect(await gone).toBe('io server disconnect');
  });
});

describe('re-authentication', () => {
  it('closes a connection whose token expires without a fresh one', async () => {
    const ada = await person(t.app, 'Ada');
    // A token of Ada's live sign-in that expires in two seconds, signed as the server signs.
    const { sid } = decodeJwt(ada.accessToken);
    const shortLived = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(ada.id)
      .setIssuer('vowa')
      .setAudience('vowa-api')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const laptop = await signedInSocket(shortLived);
    expect(await disconnected(laptop)).toBe('io server disconnect');
  });

  it('accepts a refreshed token of the same sign-in, not one of another', async () => {
    const ada = await person(t.app, 'Ada');
    const laptop = await signedInSocket(ada.accessToken);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      cookies: { refresh_token: ada.refreshToken },
    });
    const freshToken = (refreshed.json() as { access_token: string }).access_token;
    expect(await laptop.emitWithAck('authenticate', freshToken)).toEqual<AuthenticateAck>({
      ok: true,
    });
    const otherSignIn = await signUpAndInAgain(ada);
    for (const token of [otherSignIn, 'not-a-jwt', '']) {
      expect(await laptop.emitWithAck('authenticate', token)).toEqual<AuthenticateAck>({
        ok: false,
        code: 'session_expired',
      });
    }
    // Refused renewals do not end the connection: its own token still holds.
    expect(laptop.connected).toBe(true);
  });
});

/** A second sign-in of the same account (another device); returns its access token. */
async function signUpAndInAgain(who: { email: string; password: string }) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password: who.password },
  });
  return (login.json() as { access_token: string }).access_token;
}
