import { vi } from 'vitest';

/** A VAPID public key as the server sends it: 65 bytes, URL-safe base64 without padding. */
export const vapidKeyBytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 7 + 4) % 256);
export const vapidPublicKey = btoa(String.fromCharCode(...vapidKeyBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

type FakeSubscription = {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
};

/**
 * The browser's side of Web Push, as jsdom has none: Notification permission (and what the
 * person answers when asked), a service worker registration and its push manager.
 */
export function installPushFakes({
  permission = 'default',
  answer = 'granted',
  subscribedWith,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  /** An existing subscription made with this key. */
  subscribedWith?: Uint8Array;
} = {}) {
  const makeSubscription = (key: ArrayBuffer | null, endpoint: string): FakeSubscription => ({
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  let current: FakeSubscription | null = subscribedWith
    ? makeSubscription(subscribedWith.slice().buffer, 'https://push.example/old')
    : null;
  const previous = current;
  let registered = Boolean(subscribedWith);
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      current = makeSubscription(
        options.applicationServerKey.slice().buffer,
        'https://push.example/new',
      );
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  const serviceWorker = {
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return {
    notification,
    pushManager,
    serviceWorker,
    previous,
    current: () => current,
  };
}

export function removePushFakes() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
