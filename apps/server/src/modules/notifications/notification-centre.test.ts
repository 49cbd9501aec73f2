import type { Booking, BookingQuoteResponse } from '@vowa/shared/bookings/booking-schemas';
import type {
  AppNotification,
  NotificationData,
  NotificationListResponse,
} from '@vowa/shared/notifications/notification-schemas';
import { REALTIME_PATH } from '@vowa/shared/realtime/live-events';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import { startPushFake, type BrowserSubscription, type PushFake } from '../../../test/push-fake';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTokenSealer } from '../../lib/token-sealer';
import { acceptsPushEndpoint } from './notification-centre';
import { createNotificationCentreRepository } from './notification-centre-repository';
import { createVapidKeys } from './vapid-keys';

// The notification centre (issue 16 §3): what happened to a person, kept for them, told to their
// open tabs, and pushed to their browsers through a real (local) Web Push service.
let clock = new Date('2026-11-21T10:00:00Z');
let t: TestApp;
let base: string;
let push: PushFake;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  push = await startPushFake();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await push.close();
  await t.close();
});

const NOTIFICATIONS = '/api/notifications';
const SETTINGS = '/api/user_management/settings';
const APP_URL = 'http://localhost:8000';

const paris = { destination: 'Paris', country: 'France', countryCode: 'FR' };
const drop = (watchId: string, amount = 1180): NotificationData<'price_drop'> => ({
  watchId,
  ...paris,
  price: { amount, currency: 'USD' },
  target: { amount: 1200, currency: 'USD' },
});
const confirmed = (bookingId: string): NotificationData<'booking_confirmed'> => ({
  bookingId,
  reference: 'VW-TEST01',
  ...paris,
  total: { amount: 2450.5, currency: 'EUR' },
  automatic: true,
});

let keys = 0;
const newKey = (label = 'n') => `${label}-${process.pid}-${(keys += 1)}`;

async function list(who: Person, before?: string): Promise<NotificationListResponse> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  const response = await as(t.app, who).get(`${NOTIFICATIONS}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as NotificationListResponse;
}

async function saveSettings(who: Person, changes: object) {
  const response = await as(t.app, who).put(SETTINGS, changes);
  expect(response.statusCode, response.body).toBe(200);
}

const tellBooking = (who: Person, bookingId = newKey('booking')) =>
  t.app.notifications.notify(who.id, 'booking_confirmed', confirmed(bookingId), {
    key: `booking_confirmed:${bookingId}`,
  });

describe('the notification list', () => {
  it('shows what happened, newest first, with the unread count; the same key twice is told once', async () => {
    const ada = await person(t.app, 'Ada Centre');
    expect(await list(ada)).toEqual({ notifications: [], unread: 0, hasMore: false });

    clock = new Date('2026-11-21T10:00:00Z');
    expect(await tellBooking(ada, 'b-1')).toBe(true);
    clock = new Date('2026-11-21T10:05:00Z');
    expect(await tellBooking(ada, 'b-2')).toBe(true);
    expect(await tellBooking(ada, 'b-1')).toBe(false);

    const { notifications, unread, hasMore } = await list(ada);
    expect(unread).toBe(2);
    expect(hasMore).toBe(false);
    expect(notifications).toEqual([
      {
        id: expect.any(String),
        kind: 'booking_confirmed',
        data: confirmed('b-2'),
        createdAt: '2026-11-21T10:05:00.000Z',
        readAt: null,
      },
      {
        id: expect.any(String),
        kind: 'booking_confirmed',
        data: confirmed('b-1'),
        createdAt: '2026-11-21T10:00:00.000Z',
        readAt: null,
      },
    ]);
  });

  it('pages by `before` without losing notifications made at the same moment', async () => {
    const bo = await person(t.app, 'Bo Pages');
    const moments = [
      { at: '2026-11-21T08:00:00.000Z', count: 5 },
      { at: '2026-11-21T09:00:00.000Z', count: 15 },
      { at: '2026-11-21T10:00:00.000Z', count: 10 },
    ];
    for (const { at, count } of moments) {
      clock = new Date(at);
      for (let index = 0; index < count; index += 1) await tellBooking(bo);
    }
    // 20 a page: the 10 newest and the first 10 of 09:00 would split 09:00, so all 15 come.
    const first = await list(bo);
    expect(first.notifications).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    expect(first.unread).toBe(30);
    const second = await list(bo, first.notifications.at(-1)!.createdAt);
    expect(second.notifications.map((each) => each.createdAt)).toEqual(
      Array(5).fill('2026-11-21T08:00:00.000Z'),
    );
    expect(second.hasMore).toBe(false);
    const ids = [...first.notifications, ...second.notifications].map((each) => each.id);
    expect(new Set(ids).size).toBe(30);

    // Distinct moments: exactly 20, then the rest.
    const cy = await person(t.app, 'Cy Pages');
    for (let minute = 0; minute < 22; minute += 1) {
      clock = new Date(Date.UTC(2026, 10, 21, 12, minute));
      await tellBooking(cy);
    }
    const page = await list(cy);
    expect(page.notifications).toHaveLength(20);
    expect(page.notifications[0]!.createdAt).toBe('2026-11-21T12:21:00.000Z');
    expect(page.hasMore).toBe(true);
    const rest = await list(cy, page.notifications.at(-1)!.createdAt);
    expect(rest.notifications.map((each) => each.createdAt)).toEqual([
      '2026-11-21T12:01:00.000Z',
      '2026-11-21T12:00:00.000Z',
    ]);
    expect(rest.hasMore).toBe(false);
  });

  it('refuses a malformed `before`', async () => {
    const response = await as(t.app, await person(t.app, 'Di Query')).get(
      `${NOTIFICATIONS}?before=yesterday`,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('read marks', () => {
  it('are the owner’s alone: nobody reads or marks another person’s notifications', async () => {
    const ada = await person(t.app, 'Ada Reads');
    const eve = await person(t.app, 'Eve Snoops');
    await tellBooking(ada);
    await tellBooking(ada);
    await tellBooking(eve);
    const [newest, older] = (await list(ada)).notifications as [AppNotification, AppNotification];

    // Eve sees only her own, and Ada's ids are unknown to her.
    expect((await list(eve)).notifications).toHaveLength(1);
    const stolen = await as(t.app, eve).post(`${NOTIFICATIONS}/${newest.id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'notification_not_found' });
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const unknown = await as(t.app, eve).post(`${NOTIFICATIONS}/${id}/read`);
      expect(unknown.statusCode).toBe(404);
    }
    const markAll = await as(t.app, eve).post(`${NOTIFICATIONS}/read_all`);
    expect(markAll.json()).toEqual({ unread: 0 });
    expect((await list(ada)).unread).toBe(2);

    // Signed out: nothing at all.
    expect((await as(t.app, null).get(NOTIFICATIONS)).statusCode).toBe(401);
    expect((await as(t.app, null).post(`${NOTIFICATIONS}/${newest.id}/read`)).statusCode).toBe(401);

    clock = new Date('2026-11-22T09:00:00Z');
    const read = await as(t.app, ada).post(`${NOTIFICATIONS}/${newest.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: 1 });
    // Reading again keeps the first moment.
    clock = new Date('2026-11-22T10:00:00Z');
    expect((await as(t.app, ada).post(`${NOTIFICATIONS}/${newest.id}/read`)).json()).toEqual({
      unread: 1,
    });
    const after = await list(ada);
    expect(after.notifications.find((each) => each.id === newest.id)!.readAt).toBe(
      '2026-11-22T09:00:00.000Z',
    );
    expect(after.notifications.find((each) => each.id === older.id)!.readAt).toBeNull();

    expect((await as(t.app, ada).post(`${NOTIFICATIONS}/read_all`)).json()).toEqual({ unread: 0 });
    expect((await list(ada)).notifications.every((each) => each.readAt !== null)).toBe(true);
    expect((await list(eve)).unread).toBe(0);
  });
});

describe('price alerts in the centre', () => {
  it('follow the “Price drop alerts” switch; bookings are always told', async () => {
    const flo = await person(t.app, 'Flo Alerts');
    // Off by default (part 1 §3).
    expect(
      await t.app.notifications.notify(flo.id, 'price_drop', drop('w-1'), { key: 'w-1:a' }),
    ).toBe(false);
    expect(await tellBooking(flo)).toBe(true);
    await saveSettings(flo, { notifications: { priceDropAlerts: true } });
    expect(
      await t.app.notifications.notify(flo.id, 'price_drop', drop('w-1'), { key: 'w-1:a' }),
    ).toBe(true);
    expect((await list(flo)).notifications.map((each) => each.kind).sort()).toEqual([
      'booking_confirmed',
      'price_drop',
    ]);
  });

  it('are mailed under their email switch when asked, in the person’s words', async () => {
    const gus = await verifiedPerson(t, 'Gus Mailed');
    await saveSettings(gus, { notifications: { priceDropAlerts: true } });
    expect(
      await t.app.notifications.notify(gus.id, 'price_drop', drop('w-2', 1099), {
        key: 'w-2:a',
        mail: 'priceDropAlerts',
      }),
    ).toBe(true);
    const mails = (await t.outbox()).filter((mail) => mail.to === gus.email);
    const alert = mails.find((mail) => mail.subject === 'Price drop: Paris, France');
    expect(alert, mails.map((mail) => mail.subject).join(', ')).toBeDefined();
    expect(alert!.raw).toContain('Now $1,099.00, at or below your target of $1,200.00.');

    // The email switch off: in the centre, not mailed.
    await saveSettings(gus, { notifications: { emailNotifications: false } });
    expect(
      await t.app.notifications.notify(gus.id, 'price_drop', drop('w-3'), {
        key: 'w-3:a',
        mail: 'priceDropAlerts',
      }),
    ).toBe(true);
    const after = (await t.outbox()).filter((mail) => mail.to === gus.email);
    expect(after).toHaveLength(mails.length);
  });

  it('refuse data that is not the kind’s', async () => {
    const hal = await person(t.app, 'Hal Strict');
    await expect(
      t.app.notifications.notify(hal.id, 'booking_confirmed', { bookingId: 'x' } as never, {
        key: 'x',
      }),
    ).rejects.toThrow();
    expect((await list(hal)).notifications).toEqual([]);
  });

  it('are not kept for a person who no longer exists', async () => {
    expect(
      await t.app.notifications.notify(
        '00000000-0000-4000-8000-000000000000',
        'booking_confirmed',
        confirmed('gone'),
        { key: 'gone' },
      ),
    ).toBe(false);
  });
});

// ---------- Live ----------

/** Another tab of `who`: a live connection as apps/web opens it. */
async function otherTab(who: Person): Promise<Socket> {
  const socket = connect(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token: who.accessToken },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** `socket` hears exactly `topics` while `change` runs (a settings change marks the end). */
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
    const marker = await as(t.app, listener).put(SETTINGS, {});
    expect(marker.statusCode).toBe(200);
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(topics.length + 1);
    expect(received).toEqual([...topics, 'settings']);
  } finally {
    socket.off('changed', record);
  }
}

describe('live', () => {
  it('a new notification and read marks reach the person’s open tabs, nobody else’s', async () => {
    const ida = await person(t.app, 'Ida Live');
    const jon = await person(t.app, 'Jon Elsewhere');
    const idasTab = await otherTab(ida);
    const jonsTab = await otherTab(jon);
    await expectToHear(idasTab, ida, () => tellBooking(ida), ['notifications']);
    await expectToHear(jonsTab, jon, () => tellBooking(ida), []);
    // Told again under the same key: nothing new, no event.
    const key = newKey('booking');
    await expectToHear(idasTab, ida, () => tellBooking(ida, key), ['notifications']);
    await expectToHear(idasTab, ida, () => tellBooking(ida, key), []);
    await expectToHear(idasTab, ida, () => as(t.app, ida).post(`${NOTIFICATIONS}/read_all`), [
      'notifications',
    ]);
  });
});

// ---------- Web Push ----------

/**
 * Runs the queued pushes and waits until `endpoint` has `count` (on a shared PostgreSQL database
 * another test file's polling app may be the one that sends them).
 */
async function pushed(endpoint: string, count: number, app = t.app) {
  await app.notifications.deliverPushes();
  await expect.poll(() => push.received(endpoint).length).toBe(count);
  return push.received(endpoint);
}

async function publicKey(who: Person): Promise<string> {
  const response = await as(t.app, who).get(`${NOTIFICATIONS}/push/config`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { publicKey: string }).publicKey;
}

/** The browser subscribes with the app's key and hands the subscription to the app. */
async function subscribeBrowser(who: Person): Promise<BrowserSubscription> {
  const subscription = push.subscribe(await publicKey(who));
  const response = await as(t.app, who).post(`${NOTIFICATIONS}/push/subscriptions`, subscription);
  expect(response.statusCode, response.body).toBe(204);
  return subscription;
}

const unsubscribe = (who: Person, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `${NOTIFICATIONS}/push/subscriptions`,
    headers: { authorization: `Bearer ${who.accessToken}` },
    payload: { endpoint },
  });

async function subscriptionCount(endpoint: string): Promise<number> {
  const result = (await t.app.db.execute(
    sql`select count(*)::int as count from push_subscriptions where endpoint = ${endpoint}`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count;
}

describe('Web Push', () => {
  it('sends each new notification to the person’s browsers, encrypted and VAPID-signed', async () => {
    const kay = await person(t.app, 'Kay Pushed');
    const phone = await subscribeBrowser(kay);
    const laptop = await subscribeBrowser(kay);
    await saveSettings(kay, { notifications: { priceDropAlerts: true } });
    await t.app.notifications.notify(kay.id, 'price_drop', drop('w-kay', 1180), { key: 'w-kay:1' });
    await pushed(phone.endpoint, 1);
    await pushed(laptop.endpoint, 1);

    for (const browser of [phone, laptop]) {
      const [message, ...more] = push.received(browser.endpoint);
      expect(more).toEqual([]);
      expect(message!.payload).toEqual({
        title: 'Price drop: Paris, France',
        body: 'Now $1,180.00, at or below your target of $1,200.00.',
        url: `${APP_URL}/watches`,
        tag: 'watch:w-kay',
      });
      expect(message!.claims.aud).toBe(push.origin);
      expect(message!.claims.sub).toBe('mailto:no-reply@vowa.local');
      expect(message!.ttl).toBeGreaterThan(0);
      expect(message!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
    expect(push.refused.filter((each) => each.endpoint === phone.endpoint)).toEqual([]);

    // Sent once: running the jobs again sends nothing more.
    await t.app.notifications.deliverPushes();
    expect(push.received(phone.endpoint)).toHaveLength(1);
  });

  it('speaks the person’s language', async () => {
    const lea = await person(t.app, 'Léa Poussée');
    await saveSettings(lea, { account: { language: 'fr' } });
    const browser = await subscribeBrowser(lea);
    await tellBooking(lea, 'b-lea');
    expect((await pushed(browser.endpoint, 1)).map((each) => each.payload)).toEqual([
      {
        title: 'Réservé automatiquement : Paris, France',
        body: `${new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(2450.5)} payés. Référence VW-TEST01.`,
        url: `${APP_URL}/trips`,
        tag: 'booking:b-lea',
      },
    ]);
  });

  it('sends nothing while “Push notifications” is off, even for what was queued before', async () => {
    const max = await person(t.app, 'Max Quiet');
    const browser = await subscribeBrowser(max);
    await saveSettings(max, { notifications: { pushNotifications: false } });
    await tellBooking(max);
    await t.app.notifications.deliverPushes();
    expect(push.received(browser.endpoint)).toEqual([]);

    // Queued while on, switched off before it went: not sent.
    await saveSettings(max, { notifications: { pushNotifications: true } });
    await tellBooking(max);
    await saveSettings(max, { notifications: { pushNotifications: false } });
    await t.app.notifications.deliverPushes();
    expect(push.received(browser.endpoint)).toEqual([]);
    // The centre has both all the same.
    expect((await list(max)).notifications).toHaveLength(2);
  });

  it('forgets a subscription the push service says is gone (410), and keeps the others', async () => {
    const ned = await person(t.app, 'Ned Unsubscribed');
    const old = await subscribeBrowser(ned);
    const current = await subscribeBrowser(ned);
    push.unsubscribe(old.endpoint);
    await tellBooking(ned);
    await pushed(current.endpoint, 1);
    await expect.poll(() => subscriptionCount(old.endpoint)).toBe(0);
    expect(await subscriptionCount(current.endpoint)).toBe(1);

    const before = push.requests();
    await tellBooking(ned);
    await pushed(current.endpoint, 2);
    // Only the live subscription was asked.
    expect(push.requests()).toBe(before + 1);
  });

  it('tries again later when the push service is unavailable', async () => {
    const ola = await person(t.app, 'Ola Retried');
    const browser = await subscribeBrowser(ola);
    push.answer(browser.endpoint, 503);
    await tellBooking(ola);
    await t.app.notifications.deliverPushes();
    expect(push.received(browser.endpoint)).toEqual([]);
    expect(await subscriptionCount(browser.endpoint)).toBe(1);

    push.answer(browser.endpoint, 201);
    clock = new Date(clock.getTime() + 10 * 60_000);
    await pushed(browser.endpoint, 1);
  });

  it('takes only subscriptions a browser could have made, and lets only the owner remove one', async () => {
    const pia = await person(t.app, 'Pia Careful');
    const quinn = await person(t.app, 'Quinn Other');
    const valid = push.subscribe(await publicKey(pia));
    const bad = [
      { ...valid, keys: { ...valid.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { ...valid, keys: { ...valid.keys, p256dh: 'short' } },
      { ...valid, keys: { ...valid.keys, auth: 'c2hvcnQ' } },
    ];
    for (const subscription of bad) {
      const response = await as(t.app, pia).post(
        `${NOTIFICATIONS}/push/subscriptions`,
        subscription,
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ code: 'push_subscription_invalid' });
    }
    const ftp = await as(t.app, pia).post(`${NOTIFICATIONS}/push/subscriptions`, {
      ...valid,
      endpoint: 'ftp://push.example/x',
    });
    expect(ftp.statusCode).toBe(422);

    expect(
      (await as(t.app, pia).post(`${NOTIFICATIONS}/push/subscriptions`, valid)).statusCode,
    ).toBe(204);
    // Quinn cannot remove Pia's browser.
    expect((await unsubscribe(quinn, valid.endpoint)).statusCode).toBe(204);
    expect(await subscriptionCount(valid.endpoint)).toBe(1);
    expect((await unsubscribe(pia, valid.endpoint)).statusCode).toBe(204);
    expect(await subscriptionCount(valid.endpoint)).toBe(0);
    await tellBooking(pia);
    await t.app.notifications.deliverPushes();
    expect(push.received(valid.endpoint)).toEqual([]);
  });

  it('in production, goes only to the browsers’ push services, over https', () => {
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ];
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://evil-fcm.googleapis.com.example/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'not a url',
    ];
    for (const endpoint of accepted) expect(acceptsPushEndpoint(endpoint, false)).toBe(true);
    for (const endpoint of refused) expect(acceptsPushEndpoint(endpoint, false)).toBe(false);
    // Outside production (tests, development): a local push service too.
    expect(acceptsPushEndpoint(`${push.origin}/push/x`, true)).toBe(true);
    expect(acceptsPushEndpoint('ftp://push.example/x', true)).toBe(false);
  });

  it('moves a browser to whoever subscribes it last (signed out, someone else signed in)', async () => {
    const ray = await person(t.app, 'Ray First');
    const sam = await person(t.app, 'Sam Second');
    const browser = await subscribeBrowser(ray);
    const response = await as(t.app, sam).post(`${NOTIFICATIONS}/push/subscriptions`, browser);
    expect(response.statusCode).toBe(204);
    await tellBooking(ray);
    await tellBooking(sam, 'b-sam');
    expect(
      (await pushed(browser.endpoint, 1)).map((each) => (each.payload as { tag: string }).tag),
    ).toEqual(['booking:b-sam']);
  });
});

describe('the VAPID key pair', () => {
  it('is generated once, the private key sealed, and every loader gets the same pair', async () => {
    const who = await person(t.app, 'Uma Keys');
    const key = await publicKey(who);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = (await t.app.db.execute(
      sql`select value from server_keys where name = 'vapid'`,
    )) as unknown as { rows: { value: string }[] };
    const value = JSON.parse(stored.rows[0]!.value) as {
      publicKey: string;
      privateKey: string;
    };
    expect(value.publicKey).toBe(key);
    expect(value.privateKey).toMatch(/^v1\./);

    // Two instances starting at once on an empty table: one insert wins, both use its pair.
    const repository = createNotificationCentreRepository(t.app.db);
    await t.app.db.execute(sql`delete from server_keys where name = 'vapid-race'`);
    const raced = {
      serverKey: (name: string) => repository.serverKey(name === 'vapid' ? 'vapid-race' : name),
      serverKeyOnce: (name: string, value_: string, at: Date) =>
        repository.serverKeyOnce(name === 'vapid' ? 'vapid-race' : name, value_, at),
    };
    const sealer = createTokenSealer('test-encryption-key-that-is-long-enough-for-hkdf');
    const loaders = [1, 2, 3].map(() =>
      createVapidKeys({
        configured: undefined,
        subject: 'mailto:a@b.c',
        repository: raced,
        sealer,
        now: () => clock,
      }),
    );
    const pairs = await Promise.all(loaders.map((load) => load()));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.privateKey)).size).toBe(1);
    // A pair that signs what its public key verifies.
    const headers = webpush.getVapidHeaders(
      'https://push.example',
      'mailto:a@b.c',
      pairs[0]!.publicKey,
      pairs[0]!.privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toContain(`k=${pairs[0]!.publicKey}`);
  });

  it('comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when they are set', async () => {
    const pair = webpush.generateVAPIDKeys();
    const configured = await createTestApp({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://vowa.example/contact',
    });
    try {
      const who = await person(configured.app, 'Vic Configured');
      const response = await as(configured.app, who).get(`${NOTIFICATIONS}/push/config`);
      expect(response.json()).toEqual({ publicKey: pair.publicKey });
      const browser = push.subscribe(pair.publicKey);
      await as(configured.app, who).post(`${NOTIFICATIONS}/push/subscriptions`, browser);
      await configured.app.notifications.notify(who.id, 'booking_confirmed', confirmed('b-vic'), {
        key: 'b-vic',
      });
      expect(
        (await pushed(browser.endpoint, 1, configured.app)).map((each) => each.claims.sub),
      ).toEqual(['https://vowa.example/contact']);
    } finally {
      await configured.close();
    }
  });
});

// ---------- Bookings ----------

const BOOKINGS = '/api/travel/bookings';

async function card(who: Person) {
  const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
    name: 'Wes Traveller',
    save: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentMethodId: string }).paymentMethodId;
}

async function bookParis(who: Person): Promise<Booking> {
  const api = as(t.app, who);
  const today = clock.toISOString().slice(0, 10);
  const flights = await api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate: addDays(today, 30),
    adults: 1,
  });
  const hotels = await api.post('/api/travel/search', {
    type: 'hotels',
    city: 'Paris',
    checkIn: addDays(today, 31),
    checkOut: addDays(today, 34),
    adults: 1,
  });
  const items = [
    {
      kind: 'flight',
      quoteId: (flights.json() as { flights: Flight[] }).flights[0]!.quote.quoteId,
    },
    { kind: 'hotel', quoteId: (hotels.json() as { hotels: Hotel[] }).hotels[0]!.quote.quoteId },
  ];
  const quote = (
    await api.post(`${BOOKINGS}/quote`, { items, travelers: 1 })
  ).json() as BookingQuoteResponse;
  const response = await t.app.inject({
    method: 'POST',
    url: BOOKINGS,
    headers: { authorization: `Bearer ${who.accessToken}`, 'idempotency-key': newKey('book') },
    payload: {
      items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
      travelers: [{ givenName: 'Wes', familyName: 'Traveller' }],
      contact: { email: who.email },
      acceptedTotal: quote.total,
      paymentMethodId: await card(who),
      source: 'trip',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { booking: Booking }).booking;
}

/** A booking's money (minor units) as notifications carry it (major units). */
const major = (money: { amountMinor: number; currency: string }) => ({
  amount:
    money.amountMinor /
    10 **
      new Intl.NumberFormat('en', { style: 'currency', currency: money.currency }).resolvedOptions()
        .maximumFractionDigits!,
  currency: money.currency,
});

/**
 * A person's booking notifications (on a shared PostgreSQL database, another test file's deal
 * alerts may reach a verified person of this one too).
 */
const bookingNews = async (who: Person) =>
  (await list(who)).notifications.filter((each) => each.kind.startsWith('booking_'));

describe('bookings in the centre', () => {
  it('a confirmed and a cancelled booking are told once each, whatever the email switches say', async () => {
    clock = new Date('2026-11-21T10:00:00Z');
    const wes = await verifiedPerson(t, 'Wes Booker');
    await saveSettings(wes, { notifications: { emailNotifications: false } });
    const booking = await bookParis(wes);
    await t.app.jobs.runDue({ names: ['bookings.mail'] });
    await expect.poll(async () => (await bookingNews(wes)).length).toBe(1);
    const [told] = await bookingNews(wes);
    expect(told).toMatchObject({
      kind: 'booking_confirmed',
      data: {
        bookingId: booking.id,
        reference: booking.reference,
        destination: booking.destination,
        total: major(booking.total),
        automatic: false,
      },
    });

    clock = new Date('2026-11-21T10:30:00Z');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${BOOKINGS}/${booking.id}/cancel`,
      headers: { authorization: `Bearer ${wes.accessToken}`, 'idempotency-key': newKey('cancel') },
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.jobs.runDue({ names: ['bookings.mail'] });
    await expect.poll(async () => (await bookingNews(wes)).length).toBe(2);
    const notifications = await bookingNews(wes);
    expect(notifications.map((each) => each.kind)).toEqual([
      'booking_cancelled',
      'booking_confirmed',
    ]);
    expect(notifications[0]).toMatchObject({
      data: { bookingId: booking.id, refund: major(booking.total) },
    });
  });
});

// ---------- Several instances ----------

const onPostgres = Boolean(process.env.DATABASE_URL) && process.env.DATABASE_URL !== 'memory://';

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  it('generate one VAPID pair between them: a browser subscribed through one is pushed by the other', async () => {
    await t.app.db.execute(sql`delete from server_keys where name = 'vapid'`);
    const [one, two] = await Promise.all([createTestApp(), createTestApp()]);
    try {
      const [xia, yan] = await Promise.all([
        person(one!.app, 'Xia Instance One'),
        person(two!.app, 'Yan Instance Two'),
      ]);
      const [keyOne, keyTwo] = await Promise.all([
        as(one!.app, xia).get(`${NOTIFICATIONS}/push/config`),
        as(two!.app, yan).get(`${NOTIFICATIONS}/push/config`),
      ]);
      expect(keyOne.json()).toEqual(keyTwo.json());
      const browser = push.subscribe((keyOne.json() as { publicKey: string }).publicKey);
      const saved = await as(one!.app, xia).post(`${NOTIFICATIONS}/push/subscriptions`, browser);
      expect(saved.statusCode, saved.body).toBe(204);
      await two!.app.notifications.notify(xia.id, 'booking_confirmed', confirmed('b-xia'), {
        key: 'b-xia',
      });
      await pushed(browser.endpoint, 1, two!.app);
      expect(push.refused.filter((each) => each.endpoint === browser.endpoint)).toEqual([]);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });
});
