import type { FastifyInstance } from 'fastify';
import { createJobRunner, type JobRunner } from './job-runner';
import { createNotificationRepository } from './notification-repository';
import { createNotificationService, type NotificationService } from './notification-service';

export type Notifications = {
  /** Sends a notification if the user's switches allow it (see NotificationService.send). */
  send: NotificationService['send'];
  /** Runs the scheduled notification jobs once, now (what the timer does every interval). */
  tick: JobRunner['tick'];
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/**
 * The notification emails and the background runner that sends the scheduled ones: it ticks
 * every `intervalMs` once the app is ready (0: this instance runs no jobs) and stops on close.
 */
export function registerNotifications(
  app: FastifyInstance,
  deps: Omit<Parameters<typeof createNotificationService>[0], 'repository' | 'log' | 'appUrl'> & {
    intervalMs: number;
  },
): Notifications {
  const service = createNotificationService({
    ...deps,
    repository: createNotificationRepository(app.db),
    appUrl: app.config.appUrl,
    log: app.log,
  });
  const runner = createJobRunner({
    jobs: service.jobs,
    intervalMs: deps.intervalMs,
    now: deps.now,
    log: app.log,
  });
  const notifications: Notifications = { send: service.send, tick: runner.tick };
  app.decorate('notifications', notifications);
  app.addHook('onReady', async () => runner.start());
  // Registered after the mail and database hooks, so it runs before them: a pass under way
  // finishes its current user and queues its mail before the queue drains and the database closes.
  app.addHook('onClose', async () => runner.stop());
  return notifications;
}
