import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import {
  installPushFakes,
  removePushFakes,
  vapidKeyBytes,
  vapidPublicKey,
} from '../test/push-fakes';
import {
  applicationServerKey,
  forgetPushInThisBrowser,
  keepPushSubscribed,
  PUSH_WORKER_URL,
  readPushState,
  turnOffPush,
  turnOnPush,
} from './web-push';

function servePush() {
  return mockFetch(({ path }) =>
    path === '/notifications/push/config'
      ? jsonResponse(200, { publicKey: vapidPublicKey })
      : jsonResponse(204),
  );
}

afterEach(() => {
  removePushFakes();
  vi.unstubAllGlobals();
});

describe('Web Push in this browser', () => {
  it('decodes the URL-safe VAPID key into the bytes the push manager takes', () => {
    expect([...applicationServerKey(vapidPublicKey)]).toEqual([...vapidKeyBytes]);
  });

  it('is unsupported without service workers or the Push API', async () => {
    const { calls } = servePush();
    expect(await readPushState()).toBe('unsupported');
    expect(await turnOnPush()).toBe('unsupported');
    expect(calls).toEqual([]);
  });

  it('asks, registers the worker, subscribes with the server key and hands the subscription over', async () => {
    const { calls } = servePush();
    const fakes = installPushFakes();
    expect(await readPushState()).toBe('off');

    expect(await turnOnPush()).toBe('on');
    expect(fakes.notification.requestPermission).toHaveBeenCalledOnce();
    expect(fakes.serviceWorker.register).toHaveBeenCalledWith(PUSH_WORKER_URL, { scope: '/' });
    const options = fakes.pushManager.subscribe.mock.calls[0]![0];
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect([...options.applicationServerKey]).toEqual([...vapidKeyBytes]);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/notifications/push/subscriptions',
      body: {
        endpoint: 'https://push.example/new',
        keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
      },
    });
    expect(await readPushState()).toBe('on');
  });

  it('stops at a refusal: nothing is subscribed or sent', async () => {
    const { calls } = servePush();
    const fakes = installPushFakes({ answer: 'denied' });
    expect(await turnOnPush()).toBe('blocked');
    expect(fakes.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(await readPushState()).toBe('blocked');
  });

  it('replaces a subscription made with a key the server no longer uses', async () => {
    servePush();
    const fakes = installPushFakes({
      permission: 'granted',
      subscribedWith: Uint8Array.from({ length: 65 }, () => 1),
    });
    expect(await turnOnPush()).toBe('on');
    expect(fakes.previous?.unsubscribe).toHaveBeenCalledOnce();
    expect(fakes.current()?.endpoint).toBe('https://push.example/new');
  });

  it('keeps a subscription made with the same key', async () => {
    servePush();
    const fakes = installPushFakes({ permission: 'granted', subscribedWith: vapidKeyBytes });
    expect(await turnOnPush()).toBe('on');
    expect(fakes.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fakes.previous?.unsubscribe).not.toHaveBeenCalled();
  });

  it('turning off tells the server and unsubscribes the browser', async () => {
    const { calls } = servePush();
    const fakes = installPushFakes({ permission: 'granted', subscribedWith: vapidKeyBytes });
    expect(await turnOffPush()).toBe('off');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/notifications/push/subscriptions',
        body: { endpoint: 'https://push.example/old' },
      }),
    ]);
    expect(fakes.previous?.unsubscribe).toHaveBeenCalledOnce();
    expect(await readPushState()).toBe('off');
  });
  it('keeps an allowed browser subscribed without asking, and never asks one not allowed yet', async () => {
    const { calls } = servePush();
    const allowed = installPushFakes({ permission: 'granted', subscribedWith: vapidKeyBytes });
    expect(await keepPushSubscribed()).toBe('on');
    // The server files the same subscription under whoever is signed in now.
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      endpoint: 'https://push.example/old',
    });
    removePushFakes();

    const notAsked = installPushFakes({ permission: 'default' });
    expect(await keepPushSubscribed()).toBe('off');
    expect(notAsked.notification.requestPermission).not.toHaveBeenCalled();
    expect(allowed.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('at sign-out, unsubscribes this browser without needing the server', async () => {
    const { calls } = servePush();
    const fakes = installPushFakes({ permission: 'granted', subscribedWith: vapidKeyBytes });
    await forgetPushInThisBrowser();
    expect(fakes.previous?.unsubscribe).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
    removePushFakes();
    vi.unstubAllGlobals();
    await expect(forgetPushInThisBrowser()).resolves.toBeUndefined();
  });
});
