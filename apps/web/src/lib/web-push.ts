import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pushConfigResponseSchema } from '@vowa/shared/notifications/notification-schemas';
import { apiRequest } from './api-client';
import { notificationKeys } from './notification-keys';
import { useSession } from './session-context';

/**
 * Web Push in this browser (issue 16 §3): the service worker `/push-worker.js` shows what the
 * server pushes. Push is a browser's own: the account's `pushNotifications` switch says whether
 * the server sends any, and each browser subscribes (asking the person's permission) or not.
 *
 * - `unsupported`: no service workers or Push API here (some browsers, private windows);
 * - `blocked`: the person (or the browser) refused notifications for this site;
 * - `off`: could be turned on (permission not asked yet, or no subscription);
 * - `on`: this browser is subscribed.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export const PUSH_WORKER_URL = '/push-worker.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands, without asking anything. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID public key (URL-safe base64) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The subscription as the server stores it (`pushSubscriptionRequestSchema`). */
function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Asks for permission (call it from the click that turns push on: browsers only ask during a
 * gesture), subscribes with the server's VAPID key and hands the subscription to the server.
 * An existing subscription made with another key (the server's keys changed) is replaced.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  return subscribeAllowedBrowser();
}

/** Subscribes a browser that allows Vowa's notifications and tells the server. */
async function subscribeAllowedBrowser(): Promise<PushState> {
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  const ready = await activeWorker();
  const { publicKey } = await apiRequest('/notifications/push/config', {
    schema: pushConfigResponseSchema,
  });
  const key = applicationServerKey(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await apiRequest('/notifications/push/subscriptions', {
    method: 'POST',
    body: subscriptionBody(subscription),
  });
  return 'on';
}

/** How long a newly registered worker may take to activate before setting up is given up. */
const WORKER_READY_MS = 10_000;

/** The active registration (a push subscription needs one); an error if it never comes. */
function activeWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('service worker not ready')), WORKER_READY_MS);
  });
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** Forgets this browser's subscription, on the server first (so nothing more is sent to it). */
export async function turnOffPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await currentSubscription();
  if (subscription) {
    await apiRequest('/notifications/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    });
    await subscription.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}

/**
 * At sign-out: this browser stops receiving the person's pushes (whoever signs in next on it
 * must not see them). Only the browser's side: the push service then refuses the endpoint and
 * the server forgets it on its next send. Never fails the sign-out.
 */
export async function forgetPushInThisBrowser(): Promise<void> {
  try {
    if (!pushSupported()) return;
    await (await currentSubscription())?.unsubscribe();
  } catch {
    // Nothing subscribed, or the browser refused: nothing more to do.
  }
}

/**
 * After sign-in or a reload: a browser the person already allowed is (re)subscribed for them
 * when their account wants pushes, without asking again; the server files the subscription
 * under whoever is signed in now.
 */
export async function keepPushSubscribed(): Promise<PushState> {
  if (!pushSupported() || Notification.permission !== 'granted') return readPushState();
  return subscribeAllowedBrowser();
}

/** This browser's push state, read once per screen and set by the switches that change it. */
export function usePushState() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.push(),
    queryFn: readPushState,
    enabled: Boolean(user),
    staleTime: Infinity,
  });
  const remember = useCallback(
    (state: PushState) => queryClient.setQueryData(notificationKeys.push(), state),
    [queryClient],
  );
  return { state: query.data, remember };
}
