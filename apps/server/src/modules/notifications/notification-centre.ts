import { createECDH } from 'node:crypto';
import {
  NOTIFICATION_PAGE_SIZE,
  notificationDataSchemas,
  notificationKindNames,
  type AppNotification,
  type NotificationData,
  type NotificationKindName,
  type NotificationListResponse,
  type PushPayload,
  type PushSubscriptionRequest,
} from '@vowa/shared/notifications/notification-schemas';
import { languages, type Language } from '@vowa/shared/settings/settings-constants';
import type { UserSettings } from '@vowa/shared/settings/settings-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../jobs/jobs-module';
import type { LiveUpdates } from '../realtime/realtime-module';
import type {
  NotificationCentreRepository,
  StoredNotification,
} from './notification-centre-repository';
import type { NotificationKind } from './notification-kinds';
import type { NotificationContent } from './notification-mail';
import type { NotificationService, Recipient } from './notification-service';
import { notificationTexts } from './notification-texts';
import type { PushSender } from './push-sender';
import { notificationPath, notificationTag, pushWording } from './push-texts';

export const PUSH_JOB = 'notifications.push';
/** The centre keeps half a year of history. */
export const NOTIFICATION_RETENTION_DAYS = 180;

/** Alerts about prices reach the person only while "Price drop alerts" is on, in the app too. */
const PRICE_ALERTS = new Set<NotificationKindName>(['price_drop', 'trip_fits_budget']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notificationCentreMessages = {
  notFound: 'This notification was not found.',
  subscriptionInvalid: 'This push subscription cannot be used.',
  pushUnavailable: 'Push notifications are not available right now.',
};

export type NotifyOptions = {
  /** Dedupes per person: the same key again is a no-op (false). */
  key: string;
  /** Also mail it under this email switch (the mail service checks the switches). */
  mail?: NotificationKind;
  /** The mail's words, when the short default (the push's title and body) is not enough. */
  mailContent?: NotificationContent | ((recipient: Recipient) => NotificationContent);
};

type Dependencies = {
  repository: NotificationCentreRepository;
  settings: { settings: (userId: string) => Promise<UserSettings> };
  mail: Pick<NotificationService, 'send'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  push: PushSender;
  vapidPublicKey: () => Promise<string>;
  live?: Pick<LiveUpdates, 'tell'>;
  /** Any push service, http too (a local one in tests and development); else the browsers'. */
  anyPushService: boolean;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
};

const languageOf = (settings: UserSettings): Language =>
  (languages as readonly string[]).includes(settings.account.language)
    ? settings.account.language
    : 'en';

const isKind = (kind: string): kind is NotificationKindName =>
  (notificationKindNames as string[]).includes(kind);

/** A stored row as the API shows it; null when its data no longer reads as its kind. */
function viewOf(row: StoredNotification): AppNotification | null {
  if (!isKind(row.kind)) return null;
  const data = notificationDataSchemas[row.kind].safeParse(row.data);
  if (!data.success) return null;
  return {
    id: row.id,
    kind: row.kind,
    data: data.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  } as AppNotification;
}

/**
 * The browsers' push services (Chrome and most others: FCM; Firefox: Mozilla's autopush;
 * Safari: Apple; Edge: Windows). In production a subscription must point at one of them over
 * https, so nobody makes the server post to an address of their choosing.
 */
export const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Whether the server may send pushes to `endpoint` (`anyHost`: tests' local push service). */
export function acceptsPushEndpoint(endpoint: string, anyHost: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (anyHost) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))
  );
}

/** A P-256 public key a browser made (65 bytes, uncompressed, on the curve). */
function isBrowserKey(p256dh: string): boolean {
  const key = Buffer.from(p256dh, 'base64url');
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.alloc(32, 1));
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The in-app notification centre (issue 16 §3) and its Web Push: `notify` keeps what happened
 * (a kind and its facts), tells the person's open tabs, queues a push to their browsers when
 * "Push notifications" is on, and mails when asked (under the email switches).
 */
export function createNotificationCentre(deps: Dependencies) {
  const { repository } = deps;

  function pushPayload(row: StoredNotification, language: Language): PushPayload | null {
    const view = viewOf(row);
    if (!view) return null;
    const { title, body } = pushWording(language, view.kind, view.data);
    return {
      title,
      body,
      url: `${deps.appUrl}${notificationPath(view.kind)}`,
      tag: notificationTag(view.kind, view.data),
    };
  }

  function defaultMail<K extends NotificationKindName>(kind: K, data: NotificationData<K>) {
    return (recipient: Recipient): NotificationContent => {
      const { title, body } = pushWording(recipient.language, kind, data);
      return {
        subject: title,
        intro: body,
        sections: [],
        action: {
          label: notificationTexts[recipient.language].digest.action,
          url: `${deps.appUrl}${notificationPath(kind)}`,
        },
      };
    };
  }

  return {
    /**
     * Tells a person something happened; false when it was already told (same key) or the
     * person does not want it (price alerts switched off) or no longer exists.
     */
    async notify<K extends NotificationKindName>(
      userId: string,
      kind: K,
      data: NotificationData<K>,
      options: NotifyOptions,
    ): Promise<boolean> {
      // A caller's mistake must not store what the list could not show.
      const checked = notificationDataSchemas[kind].parse(data) as NotificationData<K>;
      const settings = await deps.settings.settings(userId);
      if (PRICE_ALERTS.has(kind) && !settings.notifications.priceDropAlerts) return false;
      const row = await repository.insert({
        userId,
        kind,
        data: checked,
        dedupeKey: options.key,
        at: deps.now(),
      });
      if (!row) return false;
      deps.live?.tell([userId], 'notifications');
      if (settings.notifications.pushNotifications && (await repository.hasSubscriptions(userId))) {
        // No job key: only the one insert gets here, and unkeyed runs are pruned once done.
        await deps.jobs.enqueue(PUSH_JOB, { notificationId: row.id });
      }
      if (options.mail) {
        try {
          await deps.mail.send(
            userId,
            options.mail,
            options.mailContent ?? defaultMail(kind, checked),
            { key: `notification:${options.key}` },
          );
        } catch (error) {
          // The notification is there; a mail that could not be queued is not worth a retry.
          deps.log.warn({ err: error, userId, kind }, 'could not mail a notification');
        }
      }
      return true;
    },

    async list(userId: string, before: string | undefined): Promise<NotificationListResponse> {
      const [page, unread] = await Promise.all([
        repository.page(userId, before ? new Date(before) : null, NOTIFICATION_PAGE_SIZE),
        repository.unreadCount(userId),
      ]);
      return {
        notifications: page.rows.flatMap((row) => viewOf(row) ?? []),
        unread,
        hasMore: page.hasMore,
      };
    },

    /** Marks one of the person's notifications read (another person's is a 404). */
    async markRead(userId: string, id: string) {
      const found = UUID.test(id) && (await repository.markRead(userId, id, deps.now()));
      if (!found) throw new AppError('notification_not_found', notificationCentreMessages.notFound);
      return { unread: await repository.unreadCount(userId) };
    },

    async markAllRead(userId: string) {
      await repository.markAllRead(userId, deps.now());
      return { unread: 0 };
    },

    /** Forgets notifications past their retention (the daily prune job). */
    async prune(at: Date) {
      await repository.prune(new Date(at.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000));
    },

    async pushConfig() {
      try {
        return { publicKey: await deps.vapidPublicKey() };
      } catch (error) {
        // The stored pair cannot be opened (another ENCRYPTION_KEY): say so, never a 500.
        deps.log.error({ err: error }, 'the VAPID keys could not be read');
        throw new AppError('service_unavailable', notificationCentreMessages.pushUnavailable);
      }
    },

    async subscribe(userId: string, subscription: PushSubscriptionRequest) {
      const usable =
        acceptsPushEndpoint(subscription.endpoint, deps.anyPushService) &&
        isBrowserKey(subscription.keys.p256dh) &&
        Buffer.from(subscription.keys.auth, 'base64url').length === 16;
      if (!usable) {
        throw new AppError(
          'push_subscription_invalid',
          notificationCentreMessages.subscriptionInvalid,
        );
      }
      await repository.saveSubscription({
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        at: deps.now(),
      });
    },

    async unsubscribe(userId: string, endpoint: string) {
      await repository.deleteSubscription(userId, endpoint);
    },

    /**
     * The push job: sends a notification to each of the person's browsers while "Push
     * notifications" is on (read now, as late as possible). A subscription the push service no
     * longer knows is forgotten; a busy push service makes the job try again.
     */
    async deliverPush(notificationId: string) {
      const row = await repository.find(notificationId);
      if (!row) return 'gone';
      const settings = await deps.settings.settings(row.userId);
      if (!settings.notifications.pushNotifications) return 'switched_off';
      const subscriptions = await repository.subscriptionsOf(row.userId);
      const payload = pushPayload(row, languageOf(settings));
      if (subscriptions.length === 0 || !payload) return 'nothing';
      const outcomes = await Promise.all(
        subscriptions.map(async (subscription) => ({
          id: subscription.id,
          outcome: await deps.push.send(subscription, payload),
        })),
      );
      const having = (outcome: string) =>
        outcomes.filter((each) => each.outcome === outcome).map((each) => each.id);
      await repository.forgetSubscriptions(having('gone'));
      await repository.markDelivered(having('sent'), deps.now());
      const retry = having('retry').length;
      if (retry > 0) throw new Error(`push service unavailable for ${retry} subscription(s)`);
      return 'sent';
    },
  };
}

export type NotificationCentre = ReturnType<typeof createNotificationCentre>;
