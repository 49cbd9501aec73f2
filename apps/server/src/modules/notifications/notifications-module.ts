import type { FastifyInstance } from 'fastify';
import { createTokenSealer } from '../../lib/token-sealer';
import type { JobQueue } from '../jobs/jobs-module';
import { announceChanges, type LiveUpdates } from '../realtime/realtime-module';
import { createNotificationCentre, PUSH_JOB, type NotificationCentre } from './notification-centre';
import { createNotificationCentreRepository } from './notification-centre-repository';
import { notificationCentreRoutes } from './notification-centre-routes';
import { createNotificationRepository } from './notification-repository';
import { createNotificationService, type NotificationService } from './notification-service';
import { createPushSender } from './push-sender';
import { createVapidKeys, vapidSubjectFrom } from './vapid-keys';

export type { NotificationContent } from './notification-mail';
export type { Recipient } from './notification-service';
export type { NotifyOptions } from './notification-centre';

export type Notifications = {
  /** Sends a notification if the user's switches allow it (see NotificationService.send). */
  send: NotificationService['send'];
  /**
   * Tells a person something happened (issue 16 §3): kept in their notification centre, told to
   * their open tabs (topic `notifications`), pushed to their browsers while "Push notifications"
   * is on, and mailed under `mail`'s switch when given. Once per `key`: false when already told,
   * or when a price alert finds "Price drop alerts" off.
   */
  notify: NotificationCentre['notify'];
  /** Sends the queued pushes now (tests; the job queue does it by itself when it polls). */
  deliverPushes: () => Promise<void>;
  /**
   * Runs the scheduled notification jobs once, now, through the job queue (what each period
   * does): tests call it with their clock.
   */
  tick: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/**
 * The notification emails, and their scheduled jobs on the job queue: deal alerts and the
 * weekly digest and the pruning of old deliveries every `intervalMs` (0: never scheduled). A run
 * at a period is claimed once across instances; the jobs themselves claim each delivery once.
 */
export async function registerNotificationsModule(
  app: FastifyInstance,
  deps: Omit<
    Parameters<typeof createNotificationService>[0],
    'repository' | 'log' | 'appUrl' | 'now' | 'inApp'
  > & {
    jobs: JobQueue;
    intervalMs: number;
    /** Tells the person's open tabs when a notification arrives. */
    live?: LiveUpdates;
    /** Seals the generated VAPID private key at rest. */
    encryptionKey: string;
    now?: () => Date;
  },
): Promise<Notifications> {
  const now = deps.now ?? (() => new Date());
  const { config } = app;
  const centreRepository = createNotificationCentreRepository(app.db);
  const vapidKeys = createVapidKeys({
    configured: config.vapid,
    subject: config.vapidSubject ?? vapidSubjectFrom(config.mailFrom),
    repository: centreRepository,
    sealer: createTokenSealer(deps.encryptionKey),
    now,
  });
  // The service mails; the centre mails through it, and the deal alerts notify through the centre.
  const centre: NotificationCentre = createNotificationCentre({
    repository: centreRepository,
    settings: deps.settings,
    mail: { send: (...args) => service.send(...args) },
    jobs: deps.jobs,
    push: createPushSender({ keys: vapidKeys, log: app.log }),
    vapidPublicKey: async () => (await vapidKeys()).publicKey,
    live: deps.live,
    anyPushService: config.env !== 'production',
    appUrl: config.appUrl,
    log: app.log,
    now,
  });
  const service = createNotificationService({
    ...deps,
    now,
    repository: createNotificationRepository(app.db),
    inApp: centre,
    appUrl: config.appUrl,
    log: app.log,
  });
  deps.jobs.work<{ notificationId: string }>(
    PUSH_JOB,
    async (payload) => centre.deliverPush(payload.notificationId),
    { retries: 4, backoffMs: 30_000 },
  );
  const names = service.jobs.map((job) => job.name);
  for (const job of service.jobs) {
    // A run given a moment (`tick`) judges by it; a scheduled run by when it was claimed.
    deps.jobs.work<{ at?: string }>(
      job.name,
      (payload, context) =>
        job.run(payload.at ? new Date(payload.at) : context.now, context.signal),
      { retries: 2, backoffMs: 60_000 },
    );
  }
  if (deps.intervalMs > 0) {
    for (const name of names) deps.jobs.schedule(name, { everyMs: deps.intervalMs });
  }

  const notifications: Notifications = {
    send: service.send,
    notify: centre.notify,
    async deliverPushes() {
      await deps.jobs.runDue({ names: [PUSH_JOB] });
    },
    async tick() {
      const at = now().toISOString();
      for (const name of names) await deps.jobs.enqueue(name, { at });
      await deps.jobs.runDue({ names });
    },
  };
  app.decorate('notifications', notifications);
  await app.register(async (scope) => {
    // A read mark in one tab: the bell of the others reads again.
    if (deps.live) announceChanges(scope, deps.live, 'notifications');
    await scope.register(notificationCentreRoutes, { prefix: '/api/notifications', centre });
  });
  return notifications;
}
